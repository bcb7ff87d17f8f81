import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/bookings/bookings';
import { todayUtc } from '../../src/domain/clinician/licenses';
import { BOOKING_REFUSAL_TEXT } from '../../src/domain/booking-detail/booking-access';
import { DATE_TEXT, PAYMENT_TEXT, STATUS_RULE_TEXT } from '../../src/domain/bookings/booking-rules';
import { B, bookingFixtures } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';

/**
 * The field test of the bookings area (reviews/2026-11-23-field-test-bookings.md) and issue 24's "money and authority":
 * each finding the server must hold whatever screen calls it.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);
const call = (method: 'PATCH' | 'POST' | 'DELETE', path: string, body: unknown, as: string = DEMO.clinician) =>
  api.call(method, `${B}${path}`, { as, body });
const line = (uniqueId: string) =>
  fx.one(`SELECT payment_status, paid_cents, unit_price_cents, name FROM booking_products WHERE unique_id = $1`, [uniqueId]);

async function productAt(id: string, cents: number) {
  await api.pool.query(`DELETE FROM booking_products WHERE booking_id = $1`, [id]);
  return (
    await fx.one(
      `INSERT INTO booking_products (booking_id, product_id, slug, name, unit_price_cents, payment_status)
    VALUES ($1, 'svc-follow-up', 'follow-up', 'Follow-up Consult', $2, 'UNPAID') RETURNING unique_id::text AS "uniqueId"`,
      [id, cents],
    )
  ).uniqueId as string;
}

describe('money (issue 12 prices)', () => {
  it('Collect Payment: a discount above the line, collected above the amount due, negatives and fractions of cents are refused', async () => {
    const id = await fx.booking({ state: 'NV' });
    const u = await productAt(id, 3500);
    const row = (o: object) => ({ rows: [{ uniqueId: u, collected: 0, discount: 0, mode: 'Cash', ...o }] });
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/collectPayment/${id}`, row({ collected: 35, discount: 100 }), DEMO.staff),
      400,
      PAYMENT_TEXT.discountTooHigh.replace('%{due}', '$35.00'),
    );
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/collectPayment/${id}`, row({ collected: 500 }), DEMO.staff),
      400,
      PAYMENT_TEXT.collectedTooHigh.replace('%{due}', '$35.00'),
    );
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/collectPayment/${id}`, row({ collected: 30, discount: 10 }), DEMO.staff),
      400,
      PAYMENT_TEXT.collectedTooHigh.replace('%{due}', '$25.00'),
    );
    await fx.refusedUnchanged(id, () => call('POST', `/collectPayment/${id}`, row({ collected: 10.005 }), DEMO.staff), 400, PAYMENT_TEXT.cents);
    await fx.refusedUnchanged(id, () => call('POST', `/collectPayment/${id}`, row({ collected: -5 }), DEMO.staff), 400);
    await fx.refusedUnchanged(id, () => call('POST', `/collectPayment/${id}`, row({}), DEMO.staff), 400, PAYMENT_TEXT.nothing);
  });

  it('cash collected shows in the totals: a part payment leaves the rest due; the rest pays the line', async () => {
    const id = await fx.booking({ state: 'NV' });
    const u = await productAt(id, 6900);
    expect(
      (await call('POST', `/collectPayment/${id}`, { rows: [{ uniqueId: u, collected: 30, discount: 0, mode: 'Cash' }] }, DEMO.staff)).status,
    ).toBe(200);
    expect(await line(u)).toMatchObject({ payment_status: 'UNPAID', paid_cents: 3000 });
    let summary = (await api.call('GET', `${B}/orderSummary/${id}`, { as: DEMO.staff })).body;
    expect(summary).toMatchObject({ netTotalPaid: 30, netTotalUnpaid: 39, paymentStatus: 'PARTIALLY_PAID' });
    await fx.refusedUnchanged(
      id,
      () => call('POST', `/collectPayment/${id}`, { rows: [{ uniqueId: u, collected: 40, discount: 0, mode: 'Cash' }] }, DEMO.staff),
      400,
      PAYMENT_TEXT.collectedTooHigh.replace('%{due}', '$39.00'),
    );
    expect(
      (await call('POST', `/collectPayment/${id}`, { rows: [{ uniqueId: u, collected: 35, discount: 4, mode: 'Cash' }] }, DEMO.staff)).status,
    ).toBe(200);
    expect(await line(u)).toMatchObject({ payment_status: 'PAID_CASH', paid_cents: 6500 });
    summary = (await api.call('GET', `${B}/orderSummary/${id}`, { as: DEMO.staff })).body;
    expect(summary).toMatchObject({ netTotalPaid: 65, netTotalUnpaid: 0, paymentStatus: 'PAID' });
  });

  it('an added product takes its name and price from the catalogue, never from the client', async () => {
    const id = await fx.booking({ state: 'NV' });
    const res = await call(
      'POST',
      `/addProduct/${id}`,
      { id: 'pnl-vip', name: 'Free stuff', slug: 'the-vip-panel', variantId: null, unitPrice: 0.01 },
      DEMO.staff,
    );
    expect(res.status).toBe(200);
    expect(await line(res.body.uniqueId)).toMatchObject({ name: 'The VIP Panel', unit_price_cents: 29900 });
  });
});

describe('one transition rule and one authorization for every path (issue 24)', () => {
  const status = (id: string, bookingStatus: string, as: string) =>
    call('PATCH', `/updateStatus/${id}`, { bookingStatus, reasonOrComments: 'from the calendar' }, as);

  it('staff cannot complete from the calendar: the clinical-access refusal of Complete clinical service', async () => {
    const id = await fx.booking({ state: 'NV', startInMinutes: -20 });
    for (const to of ['CLINICAL_SERVICE_COMPLETED', 'COMPLETED']) {
      await fx.refusedUnchanged(id, () => status(id, to, DEMO.staff), 403, /Action not permitted. Reason: Clinical data is restricted/);
    }
  });

  it('completions need their forms: the generic status update refuses them for clinicians too', async () => {
    const id = await fx.booking({ state: 'NV', startInMinutes: -20 });
    await fx.refusedUnchanged(id, () => status(id, 'CLINICAL_SERVICE_COMPLETED', DEMO.clinician), 409, STATUS_RULE_TEXT.completeClinicalForm);
    await fx.refusedUnchanged(id, () => status(id, 'COMPLETED', DEMO.superAdmin), 409, STATUS_RULE_TEXT.completeBookingForm);
  });

  it('cancel from the calendar follows the 40-minute window like the detail', async () => {
    const later = await fx.booking({ state: 'NV', startInMinutes: 5 * 24 * 60 });
    await fx.refusedUnchanged(later, () => status(later, 'CANCELLED', DEMO.staff), 409, BOOKING_REFUSAL_TEXT.outsideCancelWindow);
    const soon = await fx.booking({ state: 'NV', startInMinutes: 10 });
    expect((await status(soon, 'CANCELLED', DEMO.staff)).body).toMatchObject({ bookingStatus: 'CANCELLED' });
  });

  it('a final booking cannot be (re)assigned', async () => {
    const id = await fx.booking({ state: 'NV', status: 'COMPLETED', clinician: null });
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/assignToMe/${id}`, {}),
      403,
      'Action not permitted. Booking reached terminal status: COMPLETED',
    );
  });
});

describe('no action that can only fail (findings 15, 23)', () => {
  it('no visit summary for a cancelled or no-show visit; operation support sends no payment link', async () => {
    for (const status of ['CANCELLED', 'CANCELLED_NO_SHOW']) {
      const id = await fx.booking({ state: 'NV', status, hasAccount: true });
      await fx.refusedUnchanged(
        id,
        () => call('POST', `/sendPatientSummary/${id}`, { summary: 'Visit notes' }),
        403,
        `Action not permitted. The visit did not take place: ${status}`,
      );
    }
    const id = await fx.booking({ state: 'NV' });
    await productAt(id, 3500);
    await fx.refusedUnchanged(id, () => call('POST', `/sendPayLink/${id}`, undefined, DEMO.ops), 403);
  });
});

describe('a clinician without a calendar link', () => {
  it('reads bookings of a licensed state read-only, with the reason, and every write is refused', async () => {
    const id = await fx.booking({ state: 'CO', status: 'BOOKED_PENDING_CONFIRMATION', clinician: null });
    const b = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.noCalendar })).body;
    expect(b).toMatchObject({ isReadOnly: true, readOnlyReason: 'Add a valid calendar link to get access to clinical work' });
    await fx.refusedUnchanged(
      id,
      () => call('PATCH', `/assignToMe/${id}`, {}, DEMO.noCalendar),
      403,
      'Action not permitted. Reason: Add a valid calendar link to get access to clinical work',
    );
    await fx.refusedUnchanged(id, () => call('PATCH', `/markConfirmed/${id}`, { reasonOrComments: 'x' }, DEMO.noCalendar), 403);
  });
});

describe('cancel / no-show more than 40 minutes ahead', () => {
  it('the pre-mark is recorded once; a repeat is refused and changes nothing', async () => {
    const id = await fx.booking({ state: 'NV', startInMinutes: 5 * 24 * 60 });
    const first = await call('POST', '/markPreNoShowCancel', { bookingId: id, isNoShow: false, comments: 'Pre mark No Show' });
    expect(first.body).toMatchObject({ id, bookingStatus: 'BOOKED_CONFIRMED' });
    await fx.refusedUnchanged(
      id,
      () => call('POST', '/markPreNoShowCancel', { bookingId: id, isNoShow: true, comments: 'Pre mark No Show' }),
      409,
      BOOKING_REFUSAL_TEXT.alreadyPreMarked,
    );
  });
});

describe('plausible dates', () => {
  it('a sample taken in the future is refused', async () => {
    const id = await fx.booking({ state: 'NV' });
    const form = { panelName: 'HPV', labName: 'CDD', sampleTakenDate: addDays(todayUtc(), 30), medications: 'none', symptoms: 'none', notes: 'none' };
    await fx.refusedUnchanged(id, () => call('POST', `/orderKit/${id}`, form), 400, DATE_TEXT.sampleInFuture);
  });

  it('Complete Booking: the actual end after the start; completion not before the appointment', async () => {
    const id = await fx.booking({ state: 'NV', startInMinutes: -20 });
    const complete = {
      actualAppntEnd: '2020-01-01T10:00:00Z',
      totalDurationMins: 30,
      ackPatientTbdAccCreated: true,
      ackPaymentCollected: true,
      paymentAmount: 0,
      paymentRefId: 'NA',
      paymentMode: 'Square Terminal',
      closingNotes: 'done',
    };
    await fx.refusedUnchanged(id, () => call('POST', `/complete/${id}`, complete), 400, DATE_TEXT.endBeforeStart);
    const ahead = await fx.booking({ state: 'NV', startInMinutes: 5 * 24 * 60 });
    await fx.refusedUnchanged(
      ahead,
      () => call('POST', `/completeClinical/${ahead}`, { clinicalServiceMins: 20, ackPatientSummarySent: true, clinicalServiceNotes: 'x' }),
      409,
      DATE_TEXT.notStarted,
    );
  });

  it('a birth date in the future is refused', async () => {
    const id = await fx.booking({ state: 'NV' });
    const b = (await api.call('GET', `${B}/get/${id}`, { as: DEMO.clinician })).body;
    const body = {
      id,
      firstName: b.firstName,
      lastName: b.lastName,
      dob: addDays(todayUtc(), 30),
      email: b.email,
      mobile: b.mobile,
      phone: b.phone,
      address1: b.address1,
      address2: b.address2,
      city: b.city,
      state: b.state,
      zip: b.zip,
      genderAtBirth: b.genderAtBirth,
      pronoun: b.pronoun,
      reasonOrComments: 'typo',
    };
    await fx.refusedUnchanged(id, () => call('PATCH', `/updatePatientInfo/${id}`, body), 400, DATE_TEXT.dobInFuture);
  });
});

describe('search (findings 1, 11, 22) and the CSV times', () => {
  const find = (body: object, as: string = DEMO.clinician) => api.call('POST', `${B}/findBookings`, { as, body });
  it('the auditor searches; 16 calendar days are tolerated; booking ids match in any case', async () => {
    expect((await find({ searchType: 'BOOKING_ID', bookingId: 'BK000010' }, DEMO.auditor)).status).toBe(200);
    expect((await find({ searchType: 'DATE_RANGE', fromDate: '2026-11-01', toDate: '2026-11-17' })).status).toBe(200);
    expect((await find({ searchType: 'DATE_RANGE', fromDate: '2026-11-01', toDate: '2026-11-18' })).status).toBe(400);
    expect((await find({ searchType: 'BOOKING_ID', bookingId: ' bk000010 ' })).body.total).toBe(1);
  });
  it('rows carry their products for roles with product data, and the CSV names them and the care location', async () => {
    const id = await fx.booking({ state: 'NV' });
    await productAt(id, 3500);
    const staff = (await find({ searchType: 'BOOKING_ID', bookingId: id }, DEMO.staff)).body.items[0];
    expect(staff.products).toEqual([{ name: 'Follow-up Consult' }]);
    const ops = (await find({ searchType: 'BOOKING_ID', bookingId: id }, DEMO.ops)).body.items[0];
    expect(ops.products).toEqual([]);
    const csv = String(
      (await api.call('POST', `${B}/findBookings/export`, { as: DEMO.superAdmin, body: { searchType: 'BOOKING_ID', bookingId: id } })).body,
    );
    expect(csv).toContain('Follow-up Consult');
    expect(csv).not.toMatch(/,(CHARLESTON_NV_89104|DENVER_CAREHUB_01|ONLINE),/);
  });
  it('the CSV gives each time in the booking zone, labelled', async () => {
    const res = await api.call('POST', `${B}/findBookings/export`, {
      as: DEMO.superAdmin,
      body: { searchType: 'BOOKING_ID', bookingId: 'BK000010' },
    });
    const row = String(res.body).trim().split('\r\n')[1];
    expect(row).not.toMatch(/GMT/);
    expect(row).toMatch(/[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2} [AP]M [A-Z]{2,5}/);
  });
});
