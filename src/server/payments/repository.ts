import type { BookingProduct } from '../../domain/booking-detail/booking-detail';
import { BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { PAYMENT_TEXT, type BillingAddress } from '../../domain/payments/payment';
import type { ChargeRequest, PaymentGateway } from '../adapters/payments';
import type { AccessContext } from '../auth/access-context';
import { writeHistory } from '../audit/history';
import { addLog, bookingWrite, loadProducts, refused, type Locked } from '../bookings/repository';

export interface Line {
  uniqueId: string;
  dueCents: number;
}
export interface Due {
  lines: Line[];
  netCents: number;
  taxCents: number;
  grossCents: number;
}
export interface Checkout extends Due {
  token: string;
  status: string;
  billing: BillingAddress;
}

/** The payment records of one booking, under its row lock (bookingWrite): checkouts, the claimed tokens, the charge. */
function paymentBooking(l: Locked) {
  const bookingId = l.row.id;
  return {
    bookingId,
    products: (): Promise<BookingProduct[]> => loadProducts(l.client, bookingId),
    log: (note: string) => addLog(l.client, l.actor, bookingId, 'PAYMENT', note),

    /** A checkout of the amounts due now (fixed by the server); its token. */
    async insertCheckout(due: Due, billing: BillingAddress): Promise<string> {
      const { rows } = await l.client.query<{ token: string }>(
        `INSERT INTO payment_checkouts (booking_id, lines, net_cents, tax_cents, gross_cents, billing, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING token::text`,
        [bookingId, JSON.stringify(due.lines), due.netCents, due.taxCents, due.grossCents, JSON.stringify(billing), l.actor.sub],
      );
      return rows[0].token;
    },

    /** A checkout of this booking, locked (404 when the booking has none with that token). */
    async lockCheckout(token: string): Promise<Checkout> {
      const { rows } = await l.client.query<Checkout>(
        `SELECT token::text, status, billing, lines, net_cents AS "netCents", tax_cents AS "taxCents", gross_cents AS "grossCents"
           FROM payment_checkouts WHERE token = $1 AND booking_id = $2 FOR UPDATE`,
        [token, bookingId],
      );
      if (!rows[0]) throw refused(404, PAYMENT_TEXT.noSuchCheckout);
      return rows[0];
    },

    /**
     * Claims a tokeniser's token (by its hash) for a pending payment before the gateway sees it: null when it is already
     * claimed (a concurrent reuse waits, then finds it taken).
     */
    async claimPayment(p: { checkoutToken: string; tokenSha256: string; provider: string; amountCents: number }): Promise<string | null> {
      const { rows } = await l.client.query<{ id: string }>(
        `INSERT INTO payments (booking_id, checkout_token, payment_token_sha256, provider, status, amount_cents, created_by)
         VALUES ($1, $2, $3, $4, 'PENDING', $5, $6) ON CONFLICT (payment_token_sha256) DO NOTHING RETURNING id::text`,
        [bookingId, p.checkoutToken, p.tokenSha256, p.provider, p.amountCents, l.actor.sub],
      );
      return rows[0]?.id ?? null;
    },

    /** The gateway's charge, on this transaction (a local gateway records it with the payment). */
    charge: (gateway: PaymentGateway, c: Omit<ChargeRequest, 'db'>) => gateway.charge({ ...c, db: l.client }),

    /** A declined payment is recorded (its token is spent) with the gateway's text and logged; nothing is paid. */
    async declined(paymentId: string, message: string, note: string) {
      await l.client.query(`UPDATE payments SET status = 'DECLINED', message = $2 WHERE id = $1`, [paymentId, message]);
      await addLog(l.client, l.actor, bookingId, 'PAYMENT', note);
    },

    /** A settled payment: the lines it paid, the checkout paid, the booking's log and history. */
    async settled(
      paymentId: string,
      checkoutToken: string,
      lines: Line[],
      charge: { transactionId: string; accountNumber: string | null },
      note: string,
    ) {
      await l.client.query(`UPDATE payments SET status = 'SETTLED', transaction_id = $2, account_number = $3 WHERE id = $1`, [
        paymentId,
        charge.transactionId,
        charge.accountNumber,
      ]);
      for (const line of lines) {
        await l.client.query(
          `UPDATE booking_products SET payment_status = 'PAID_ONLINE', paid_cents = COALESCE(paid_cents, 0) + $3
            WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`,
          [bookingId, line.uniqueId, line.dueCents],
        );
      }
      await l.client.query(`UPDATE payment_checkouts SET status = 'PAID', paid_at = now() WHERE token = $1`, [checkoutToken]);
      await addLog(l.client, l.actor, bookingId, 'PAYMENT', note);
      await writeHistory(l.client, l.actor, { entityType: 'booking', entityId: bookingId, action: 'PAY_BOOKING', comment: note });
    },
  };
}
export type PaymentBooking = ReturnType<typeof paymentBooking>;

/**
 * Payments of bookings as the request's Actor reaches them: each runs under the booking's row lock in a transaction of
 * its own, the booking in the Actor's scope (404 outside it, like a missing one), the booking action check
 * (collecting a payment), and the request's audit row with the booking's patient (bookingWrite).
 */
export const paymentsRepository = ({ db, actor, audit }: AccessContext) => ({
  write<T>(bookingId: string, action: 'CREATE_CHECKOUT' | 'PAY_BOOKING', fn: (b: PaymentBooking) => Promise<T>): Promise<T> {
    if ('release' in db) throw new Error('a payment locks its booking in a transaction of its own, not inside data.transaction');
    return bookingWrite(db, { actor, audit }, bookingId, BOOKING_WRITES.collectPayment, action, (l) => fn(paymentBooking(l)));
  },
});
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
