import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_DECLINED_TEXT } from '../../src/domain/payments/payment';
import { encodeSandboxToken, sandboxCardOf } from '../../src/domain/payments/payment-sandbox';
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

const CHECKOUT = '/api/booking/clinicianCreateCheckout';
const PAY = '/api/booking/payBookingWithCheckout';
const billingAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '7025550148',
  streetAddress1: '1 Main St',
  streetAddress2: 'Apt 2',
  city: 'Las Vegas',
  countryArea: 'NV',
  postalCode: '89104',
  country: 'US',
};
/** What the browser's sandbox tokeniser makes of a card (the server never sees the number). */
const tokenFor = (card = '4111111111111111', exp = ['12', '39']) =>
  encodeSandboxToken(sandboxCardOf(card, exp[0], exp[1], randomBytes(16).toString('hex')));
const post = (path: string, body: unknown, as: string = DEMO.staff, headers?: Record<string, string>) =>
  api.call('POST', path, { as, body, headers });

/** A booking whose only products are `prices` (dollars), all unpaid. */
async function bookingWith(prices: number[]) {
  const id = await fx.booking({ state: 'NV' });
  await api.pool.query(`DELETE FROM booking_products WHERE booking_id = $1`, [id]);
  for (const p of prices) {
    await api.pool.query(
      `INSERT INTO booking_products (booking_id, product_id, slug, name, unit_price_cents) VALUES ($1, 'pnl-hpv', 'hpv', 'HPV', $2)`,
      [id, Math.round(p * 100)],
    );
  }
  return id;
}
const checkout = async (id: string, as: string = DEMO.staff) => {
  const res = await post(CHECKOUT, { tbdBookId: id, billingAddress }, as);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout as { token: string; netTotal: number; tax: number; grossTotal: number };
};
const settlements = async () => Number((await fx.one(`SELECT count(*) AS n FROM sandbox_settlements`)).n);
const statuses = async (id: string) =>
  (await api.pool.query(`SELECT payment_status FROM booking_products WHERE booking_id = $1`, [id])).rows.map((r) => r.payment_status);

describe('payments: attacks first', () => {
  it('auditors and roles without product access are refused; nothing is created', async () => {
    const id = await bookingWith([79]);
    await fx.refusedUnchanged(id, () => post(CHECKOUT, { tbdBookId: id, billingAddress }, DEMO.auditor), 403);
    await fx.refusedUnchanged(id, () => post(CHECKOUT, { tbdBookId: id, billingAddress }, DEMO.ops), 403);
    const c = await checkout(id);
    await fx.refusedUnchanged(id, () => post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: tokenFor() }, DEMO.auditor), 403);
    await fx.refusedUnchanged(id, () => post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: tokenFor() }, DEMO.ops), 403);
    expect(await statuses(id)).toEqual(['UNPAID']);
  });

  it("a clinician outside the booking's licence scope cannot see or pay it (never a 200)", async () => {
    const id = await bookingWith([79]);
    const out = await fx.refusedUnchanged(id, () => post(CHECKOUT, { tbdBookId: id, billingAddress }, DEMO.noLicence), 404);
    expect(JSON.stringify(out.body)).not.toContain('79');
    const c = await checkout(id);
    await fx.refusedUnchanged(id, () => post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: tokenFor() }, DEMO.noLicence), 404);
    expect(await statuses(id)).toEqual(['UNPAID']);
  });

  it('amounts come from the server: the client cannot send any, and the checkout equals orderPaySummary', async () => {
    const id = await bookingWith([79, 20.5]);
    await fx.refusedUnchanged(id, () => post(CHECKOUT, { tbdBookId: id, billingAddress, amount: 0.01 }), 400);
    await fx.refusedUnchanged(id, () => post(CHECKOUT, { tbdBookId: id, billingAddress: { ...billingAddress, postalCode: 'x' } }), 400);
    const c = await checkout(id);
    const summary = (await api.call('GET', `/api/booking/orderPaySummary?id=${id}`, { as: DEMO.staff })).body;
    expect(c).toMatchObject({ netTotal: 99.5, tax: 7.96, grossTotal: 107.46 });
    expect({ net: summary.netTotalUnpaid, tax: summary.taxUnPaid, gross: summary.grossTotalUnpaid }).toEqual({ net: 99.5, tax: 7.96, gross: 107.46 });
    const { token } = c;
    await fx.refusedUnchanged(id, () => post(PAY, { tbdBookId: id, checkoutToken: token, paymentToken: tokenFor(), amount: 1 }), 400);
    await fx.refusedUnchanged(
      id,
      () => post(PAY, { tbdBookId: id, checkoutToken: token, paymentToken: tokenFor(), cardNumber: '4111111111111111' }),
      400,
    );
  });

  it('amounts changed between checkout and pay are refused (409), nothing charged', async () => {
    const id = await bookingWith([79]);
    const c = await checkout(id);
    await api.pool.query(`UPDATE booking_products SET unit_price_cents = 100 WHERE booking_id = $1`, [id]);
    const before = await settlements();
    await fx.refusedUnchanged(
      id,
      () => post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: tokenFor() }),
      409,
      'The amounts changed since the checkout was created; review the payment again',
    );
    expect(await settlements()).toBe(before);
  });

  it('a checkout of another booking is unknown here (404)', async () => {
    const a = await bookingWith([79]);
    const b = await bookingWith([79]);
    const c = await checkout(a);
    await fx.refusedUnchanged(
      b,
      () => post(PAY, { tbdBookId: b, checkoutToken: c.token, paymentToken: tokenFor() }),
      404,
      'No checkout found for this booking',
    );
  });

  it('a token pays once: reused on another booking it is refused (409) and nothing is charged twice', async () => {
    const a = await bookingWith([79]);
    const b = await bookingWith([79]);
    const token = tokenFor();
    const ca = await checkout(a);
    expect((await post(PAY, { tbdBookId: a, checkoutToken: ca.token, paymentToken: token })).status).toBe(200);
    const cb = await checkout(b);
    const before = await settlements();
    await fx.refusedUnchanged(
      b,
      () => post(PAY, { tbdBookId: b, checkoutToken: cb.token, paymentToken: token }),
      409,
      'This payment token was already used',
    );
    expect(await settlements()).toBe(before);
  });

  it('paying twice and paying a paid booking are refused (409); a repeated Idempotency-Key answers once', async () => {
    const id = await bookingWith([79]);
    const c1 = await checkout(id);
    const c2 = await checkout(id);
    const key = randomUUID();
    const body = { tbdBookId: id, checkoutToken: c1.token, paymentToken: tokenFor() };
    const before = await settlements();
    const first = await post(PAY, body, DEMO.staff, { 'idempotency-key': key });
    const again = await post(PAY, body, DEMO.staff, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await settlements()).toBe(before + 1);
    await fx.refusedUnchanged(id, () => post(PAY, { ...body, paymentToken: tokenFor() }), 409, 'This checkout is already paid');
    await fx.refusedUnchanged(
      id,
      () => post(PAY, { tbdBookId: id, checkoutToken: c2.token, paymentToken: tokenFor() }),
      409,
      'This booking is already paid',
    );
    await fx.refusedUnchanged(id, () => post(CHECKOUT, { tbdBookId: id, billingAddress }), 409, 'No payment is required for this booking');
    expect(await settlements()).toBe(before + 1);
  });

  it('a declined card answers the gateway text (402); nothing is paid and the token is spent', async () => {
    const id = await bookingWith([79]);
    const c = await checkout(id);
    const token = tokenFor('4000000000000002');
    const res = await post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: token });
    expect(res.status).toBe(402);
    expect(res.body.msg).toBe(PROVIDER_DECLINED_TEXT);
    expect(await statuses(id)).toEqual(['UNPAID']);
    expect((await post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: token })).status).toBe(409);
    const forged = await post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: 'not-a-sandbox-token' });
    expect(forged.status).toBe(402);
    expect(forged.body.msg).toBe('Invalid OTS Token.');
    const expired = await post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: tokenFor('4111111111111111', ['01', '20']) });
    expect(expired.body.msg).toBe('The credit card has expired.');
    expect(await statuses(id)).toEqual(['UNPAID']);
  });
});

describe('payments: the flow', () => {
  it('checkout then pay settles the unpaid products: paid, ledger, log, history and audit', async () => {
    const id = await bookingWith([79, 20.5]);
    const c = await checkout(id, DEMO.clinician);
    const { res, rows } = await api.audited(() =>
      post(PAY, { tbdBookId: id, checkoutToken: c.token, paymentToken: tokenFor('5424000000000015') }, DEMO.clinician),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, amount: 107.46, accountNumber: 'XXXX0015' });
    expect(await statuses(id)).toEqual(['PAID_ONLINE', 'PAID_ONLINE']);
    expect(await fx.one(`SELECT amount_cents, account_number FROM sandbox_settlements WHERE transaction_id = $1`, [res.body.transactionId])).toEqual({
      amount_cents: 10746,
      account_number: 'XXXX0015',
    });
    const summary = (await api.call('GET', `${B}/orderSummary/${id}`, { as: DEMO.staff })).body;
    expect(summary).toMatchObject({ paymentStatus: 'PAID', grossTotalPaid: 107.46, grossTotalUnpaid: 0 });
    expect(rows.filter((r) => r.action === 'PAY_BOOKING')).toHaveLength(1);
    expect(rows.find((r) => r.action === 'PAY_BOOKING')).toMatchObject({ entity_ids: [id], outcome: 'SUCCESS' });
    expect(await fx.one(`SELECT action, comment FROM record_history WHERE entity_id = $1 AND action = 'PAY_BOOKING'`, [id])).toMatchObject({
      comment: expect.stringContaining('$107.46 settled'),
    });
    const stored = await fx.one(`SELECT payment_token_sha256 FROM payments WHERE booking_id = $1`, [id]);
    expect(stored.payment_token_sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
