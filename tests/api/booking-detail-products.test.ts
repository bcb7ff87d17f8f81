import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/bookings/bookings';
import { todayUtc } from '../../src/domain/clinician/licenses';
import { PRODUCT_REASON_TEXT } from '../../src/domain/i18n/en/booking-detail';
import { B, bookingFixtures } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);
const call = (method: 'PATCH' | 'POST', path: string, body: unknown, as: string = DEMO.staff) => api.call(method, `${B}${path}`, { as, body });
const line = (uniqueId: string) =>
  fx.one(`SELECT name, qty, unit_price_cents, payment_status, paid_cents, reason_or_comment FROM booking_products WHERE unique_id = $1`, [uniqueId]);

describe('products', () => {
  it('edit needs a reason and is refused for paid products; delete likewise', async () => {
    const id = await fx.booking({ state: 'NV' });
    const unpaid = await fx.product(id, false);
    const paid = await fx.product(id, true);
    const edit = { uniqueId: unpaid, name: 'HPV', qty: 2, unitPrice: 70, reasonOrComment: 'two sites' };
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/updateProduct/${id}`, { ...edit, reasonOrComment: ' ' }),
      400,
      new RegExp(PRODUCT_REASON_TEXT.slice(0, 40)),
    );
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/updateProduct/${id}`, { ...edit, uniqueId: paid }),
      409,
      'Paid products cannot be edited or deleted',
    );
    await fx.refusedUnchanged(id, () => call('POST', `/deleteProduct/${id}`, { uniqueId: paid }), 409, 'Paid products cannot be edited or deleted');
    await fx.refusedUnchanged(id, () => call('PATCH', `/updateProduct/${id}`, edit, DEMO.ops), 403);
    expect((await call('PATCH', `/updateProduct/${id}`, edit)).status).toBe(200);
    expect(await line(unpaid)).toMatchObject({ qty: 2, unit_price_cents: 7000, reason_or_comment: 'two sites', payment_status: 'UNPAID' });
    expect((await call('POST', `/deleteProduct/${id}`, { uniqueId: unpaid })).status).toBe(200);
    expect(await line(unpaid)).toBeUndefined();
    const other = await fx.booking({ state: 'NV' });
    await fx.refusedUnchanged(other, () => call('POST', `/deleteProduct/${other}`, { uniqueId: paid }), 404);
  });

  it('adds a catalogue product with quantity 1 by default; unknown products refused', async () => {
    const id = await fx.booking({ state: 'NV' });
    const res = await call('POST', `/addProduct/${id}`, {
      id: 'pnl-vip',
      name: 'The VIP Panel',
      slug: 'the-vip-panel',
      variantId: null,
      unitPrice: 299,
    });
    expect(res.status).toBe(200);
    expect(await line(res.body.uniqueId)).toMatchObject({ name: 'The VIP Panel', qty: 1, unit_price_cents: 29900, payment_status: 'UNPAID' });
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/addProduct/${id}`, { id: 'nope', name: 'x', slug: 'x', variantId: null, unitPrice: 1 }),
      400,
      'No such product in the catalogue',
    );
    await fx.refusedUnchanged(
      id,
      () =>
        call('POST', `/addProduct/${id}`, { id: 'svc-prep-consult-co', name: 'PrEP Consult', slug: 'prep-consult', variantId: null, unitPrice: 0 }),
      400,
    );
    const done = await fx.booking({ state: 'NV', status: 'CANCELLED' });
    await fx.refusedUnchanged(
      done,
      () => call('POST', `/addProduct/${done}`, { id: 'pnl-vip', name: 'The VIP Panel', slug: 'the-vip-panel', variantId: null, unitPrice: 299 }),
      403,
      'Action not permitted. Booking reached terminal status: CANCELLED',
    );
  });

  it('collect payment: Cash rows mark their lines paid with the collected amount; Online rows wait for /Payment', async () => {
    const id = await fx.booking({ state: 'CO' });
    await api.pool.query(`DELETE FROM booking_products WHERE booking_id = $1`, [id]);
    const a = await fx.product(id, false);
    const b = (
      await call('POST', `/addProduct/${id}`, {
        id: 'pnl-bv',
        name: 'Bacterial Vaginosis',
        slug: 'bacterial-vaginosis',
        variantId: null,
        unitPrice: 69,
      })
    ).body.uniqueId;
    const res = await call('POST', `/collectPayment/${id}`, {
      rows: [
        { uniqueId: a, collected: 79, discount: 0, mode: 'Cash' },
        { uniqueId: b, collected: 0, discount: 0, mode: 'Online' },
      ],
    });
    expect(res.status).toBe(200);
    expect(await line(a)).toMatchObject({ payment_status: 'PAID_CASH', paid_cents: 7900 });
    expect(await line(b)).toMatchObject({ payment_status: 'UNPAID' });
    const summary = (await api.call('GET', `${B}/orderSummary/${id}`, { as: DEMO.staff })).body;
    expect(summary).toMatchObject({ paymentStatus: 'PARTIALLY_PAID', netTotalPaid: 79, netTotalUnpaid: 69 });
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/collectPayment/${id}`, { rows: [{ uniqueId: a, collected: 79, discount: 0, mode: 'Cash' }] }),
      409,
    );
    await fx.refusedUnchanged(id, () => call('POST', `/collectPayment/${id}`, { rows: [] }), 400);
  });
});

describe('kit creation', () => {
  const form = {
    panelName: 'Check Me Out Panel',
    labName: 'CDD',
    sampleTakenDate: addDays(todayUtc(), -2),
    medications: 'none',
    symptoms: 'none',
    notes: 'none',
  };

  it('needs every required field, and the Lifescan requisition number for LIFESCAN', async () => {
    const id = await fx.booking({ state: 'NV' });
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/orderKit/${id}`, { ...form, medications: '', notes: ' ' }, DEMO.clinician),
      400,
      /Missing required value for Medications, Notes. Enter "none" if nothing to enter/,
    );
    await fx.refusedUnchanged(id, () => call('POST', `/orderKit/${id}`, { ...form, labName: 'LIFESCAN' }, DEMO.clinician), 400, /Lifescan Req Num/);
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/orderKit/${id}`, { ...form, sampleTakenDate: 'yesterday-ish' }, DEMO.clinician),
      400,
      /Sample Taken Date/,
    );
    await fx.refusedUnchanged(id, () => call('POST', `/orderKit/${id}`, form, DEMO.staff), 403, /your role may not use this route/);
  });

  it('creates a kit linked to the booking in the first kit status, with its lab request', async () => {
    const id = await fx.booking({ state: 'NV' });
    const res = await call('POST', `/orderKit/${id}`, { ...form, labName: 'LIFESCAN', lifescanReqNum: 'LS-778812' }, DEMO.clinician);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kitId: expect.stringMatching(/^KB\d{7}$/), status: 'SAMPLE_COLLECTED_PENDING_REVIEW' });
    expect(await fx.one(`SELECT booking_id, requisition_id, lab_name, ref_id_type FROM kits WHERE kit_id = $1`, [res.body.kitId])).toEqual({
      booking_id: id,
      requisition_id: 'LS-778812',
      lab_name: 'LIFESCAN',
      ref_id_type: 'BOOKING_ID',
    });
    expect((await fx.one(`SELECT status FROM lab_requests WHERE kit_id = $1`, [res.body.kitId])).status).toBe('REGISTERED');
    expect((await api.call('GET', `${B}/get/${id}`, { as: DEMO.clinician })).body.kitIds).toContain(res.body.kitId);
  });
});

describe('mails', () => {
  it('visit summary needs a patient account; sent summaries lose their line breaks and become a secure message', async () => {
    const none = await fx.booking({ state: 'NV', hasAccount: false });
    await fx.refusedUnchanged(
      none,
      () => call('POST', `/sendPatientSummary/${none}`, { summary: 'Hi' }, DEMO.clinician),
      404,
      'Patient Account Not found',
    );
    const id = await fx.booking({ state: 'NV', hasAccount: true });
    const res = await call('POST', `/sendPatientSummary/${id}`, { summary: 'Line one\nLine two\r\n<b>three</b>' }, DEMO.clinician);
    expect(res.status).toBe(200);
    const mail = await fx.one(`SELECT kind, body, to_address FROM mail_outbox WHERE id = $1`, [res.body.mailId]);
    expect(mail).toMatchObject({ kind: 'PATIENT_SUMMARY', body: 'Line one Line two <b>three</b>' });
    const msg = await fx.one(`SELECT content, reference_id FROM messages WHERE reference_id = $1`, [id]);
    expect(msg).toEqual({ content: '<p>Line one Line two &#60;b&#62;three&#60;/b&#62;</p>', reference_id: id });
    await fx.refusedUnchanged(id, () => call('POST', `/sendPatientSummary/${id}`, { summary: 'x' }, DEMO.staff), 403);
  });

  it('sign-up and pay links land in the outbox', async () => {
    const id = await fx.booking({ state: 'NV', hasAccount: false });
    await api.pool.query(`DELETE FROM booking_products WHERE booking_id = $1`, [id]);
    await fx.refusedUnchanged(id, () => call('POST', `/sendPayLink/${id}`, undefined), 409, 'Payment is not required for this booking');
    await fx.product(id, false);
    expect((await call('POST', `/sendSignUpLink/${id}`, undefined)).status).toBe(200);
    expect((await call('POST', `/sendPayLink/${id}`, undefined)).status).toBe(200);
    const outbox = await api.call('GET', `${B}/outbox/${id}`, { as: DEMO.staff });
    expect(outbox.body.map((m: { kind: string }) => m.kind).sort()).toEqual(['PAY_LINK', 'SIGN_UP_LINK']);
    expect(outbox.body[0]).toEqual({
      id: expect.any(String),
      kind: expect.any(String),
      to: expect.stringContaining('@'),
      subject: expect.any(String),
      sentAt: expect.any(String),
    });
    const withAccount = await fx.booking({ state: 'NV', hasAccount: true });
    await fx.refusedUnchanged(
      withAccount,
      () => call('POST', `/sendSignUpLink/${withAccount}`, undefined),
      409,
      'The patient already has an account',
    );
  });
});
