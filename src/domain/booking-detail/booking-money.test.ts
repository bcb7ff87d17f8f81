import { describe, expect, it } from 'vitest';
import { isProductPaid, productTotals } from './booking-money';
import { type BookingProduct } from './booking-detail';

describe('products', () => {
  const p = (o: Partial<BookingProduct>): BookingProduct => ({
    uniqueId: 'u',
    id: 'p',
    slug: 's',
    name: 'n',
    variantId: null,
    variantName: null,
    unitPrice: 10,
    qty: 1,
    paymentStatus: 'UNPAID',
    reasonOrComment: null,
    discountType: null,
    discountValue: null,
    ...o,
  });
  it('counts a product as paid when its status is present and not UNPAID', () => {
    expect(isProductPaid(p({ paymentStatus: 'UNPAID' }))).toBe(false);
    expect(isProductPaid(p({ paymentStatus: null }))).toBe(false);
    expect(isProductPaid(p({ paymentStatus: 'PAID' }))).toBe(true);
  });
  it('totals paid and unpaid lines with discounts and 8 % tax in cents', () => {
    const t = productTotals([
      p({ unitPrice: 49.99, qty: 2, discountType: 'PERCENT', discountValue: 10 }),
      p({ unitPrice: 20, paymentStatus: 'PAID' }),
    ]);
    expect(t).toEqual({ netTotalPaid: 20, taxTotalPaid: 1.6, grossTotalPaid: 21.6, netTotalUnpaid: 89.98, taxUnPaid: 7.2, grossTotalUnpaid: 97.18 });
  });
});
