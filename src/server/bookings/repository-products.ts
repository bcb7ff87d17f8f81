import type { Pool, PoolClient } from 'pg';
import { loadProducts } from './repository-rows';
import type { Locked } from './repository-write';

/** A booking product's editable values, in cents (a percent discount as its percent). */
export interface ProductChange {
  uniqueId: string;
  name: string;
  qty: number;
  unitPriceCents: number;
  discountType: 'PERCENT' | 'AMOUNT' | null;
  discount: number | null;
  reasonOrComment: string;
}

/** The store's catalogue (booking services) for a state: groups in their order, each with its products in dollars. */
export async function catalogue(db: Pool | PoolClient, stateCode: string | null) {
  const { rows } = await db.query<{
    group: string;
    items: Array<{ id: string; slug: string; title: string; variantId: string | null; variantName: string | null; price: number }>;
  }>(
    `SELECT group_title AS "group", json_agg(json_build_object('id', id, 'slug', slug, 'title', title, 'variantId', variant_id,
            'variantName', variant_name, 'price', price_cents / 100.0) ORDER BY sort_order) AS items
       FROM booking_services WHERE state_code IS NULL OR state_code = $1 GROUP BY group_title ORDER BY min(sort_order)`,
    [stateCode],
  );
  return rows.map((r) => ({ title: r.group, bookingProducts: r.items }));
}

/**
 * The product and payment writes on a locked booking (spec 2 §3, §4, §5). Each change touches only an unpaid line of
 * this booking, so a line paid meanwhile is never changed.
 */
export function lockedProducts({ client, row }: Locked) {
  return {
    /** The booking's products, read under its lock. */
    products: () => loadProducts(client, row.id),
    async updateProduct(p: ProductChange) {
      await client.query(
        `UPDATE booking_products SET name = $3, qty = $4, unit_price_cents = $5, discount_type = $6, discount_value_cents = $7, reason_or_comment = $8
          WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`,
        [row.id, p.uniqueId, p.name, p.qty, p.unitPriceCents, p.discountType, p.discount, p.reasonOrComment],
      );
    },
    async deleteProduct(uniqueId: string) {
      await client.query(`DELETE FROM booking_products WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`, [row.id, uniqueId]);
    },
    /** The catalogue item a client names (id, slug and variant), offered in the booking's state; undefined when none. */
    async catalogueItem(item: { id: string; slug: string; variantId: string | null }) {
      const { rows } = await client.query<{ title: string; variantName: string | null; priceCents: number }>(
        `SELECT title, variant_name AS "variantName", price_cents AS "priceCents" FROM booking_services
          WHERE id = $1 AND slug = $2 AND variant_id IS NOT DISTINCT FROM $3 AND (state_code IS NULL OR state_code = $4)`,
        [item.id, item.slug, item.variantId, row.state],
      );
      return rows[0];
    },
    /** Adds a product line at the catalogue's name and price; answers its unique id. */
    async addProduct(p: {
      id: string;
      slug: string;
      title: string;
      variantId: string | null;
      variantName: string | null;
      priceCents: number;
      qty: number;
    }) {
      const { rows } = await client.query<{ uniqueId: string }>(
        `INSERT INTO booking_products (booking_id, product_id, slug, name, variant_id, variant_name, unit_price_cents, qty)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING unique_id::text AS "uniqueId"`,
        [row.id, p.id, p.slug, p.title, p.variantId, p.variantName, p.priceCents, p.qty],
      );
      return rows[0].uniqueId;
    },
    /**
     * Cash collected on a line: added to what it has collected; `discountCents` (when > 0) becomes the line's amount
     * discount; `paysLine` marks it paid in cash.
     */
    async collectCash(uniqueId: string, collectedCents: number, discountCents: number, paysLine: boolean) {
      await client.query(
        `UPDATE booking_products SET paid_cents = COALESCE(paid_cents, 0) + $3,
           payment_status = CASE WHEN $5 THEN 'PAID_CASH' ELSE payment_status END,
           discount_type = CASE WHEN $4::int > 0 THEN 'AMOUNT' ELSE discount_type END,
           discount_value_cents = CASE WHEN $4::int > 0 THEN $4::int ELSE discount_value_cents END
          WHERE unique_id = $2 AND booking_id = $1 AND payment_status = 'UNPAID'`,
        [row.id, uniqueId, collectedCents, discountCents, paysLine],
      );
    },
  };
}
