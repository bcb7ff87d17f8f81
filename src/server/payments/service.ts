import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { isProductPaid, productTotals } from '../../domain/booking-detail/booking-money';
import { type BookingProduct } from '../../domain/booking-detail/booking-detail';
import { lineDueCents } from '../../domain/bookings/booking-rules';
import {
  ACCEPT_DATA_DESCRIPTOR,
  PAYMENT_TEXT,
  type checkoutRequestSchema,
  type payRequestSchema,
  type payResponseSchema,
} from '../../domain/payments/payment';
import type { PaymentGateway } from '../adapters/payments';
import { refused } from '../bookings/repository';
import type { DataAccess } from '../data/access';
import { ApiError } from '../errors';
import type { Due } from './repository';

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => `$${(c / 100).toFixed(2)}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the booking owes now, from its unpaid products and the sales tax (the one rule of src/domain), never from the client. */
function dueOf(products: readonly BookingProduct[]): Due {
  const unpaid = products.filter((p) => !isProductPaid(p));
  const totals = productTotals(unpaid);
  return {
    lines: unpaid.map((p) => ({ uniqueId: p.uniqueId, dueCents: lineDueCents(p) })).sort((a, b) => a.uniqueId.localeCompare(b.uniqueId)),
    netCents: cents(totals.netTotalUnpaid),
    taxCents: cents(totals.taxUnPaid),
    grossCents: cents(totals.grossTotalUnpaid),
  };
}

const linesKey = (d: Due) =>
  d.lines
    .map((l) => `${l.uniqueId}:${l.dueCents}`)
    .sort()
    .join(',');
const sameDue = (a: Due, b: Due) => a.grossCents === b.grossCents && a.taxCents === b.taxCents && linesKey(a) === linesKey(b);

/** Paying is a product and order write (spec 2 §6): without product access it is refused with the booking's reason. */
function assertProductWriter(data: DataAccess) {
  if (!data.actor.permissions.productOrderAccess) throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noProductAccess}`);
}

/** A checkout of what the booking owes now (409 when nothing is due), with the billing address for the charge. */
export function createCheckout(data: DataAccess, { tbdBookId, billingAddress }: z.infer<typeof checkoutRequestSchema>) {
  assertProductWriter(data);
  return data.payments.write(tbdBookId, 'CREATE_CHECKOUT', async (b) => {
    const due = dueOf(await b.products());
    if (due.grossCents <= 0) throw refused(409, PAYMENT_TEXT.nothingDue);
    const token = await b.insertCheckout(due, billingAddress);
    await b.log(`Online checkout of ${money(due.grossCents)} created`);
    return {
      isSuccess: true,
      message: PAYMENT_TEXT.checkoutCreated,
      checkout: { token, netTotal: due.netCents / 100, tax: due.taxCents / 100, grossTotal: due.grossCents / 100 },
    };
  });
}

type Outcome = { declined: string } | z.infer<typeof payResponseSchema>;

/**
 * Pays a checkout with the card tokeniser's opaque data through the gateway: only an unpaid checkout whose amounts
 * are still what the booking owes, and a token once. A decline is recorded and committed, then answered 402 with the
 * gateway's text.
 */
export async function payWithCheckout(data: DataAccess, gateway: PaymentGateway, body: z.infer<typeof payRequestSchema>) {
  assertProductWriter(data);
  const outcome: Outcome = await data.payments.write<Outcome>(body.tbdBookId, 'PAY_BOOKING', async (b) => {
    const checkout = await b.lockCheckout(body.checkoutToken);
    if (checkout.status === 'PAID') throw refused(409, PAYMENT_TEXT.checkoutPaid);
    const due = dueOf(await b.products());
    if (due.grossCents <= 0) throw refused(409, PAYMENT_TEXT.alreadyPaid);
    if (!sameDue(due, checkout)) throw refused(409, PAYMENT_TEXT.amountsChanged);
    const paymentId = await b.claimPayment({
      checkoutToken: checkout.token,
      tokenSha256: sha256(body.paymentToken),
      provider: gateway.provider,
      amountCents: due.grossCents,
    });
    if (!paymentId) throw refused(409, PAYMENT_TEXT.tokenUsed);
    const charge = await b.charge(gateway, {
      invoiceNumber: checkout.token.replace(/-/g, '').slice(0, 20),
      description: `Booking ${b.bookingId}`,
      amountCents: due.grossCents,
      taxCents: due.taxCents,
      opaqueData: { dataDescriptor: ACCEPT_DATA_DESCRIPTOR, dataValue: body.paymentToken },
      billTo: checkout.billing,
    });
    if (charge.status === 'DECLINED') {
      await b.declined(paymentId, charge.message, `Online payment of ${money(due.grossCents)} declined: ${charge.message}`);
      return { declined: charge.message };
    }
    await b.settled(
      paymentId,
      checkout.token,
      due.lines,
      charge,
      `Online payment of ${money(due.grossCents)} settled (transaction ${charge.transactionId})`,
    );
    return { success: true, transactionId: charge.transactionId, amount: due.grossCents / 100, accountNumber: charge.accountNumber };
  });
  if ('declined' in outcome) throw new ApiError(402, outcome.declined, outcome.declined);
  return outcome;
}
