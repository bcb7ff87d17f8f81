import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-detail/booking-access';
import { BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { isProductPaid, lineNet } from '../../domain/booking-detail/booking-money';
import { type addProductSchema, type collectPaymentSchema, type updateProductSchema } from '../../domain/booking-detail/booking-requests';
import { type BookingProduct } from '../../domain/booking-detail/booking-detail';
import { collectRowRefusal, rowPaysLine } from '../../domain/bookings/booking-rules';
import type { DataAccess } from '../data/access';
import { refused, type BookingLock } from './repository';

const cents = (dollars: number) => Math.round(dollars * 100);

/** Products and payment are product and order data (spec 2 §6): staff, clinicians and super admins. */
function productWrite<T>(data: DataAccess, id: string, action: string, fn: (b: BookingLock) => Promise<T>) {
  if (!data.actor.permissions.productOrderAccess) throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noProductAccess}`);
  return data.bookings.write(id, action === 'COLLECT_PAYMENT' ? BOOKING_WRITES.collectPayment : BOOKING_WRITES.product, action, fn);
}

/** The booking's product `uniqueId`, under the booking's lock; 404 when it is not on this booking, 409 when it is paid. */
async function unpaidProduct(b: BookingLock, uniqueId: string): Promise<BookingProduct> {
  const product = (await b.products()).find((p) => p.uniqueId === uniqueId);
  if (!product) throw refused(404, BOOKING_REFUSAL_TEXT.noSuchProduct);
  if (isProductPaid(product)) throw refused(409, BOOKING_REFUSAL_TEXT.paidProduct);
  return product;
}

/** Edits an unpaid product (with a reason): a percent discount is whole percent up to 100, an amount in cents. */
export const updateProduct = (data: DataAccess, id: string, body: z.infer<typeof updateProductSchema>) =>
  productWrite(data, id, 'UPDATE_PRODUCT', async (b) => {
    const before = await unpaidProduct(b, body.uniqueId);
    const discountType = body.discountType ?? null;
    const discount =
      discountType === null ? null : discountType === 'PERCENT' ? Math.min(100, Math.round(body.discountValue ?? 0)) : cents(body.discountValue ?? 0);
    await b.updateProduct({
      uniqueId: body.uniqueId,
      name: body.name,
      qty: body.qty,
      unitPriceCents: cents(body.unitPrice),
      discountType,
      discount,
      reasonOrComment: body.reasonOrComment,
    });
    await b.log(
      'PRODUCT',
      `Product ${before.name} updated (qty ${before.qty} -> ${body.qty}, price ${before.unitPrice} -> ${body.unitPrice}): ${body.reasonOrComment}`,
    );
    return { id: b.row.id, uniqueId: body.uniqueId };
  });

export const deleteProduct = (data: DataAccess, id: string, uniqueId: string) =>
  productWrite(data, id, 'DELETE_PRODUCT', async (b) => {
    const product = await unpaidProduct(b, uniqueId);
    await b.deleteProduct(uniqueId);
    await b.log('PRODUCT', `Product ${product.name} deleted from booking`);
    return { id: b.row.id, uniqueId };
  });

/** The name and price come from the catalogue: the client names the product, never its price. */
export const addProduct = (data: DataAccess, id: string, body: z.infer<typeof addProductSchema>) =>
  productWrite(data, id, 'ADD_PRODUCT', async (b) => {
    const item = await b.catalogueItem({ id: body.id, slug: body.slug, variantId: body.variantId });
    if (!item) throw refused(400, BOOKING_REFUSAL_TEXT.unknownCatalogueProduct);
    const uniqueId = await b.addProduct({
      id: body.id,
      slug: body.slug,
      title: item.title,
      variantId: body.variantId,
      variantName: item.variantName,
      priceCents: item.priceCents,
      qty: body.qty,
    });
    await b.log('PRODUCT', `Product ${item.title} added (qty ${body.qty})`);
    return { id: b.row.id, uniqueId };
  });

/**
 * Collect Payment: each Cash row is checked against its line (shared rule: discount at most what is due, collected at
 * most what is due after it, cents); the cash is added to the line, which is paid once it is covered. Online rows are
 * paid on /Payment.
 */
export const collectPayment = (data: DataAccess, id: string, body: z.infer<typeof collectPaymentSchema>) =>
  productWrite(data, id, 'COLLECT_PAYMENT', async (b) => {
    const cash = body.rows.filter((r) => r.mode === 'Cash');
    if (new Set(cash.map((r) => r.uniqueId)).size !== cash.length) throw refused(400, 'Each product appears once');
    const lines = [];
    for (const r of cash) {
      const p = await unpaidProduct(b, r.uniqueId);
      const refusal = collectRowRefusal(p, r);
      if (refusal) throw refused(400, refusal);
      lines.push({ p, r });
    }
    for (const { p, r } of lines) {
      // The discount becomes part of the line's amount discount, so the line's net is what is charged.
      const discountCents = cents(p.unitPrice) * p.qty - cents(lineNet(p)) + cents(r.discount);
      await b.collectCash(r.uniqueId, cents(r.collected), discountCents > 0 && r.discount > 0 ? discountCents : 0, rowPaysLine(p, r));
    }
    if (cash.length) {
      const total = cash.reduce((s, r) => s + cents(r.collected), 0) / 100;
      await b.log('PAYMENT', `Cash payment of $${total.toFixed(2)} collected for ${cash.length} product(s)`);
    }
    return { id: b.row.id };
  });
