import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../http/validation';
import { PRODUCT_ORDER_ROLES, write } from '../../domain/route-access';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import {
  addProductSchema, BOOKING_WRITES, collectPaymentSchema, deleteProductSchema, isProductPaid, updateProductSchema, type BookingProduct,
} from '../../domain/booking-detail';
import { actorOf } from '../auth/secure-plugin';
import { addLog, bookingWrite, loadProducts, refused, type Locked } from './repository';
import { errors, idParam, okSchema } from './schemas';

const BASE = '/secure/booking/v1';
const cents = (dollars: number) => Math.round(dollars * 100);
const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;
const products = write(PRODUCT_ORDER_ROLES, { licenceBound: true });
/** `idempotent`: a double-submitted creation or payment answers once (Idempotency-Key, http/idempotency.ts). */
const route = (body: z.ZodType, { idempotent = false } = {}) => ({ config: { ...products, idempotent }, schema: { tags: ['bookings'], params: idParam, body, response: { 200: okSchema, ...errors } } });

/** Products and payment are product and order data (spec 2 §6): staff, clinicians and super admins. */
function productWrite<T>(pool: Pool, req: FastifyRequest, action: string, fn: (l: Locked) => Promise<T>) {
  if (!actorOf(req).permissions.productOrderAccess) throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noProductAccess}`);
  return bookingWrite(pool, req, idOf(req), action === 'COLLECT_PAYMENT' ? BOOKING_WRITES.collectPayment : BOOKING_WRITES.product, action, fn);
}

/** The booking's product `uniqueId`, locked; 404 when it is not on this booking, 409 when it is paid. */
async function unpaidProduct(l: Locked, uniqueId: string): Promise<BookingProduct> {
  const product = (await loadProducts(l.client, l.row.id)).find((p) => p.uniqueId === uniqueId);
  if (!product) throw refused(404, BOOKING_REFUSAL_TEXT.noSuchProduct);
  if (isProductPaid(product)) throw refused(409, BOOKING_REFUSAL_TEXT.paidProduct);
  return product;
}

/** Booking products and payment (spec 2 §3, §4, §5): edit (with a reason), delete, add, collect cash. */
export function bookingProductRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.patch(`${BASE}/updateProduct/:id`, route(updateProductSchema), (req) =>
    productWrite(pool, req, 'UPDATE_PRODUCT', async (l) => {
      const body = req.body as z.infer<typeof updateProductSchema>;
      const before = await unpaidProduct(l, body.uniqueId);
      const discountType = body.discountType ?? null;
      const discount = discountType === null ? null : discountType === 'PERCENT' ? Math.min(100, Math.round(body.discountValue ?? 0)) : cents(body.discountValue ?? 0);
      await l.client.query(
        `UPDATE booking_products SET name = $3, qty = $4, unit_price_cents = $5, discount_type = $6, discount_value_cents = $7, reason_or_comment = $8
          WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`,
        [l.row.id, body.uniqueId, body.name, body.qty, cents(body.unitPrice), discountType, discount, body.reasonOrComment]);
      await addLog(l.client, l.actor, l.row.id, 'PRODUCT',
        `Product ${before.name} updated (qty ${before.qty} -> ${body.qty}, price ${before.unitPrice} -> ${body.unitPrice}): ${body.reasonOrComment}`);
      return { id: l.row.id, uniqueId: body.uniqueId };
    }));

  app.post(`${BASE}/deleteProduct/:id`, route(deleteProductSchema), (req) =>
    productWrite(pool, req, 'DELETE_PRODUCT', async (l) => {
      const { uniqueId } = req.body as { uniqueId: string };
      const product = await unpaidProduct(l, uniqueId);
      await l.client.query(`DELETE FROM booking_products WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`, [l.row.id, uniqueId]);
      await addLog(l.client, l.actor, l.row.id, 'PRODUCT', `Product ${product.name} deleted from booking`);
      return { id: l.row.id, uniqueId };
    }));

  app.post(`${BASE}/addProduct/:id`, route(addProductSchema, { idempotent: true }), (req) =>
    productWrite(pool, req, 'ADD_PRODUCT', async (l) => {
      const body = req.body as z.infer<typeof addProductSchema>;
      const { rows } = await l.client.query<{ variantName: string | null }>(
        `SELECT variant_name AS "variantName" FROM booking_services WHERE id = $1 AND slug = $2 AND variant_id IS NOT DISTINCT FROM $3
            AND (state_code IS NULL OR state_code = $4)`, [body.id, body.slug, body.variantId, l.row.state]);
      if (!rows[0]) throw refused(400, BOOKING_REFUSAL_TEXT.unknownCatalogueProduct);
      const { rows: added } = await l.client.query<{ uniqueId: string }>(
        `INSERT INTO booking_products (booking_id, product_id, slug, name, variant_id, variant_name, unit_price_cents, qty)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING unique_id::text AS "uniqueId"`,
        [l.row.id, body.id, body.slug, body.name, body.variantId, rows[0].variantName, cents(body.unitPrice), body.qty]);
      await addLog(l.client, l.actor, l.row.id, 'PRODUCT', `Product ${body.name} added (qty ${body.qty})`);
      return { id: l.row.id, uniqueId: added[0].uniqueId };
    }));

  // Collect Payment: Cash rows mark their line paid with the collected amount; Online rows are paid on /Payment.
  app.post(`${BASE}/collectPayment/:id`, route(collectPaymentSchema, { idempotent: true }), (req) =>
    productWrite(pool, req, 'COLLECT_PAYMENT', async (l) => {
      const { rows } = req.body as z.infer<typeof collectPaymentSchema>;
      const cash = rows.filter((r) => r.mode === 'Cash');
      for (const r of cash) await unpaidProduct(l, r.uniqueId);
      for (const r of cash) {
        await l.client.query(
          `UPDATE booking_products SET payment_status = 'PAID_CASH', paid_cents = $3,
             discount_type = CASE WHEN $4::int > 0 THEN 'AMOUNT' ELSE discount_type END,
             discount_value_cents = CASE WHEN $4::int > 0 THEN $4::int ELSE discount_value_cents END
            WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`,
          [l.row.id, r.uniqueId, cents(r.collected), cents(r.discount)]);
      }
      if (cash.length) {
        const total = cash.reduce((s, r) => s + cents(r.collected), 0) / 100;
        await addLog(l.client, l.actor, l.row.id, 'PAYMENT', `Cash payment of $${total.toFixed(2)} collected for ${cash.length} product(s)`);
      }
      return { id: l.row.id };
    }));
}
