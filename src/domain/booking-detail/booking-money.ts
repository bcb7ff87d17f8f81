import type { BookingProduct } from './booking-detail';

/** Booking money (spec 2 §3): line nets after discount and the paid / unpaid totals with sales tax, in cents. */

/** Sales tax applied to unpaid and paid product lines (a business constant the spec does not give). */
export const SALES_TAX_RATE = 0.08;
const cents = (dollars: number) => Math.round(dollars * 100);
export const isProductPaid = (p: Pick<BookingProduct, 'paymentStatus'>) => !!p.paymentStatus && p.paymentStatus !== 'UNPAID';

/** Net after discount of one line, in dollars. */
export function lineNet(p: Pick<BookingProduct, 'unitPrice' | 'qty' | 'discountType' | 'discountValue'>): number {
  const gross = cents(p.unitPrice) * p.qty;
  const off =
    p.discountType === 'PERCENT'
      ? Math.round((gross * Math.min(100, p.discountValue ?? 0)) / 100)
      : p.discountType === 'AMOUNT'
        ? Math.min(gross, cents(p.discountValue ?? 0))
        : 0;
  return (gross - off) / 100;
}

/**
 * Paid and unpaid totals of a booking's products (net, tax, gross), computed in cents: a paid line counts in full;
 * the cash collected on an unpaid line counts as paid and the rest of it as unpaid.
 */
export function productTotals(products: readonly BookingProduct[]) {
  let paidNet = 0;
  let unpaidNet = 0;
  for (const p of products) {
    const net = cents(lineNet(p));
    if (isProductPaid(p)) paidNet += net;
    else {
      const part = Math.min(net, cents(p.collected ?? 0));
      paidNet += part;
      unpaidNet += net - part;
    }
  }
  const tax = (n: number) => Math.round(n * SALES_TAX_RATE);
  return {
    netTotalPaid: paidNet / 100,
    taxTotalPaid: tax(paidNet) / 100,
    grossTotalPaid: (paidNet + tax(paidNet)) / 100,
    netTotalUnpaid: unpaidNet / 100,
    taxUnPaid: tax(unpaidNet) / 100,
    grossTotalUnpaid: (unpaidNet + tax(unpaidNet)) / 100,
  };
}
