import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../http/validation';
import { PRODUCT_ORDER_ROLES, write } from '../../domain/route-access';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import {
  addProductSchema, BOOKING_WRITES, collectPaymentSchema, deleteProductSchema, isProductPaid, lineNet, updateProductSchema, type BookingProduct,
} from '../../domain/booking-detail';
import { collectRowRefusal, rowPaysLine } from '../../domain/booking-rules';
import { actorOf } from '../auth/secure-plugin';
import { addLog, bookingWrite, loadProducts, refused, type Locked } from './repository';
import { callerOf } from './caller';
import { errors, idParam, okSchema } from './schemas';

const BASE = '/secure/booking/v1';
const cents = (dollars: number) => Math.round(dollars * 100);
const idOf = (req: { params: { id: string } }) => req.params.id;
const products = write(PRODUCT_ORDER_ROLES, { licenceBound: true });
/** `idempotent`: a double-submitted creation or payment answers once (Idempotency-Key, http/idempotency.ts). */
const route = <B extends z.ZodType>(body: B, { idempotent = false } = {}) => ({ config: { ...products, idempotent }, schema: { tags: ['bookings'], params: idParam, body, response: { 200: okSchema, ...errors } } });

/** Products and payment are product and order data (spec 2 §6): staff, clinicians and super admins. */
function productWrite<T>(pool: Pool, req: FastifyRequest & { params: { id: string } }, action: string, fn: (l: Locked) => Promise<T>) {
  if (!actorOf(req).permissions.productOrderAccess) throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noProductAccess}`);
  return bookingWrite(pool, callerOf(req), idOf(req), action === 'COLLECT_PAYMENT' ? BOOKING_WRITES.collectPayment : BOOKING_WRITES.product, action, fn);
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
      const body = req.body;
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
      const { uniqueId } = req.body;
      const product = await unpaidProduct(l, uniqueId);
      await l.client.query(`DELETE FROM booking_products WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`, [l.row.id, uniqueId]);
      await addLog(l.client, l.actor, l.row.id, 'PRODUCT', `Product ${product.name} deleted from booking`);
      return { id: l.row.id, uniqueId };
    }));

  // The name and price come from the catalogue: the client names the product, never its price.
  app.post(`${BASE}/addProduct/:id`, route(addProductSchema, { idempotent: true }), (req) =>
    productWrite(pool, req, 'ADD_PRODUCT', async (l) => {
      const body = req.body;
      const { rows } = await l.client.query<{ title: string; variantName: string | null; priceCents: number }>(
        `SELECT title, variant_name AS "variantName", price_cents AS "priceCents" FROM booking_services
          WHERE id = $1 AND slug = $2 AND variant_id IS NOT DISTINCT FROM $3 AND (state_code IS NULL OR state_code = $4)`,
        [body.id, body.slug, body.variantId, l.row.state]);
      const item = rows[0];
      if (!item) throw refused(400, BOOKING_REFUSAL_TEXT.unknownCatalogueProduct);
      const { rows: added } = await l.client.query<{ uniqueId: string }>(
        `INSERT INTO booking_products (booking_id, product_id, slug, name, variant_id, variant_name, unit_price_cents, qty)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING unique_id::text AS "uniqueId"`,
        [l.row.id, body.id, body.slug, item.title, body.variantId, item.variantName, item.priceCents, body.qty]);
      await addLog(l.client, l.actor, l.row.id, 'PRODUCT', `Product ${item.title} added (qty ${body.qty})`);
      return { id: l.row.id, uniqueId: added[0].uniqueId };
    }));

  // Collect Payment: each Cash row is checked against its line (shared rule: discount at most what is due, collected at
  // most what is due after it, cents); the cash is added to the line, which is paid once it is covered. Online rows
  // are paid on /Payment.
  app.post(`${BASE}/collectPayment/:id`, route(collectPaymentSchema, { idempotent: true }), (req) =>
    productWrite(pool, req, 'COLLECT_PAYMENT', async (l) => {
      const { rows } = req.body;
      const cash = rows.filter((r) => r.mode === 'Cash');
      if (new Set(cash.map((r) => r.uniqueId)).size !== cash.length) throw refused(400, 'Each product appears once');
      const lines = [];
      for (const r of cash) {
        const p = await unpaidProduct(l, r.uniqueId);
        const refusal = collectRowRefusal(p, r);
        if (refusal) throw refused(400, refusal);
        lines.push({ p, r });
      }
      for (const { p, r } of lines) {
        // The discount becomes part of the line's amount discount, so the line's net is what is charged.
        const discountCents = cents(p.unitPrice) * p.qty - cents(lineNet(p)) + cents(r.discount);
        await l.client.query(
          `UPDATE booking_products SET paid_cents = COALESCE(paid_cents, 0) + $3,
             payment_status = CASE WHEN $5 THEN 'PAID_CASH' ELSE payment_status END,
             discount_type = CASE WHEN $4::int > 0 THEN 'AMOUNT' ELSE discount_type END,
             discount_value_cents = CASE WHEN $4::int > 0 THEN $4::int ELSE discount_value_cents END
            WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`,
          [l.row.id, r.uniqueId, cents(r.collected), discountCents > 0 && r.discount > 0 ? discountCents : 0, rowPaysLine(p, r)]);
      }
      if (cash.length) {
        const total = cash.reduce((s, r) => s + cents(r.collected), 0) / 100;
        await addLog(l.client, l.actor, l.row.id, 'PAYMENT', `Cash payment of $${total.toFixed(2)} collected for ${cash.length} product(s)`);
      }
      return { id: l.row.id };
    }));
}
