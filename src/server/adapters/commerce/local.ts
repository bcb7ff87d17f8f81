import type { Pool } from 'pg';
import { SEX_AT_BIRTH, type CommerceProduct, type SexAtBirth, type ShippingMethod } from '../../../domain/super-admin/super-admin';
import { badRequest } from '../../errors';
import type { CommerceAdapter } from './types';

const sexOf = (v: string): SexAtBirth | null => ((SEX_AT_BIRTH as readonly string[]).includes(v) ? (v as SexAtBirth) : null);

/**
 * Local storefront (npm start, tests): the catalogue and shipping methods of spec 3 §9 live in PostgreSQL
 * (commerce_products, commerce_variants, commerce_shipping_methods; migration 0021) and orders are commerce_orders
 * rows numbered from 100001 (order id SO-<number>). Nothing leaves the machine.
 */
export function localCommerce(pool: Pool): CommerceAdapter {
  return {
    provider: 'local',
    async listProducts() {
      const { rows } = await pool.query<{ id: string; name: string; kind: 'KIT' | 'PREP'; variantId: string; sex: string }>(
        `SELECT p.id, p.name, p.kind, v.id AS "variantId", v.sex_at_birth AS sex
           FROM commerce_products p JOIN commerce_variants v ON v.product_id = p.id ORDER BY p.sort_order, v.sort_order`,
      );
      const products = new Map<string, CommerceProduct>();
      for (const r of rows) {
        const p = products.get(r.id) ?? { id: r.id, name: r.name, kind: r.kind, variants: [] };
        p.variants.push({ id: r.variantId, name: `${r.name} (${r.sex})`, sexAtBirth: sexOf(r.sex) });
        products.set(r.id, p);
      }
      return [...products.values()];
    },
    async listShippingMethods(): Promise<ShippingMethod[]> {
      const { rows } = await pool.query<{ id: string; name: string; price: string }>(
        'SELECT id, name, price::text AS price FROM commerce_shipping_methods ORDER BY sort_order',
      );
      return rows.map((r) => ({ id: r.id, name: r.name, price: Number(r.price) }));
    },
    async createOrder(db, o, createdBy) {
      const variant = await db.query<{ productName: string }>(
        `SELECT p.name AS "productName" FROM commerce_variants v JOIN commerce_products p ON p.id = v.product_id WHERE v.id = $1`,
        [o.variantId],
      );
      if (!variant.rows[0]) throw badRequest('Please select a product');
      const shipping = await db.query('SELECT 1 FROM commerce_shipping_methods WHERE id = $1', [o.shippingMethodId]);
      if (!shipping.rows[0]) throw badRequest('Please select a shipping method');
      const { rows } = await db.query<{ id: string; number: string; status: string }>(
        `WITH n AS (SELECT nextval('commerce_order_number_seq') AS number)
         INSERT INTO commerce_orders (id, number, variant_id, shipping_method_id, first_name, last_name, email, phone, address, amount_paid,
                                      partner_id, created_by)
         SELECT 'SO-' || n.number, n.number, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM n
         RETURNING id, number::text AS number, status`,
        [
          o.variantId,
          o.shippingMethodId,
          o.firstName,
          o.lastName,
          o.email,
          o.phone,
          JSON.stringify(o.userAddress),
          o.amountPaid,
          o.partnerId,
          createdBy,
        ],
      );
      return { orderId: rows[0].id, number: rows[0].number, status: rows[0].status, productName: variant.rows[0].productName };
    },
  };
}
