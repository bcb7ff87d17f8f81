import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import { BOOKING_WRITES, isProductPaid, productTotals, type BookingProduct } from '../../domain/booking-detail';
import { lineDueCents } from '../../domain/booking-rules';
import {
  ACCEPT_DATA_DESCRIPTOR, checkoutRequestSchema, checkoutResponseSchema, PAYMENT_TEXT, payRequestSchema, payResponseSchema, type BillingAddress,
} from '../../domain/payment';
import { PRODUCT_ORDER_ROLES, write } from '../../domain/route-access';
import type { PaymentGateway } from '../adapters/payments';
import { writeHistory } from '../audit/history';
import { actorOf } from '../auth/secure-plugin';
import { addLog, bookingWrite, loadProducts, refused, type Locked } from '../bookings/repository';
import { callerOf } from '../bookings/caller';
import { errors } from '../bookings/schemas';
import { ApiError } from '../errors';
import type { ZodApp } from '../http/validation';

/** Paying is a product and order write (spec 2 §6): staff, clinicians, super admins; auditors read only (refused). */
const access = { ...write(PRODUCT_ORDER_ROLES, { licenceBound: true }), idempotent: true };
const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => `$${(c / 100).toFixed(2)}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Line { uniqueId: string; dueCents: number }
interface Due { lines: Line[]; netCents: number; taxCents: number; grossCents: number }

/** What the booking owes now, from its unpaid products and the sales tax (the one rule of src/domain), never from the client. */
function dueOf(products: readonly BookingProduct[]): Due {
  const unpaid = products.filter((p) => !isProductPaid(p));
  const totals = productTotals(unpaid);
  return {
    lines: unpaid.map((p) => ({ uniqueId: p.uniqueId, dueCents: lineDueCents(p) })).sort((a, b) => a.uniqueId.localeCompare(b.uniqueId)),
    netCents: cents(totals.netTotalUnpaid), taxCents: cents(totals.taxUnPaid), grossCents: cents(totals.grossTotalUnpaid),
  };
}

const linesKey = (d: Due) => d.lines.map((l) => `${l.uniqueId}:${l.dueCents}`).sort().join(',');
const sameDue = (a: Due, b: Due) => a.grossCents === b.grossCents && a.taxCents === b.taxCents && linesKey(a) === linesKey(b);

function assertProductWriter(req: Parameters<typeof actorOf>[0]) {
  if (!actorOf(req).permissions.productOrderAccess) throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noProductAccess}`);
}

interface CheckoutRow extends Due { token: string; status: string; billing: BillingAddress }

async function lockedCheckout(l: Locked, token: string): Promise<CheckoutRow> {
  const { rows } = await l.client.query<CheckoutRow>(
    `SELECT token::text, status, billing, lines, net_cents AS "netCents", tax_cents AS "taxCents", gross_cents AS "grossCents"
       FROM payment_checkouts WHERE token = $1 AND booking_id = $2 FOR UPDATE`, [token, l.row.id]);
  if (!rows[0]) throw refused(404, PAYMENT_TEXT.noSuchCheckout);
  return rows[0];
}

/**
 * The store's payment calls (spec 2 §7): orderPaySummary lives with the booking detail reads; here the checkout (the
 * amounts fixed by the server) and the payment of a checkout with the card tokeniser's opaque data through the
 * configured gateway. Each runs under the booking's row lock with the booking action check, audited (bookingWrite).
 */
export function paymentRoutes(app: ZodApp, { pool, gateway }: { pool: Pool; gateway: PaymentGateway }) {
  app.post('/api/booking/clinicianCreateCheckout', {
    config: access,
    schema: { tags: ['store'], body: checkoutRequestSchema, response: { 200: checkoutResponseSchema, ...errors } },
  }, async (req) => {
    assertProductWriter(req);
    const { tbdBookId, billingAddress } = req.body;
    return bookingWrite(pool, callerOf(req), tbdBookId, BOOKING_WRITES.collectPayment, 'CREATE_CHECKOUT', async (l) => {
      const due = dueOf(await loadProducts(l.client, l.row.id));
      if (due.grossCents <= 0) throw refused(409, PAYMENT_TEXT.nothingDue);
      const { rows } = await l.client.query<{ token: string }>(
        `INSERT INTO payment_checkouts (booking_id, lines, net_cents, tax_cents, gross_cents, billing, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING token::text`,
        [l.row.id, JSON.stringify(due.lines), due.netCents, due.taxCents, due.grossCents, JSON.stringify(billingAddress), l.actor.sub]);
      await addLog(l.client, l.actor, l.row.id, 'PAYMENT', `Online checkout of ${money(due.grossCents)} created`);
      return {
        isSuccess: true, message: PAYMENT_TEXT.checkoutCreated,
        checkout: { token: rows[0].token, netTotal: due.netCents / 100, tax: due.taxCents / 100, grossTotal: due.grossCents / 100 },
      };
    });
  });

  app.post('/api/booking/payBookingWithCheckout', {
    config: access,
    schema: { tags: ['store'], body: payRequestSchema, response: { 200: payResponseSchema, ...errors, 402: errors[400] } },
  }, async (req) => {
    assertProductWriter(req);
    const body = req.body;
    type Outcome = { declined: string } | z.infer<typeof payResponseSchema>;
    const outcome: Outcome = await bookingWrite<Outcome>(pool, callerOf(req), body.tbdBookId, BOOKING_WRITES.collectPayment, 'PAY_BOOKING', async (l) => {
      const checkout = await lockedCheckout(l, body.checkoutToken);
      if (checkout.status === 'PAID') throw refused(409, PAYMENT_TEXT.checkoutPaid);
      const due = dueOf(await loadProducts(l.client, l.row.id));
      if (due.grossCents <= 0) throw refused(409, PAYMENT_TEXT.alreadyPaid);
      if (!sameDue(due, checkout)) throw refused(409, PAYMENT_TEXT.amountsChanged);
      // A tokeniser's token pays once: its hash is claimed before the gateway sees it (a concurrent reuse waits, then finds it taken).
      const claimed = await l.client.query<{ id: string }>(
        `INSERT INTO payments (booking_id, checkout_token, payment_token_sha256, provider, status, amount_cents, created_by)
         VALUES ($1, $2, $3, $4, 'PENDING', $5, $6) ON CONFLICT (payment_token_sha256) DO NOTHING RETURNING id::text`,
        [l.row.id, checkout.token, sha256(body.paymentToken), gateway.provider, due.grossCents, l.actor.sub]);
      if (!claimed.rows[0]) throw refused(409, PAYMENT_TEXT.tokenUsed);
      const paymentId = claimed.rows[0].id;
      const charge = await gateway.charge({
        db: l.client, invoiceNumber: checkout.token.replace(/-/g, '').slice(0, 20), description: `Booking ${l.row.id}`,
        amountCents: due.grossCents, taxCents: due.taxCents, opaqueData: { dataDescriptor: ACCEPT_DATA_DESCRIPTOR, dataValue: body.paymentToken },
        billTo: checkout.billing,
      });
      if (charge.status === 'DECLINED') {
        // Recorded (the token is spent) and committed; the caller gets the gateway's text. Nothing is paid.
        await l.client.query(`UPDATE payments SET status = 'DECLINED', message = $2 WHERE id = $1`, [paymentId, charge.message]);
        await addLog(l.client, l.actor, l.row.id, 'PAYMENT', `Online payment of ${money(due.grossCents)} declined: ${charge.message}`);
        return { declined: charge.message };
      }
      await l.client.query(`UPDATE payments SET status = 'SETTLED', transaction_id = $2, account_number = $3 WHERE id = $1`,
        [paymentId, charge.transactionId, charge.accountNumber]);
      for (const line of due.lines) {
        await l.client.query(
          `UPDATE booking_products SET payment_status = 'PAID_ONLINE', paid_cents = COALESCE(paid_cents, 0) + $3
            WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`, [l.row.id, line.uniqueId, line.dueCents]);
      }
      await l.client.query(`UPDATE payment_checkouts SET status = 'PAID', paid_at = now() WHERE token = $1`, [checkout.token]);
      const note = `Online payment of ${money(due.grossCents)} settled (transaction ${charge.transactionId})`;
      await addLog(l.client, l.actor, l.row.id, 'PAYMENT', note);
      await writeHistory(l.client, l.actor, { entityType: 'booking', entityId: l.row.id, action: 'PAY_BOOKING', comment: note });
      return { success: true, transactionId: charge.transactionId, amount: due.grossCents / 100, accountNumber: charge.accountNumber };
    });
    if ('declined' in outcome) throw new ApiError(402, outcome.declined, outcome.declined);
    return outcome;
  });
}
