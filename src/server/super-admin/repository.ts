import type { SaleorOrder, LabcorpResultType } from '../../domain/super-admin/super-admin';
import { LABCORP_VENDOR } from '../../domain/super-admin/super-admin';
import type { CommerceAdapter } from '../adapters/commerce';
import type { AccessContext } from '../auth/access-context';
import { writeHistory } from '../audit/history';
import { notFound } from '../errors';
import { addEvent } from '../patients/repository';

/** Orders the panel creates: placed through the storefront, shipped to the patient, no kit yet. */
export const STOREFRONT_VENDOR = 'SALEOR';
export const NEW_ORDER_STATUS = 'PENDING_SHIPMENT';
export const STOREFRONT_CARE_LOCATION = 'ONLINE';
export const LABCORP_CATEGORY = 'LABCORP_RESULTS';

/**
 * The super-admin panel's records (the routes admit super admins only): storefront orders and the portal's order rows,
 * a patient's orders by e-mail, Labcorp results. Every write records its history, the patient's event and the
 * request's audit row with the patient; every read is audited.
 */
export const superAdminRepository = ({ db, tx, actor, audit }: AccessContext) => {
  const inTx = () => {
    if (!tx) throw new Error('a super-admin change is written inside a transaction (data.transaction)');
    return tx;
  };
  return {
    /** Audits a read of the storefront's catalogue (products, shipping methods): no patient. */
    auditRead: (entityType: 'commerce_product' | 'commerce_shipping_method') => audit.one(db, { action: 'READ', entityType, outcome: 'SUCCESS' }),

    /**
     * Places a checked storefront order for its patient (named: 404 when unknown; else the oldest patient with the
     * order's e-mail, or none) and records the portal's order row, its history, the patient's event and the audit.
     */
    async placeStorefrontOrder(commerce: CommerceAdapter, order: SaleorOrder & { partnerId: string | null }, productName: string, prep: boolean) {
      const client = inTx();
      let patientId: string | null;
      if (order.patientId) {
        const { rows } = await client.query('SELECT id FROM patients WHERE id = $1', [order.patientId]);
        if (!rows[0]) throw notFound('no such patient');
        patientId = order.patientId;
      } else {
        const { rows } = await client.query<{ id: string }>('SELECT id FROM patients WHERE lower(email) = $1 ORDER BY created_at LIMIT 1', [
          order.email,
        ]);
        patientId = rows[0]?.id ?? null;
      }
      const placed = await commerce.createOrder(client, order, actor.sub);
      const name = placed.productName || productName;
      await client.query(
        `INSERT INTO orders (id, kit_id, patient_id, status, email, vendor, care_location, product_name) VALUES ($1, NULL, $2, $3, $4, $5, $6, $7)`,
        [placed.orderId, patientId, NEW_ORDER_STATUS, order.email, STOREFRONT_VENDOR, STOREFRONT_CARE_LOCATION, name],
      );
      await writeHistory(client, actor, {
        entityType: 'order',
        entityId: placed.orderId,
        action: prep ? 'PREP_ORDER_CREATED' : 'KIT_ORDER_CREATED',
        toStatus: NEW_ORDER_STATUS,
        comment: `${commerce.provider} storefront order ${placed.number ?? placed.orderId}`,
      });
      if (patientId)
        await addEvent(client, patientId, { entityType: 'ORDER', entityId: placed.orderId, eventType: 'ORDER_CREATED', actorType: 'SUPER_ADMIN' });
      await audit.one(client, { action: 'CREATE', entityType: 'order', entityId: placed.orderId, patientId, outcome: 'SUCCESS' });
      return { orderId: placed.orderId, number: placed.number, status: NEW_ORDER_STATUS, productName: name };
    },

    /** A patient's orders by e-mail, newest first (at most 200), each audited with its patient. */
    async ordersByEmail(email: string) {
      const { rows } = await db.query<{
        id: string;
        kitId: string | null;
        productName: string | null;
        fulfillmentStatus: string;
        vendor: string;
        createdAt: Date;
        patientId: string | null;
      }>(
        `SELECT o.id, o.kit_id AS "kitId", COALESCE(k.product_name, o.product_name) AS "productName", o.status AS "fulfillmentStatus", o.vendor,
                o.created_at AS "createdAt", o.patient_id::text AS "patientId"
           FROM orders o LEFT JOIN kits k ON k.kit_id = o.kit_id
          WHERE lower(o.email) = lower($1) ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
        [email],
      );
      await audit.many(
        db,
        'READ',
        'order',
        rows.map((r) => ({ entityId: r.id, patientId: r.patientId })),
      );
      return rows.map(({ patientId: _p, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** A Labcorp order's patient (null for none); any other order, or none, is 404. */
    async labcorpOrder(orderId: string): Promise<{ patientId: string | null }> {
      const { rows } = await db.query<{ patientId: string | null; vendor: string }>(
        'SELECT patient_id::text AS "patientId", vendor FROM orders WHERE id = $1',
        [orderId],
      );
      if (!rows[0] || rows[0].vendor !== LABCORP_VENDOR) throw notFound('no such Labcorp order');
      return { patientId: rows[0].patientId };
    },

    /** Links a stored Labcorp PDF to its order and patient with the result type; history, the patient's event, audit. */
    async addLabcorpResult(r: {
      orderId: string;
      patientId: string | null;
      resultType: LabcorpResultType;
      key: string;
      fileName: string;
      contentType: string;
      size: number;
    }) {
      const client = inTx();
      await client.query(
        `INSERT INTO stored_files (key, category, original_name, content_type, size_bytes, uploaded_by, record_type, record_id, patient_id)
         VALUES ($1, $2, $3, $4, $5, $6, 'ORDER', $7, $8)`,
        [r.key, LABCORP_CATEGORY, r.fileName, r.contentType, r.size, actor.sub, r.orderId, r.patientId],
      );
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO labcorp_results (order_id, patient_id, result_type, file_key, uploaded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
        [r.orderId, r.patientId, r.resultType, r.key, actor.sub],
      );
      await writeHistory(client, actor, { entityType: 'order', entityId: r.orderId, action: 'LABCORP_RESULT_UPLOADED', comment: r.resultType });
      if (r.patientId)
        await addEvent(client, r.patientId, {
          entityType: 'ORDER',
          entityId: r.orderId,
          eventType: 'LABCORP_RESULT_UPLOADED',
          actorType: 'SUPER_ADMIN',
        });
      await audit.one(client, { action: 'UPLOAD', entityType: 'labcorp_result', entityId: rows[0].id, patientId: r.patientId, outcome: 'SUCCESS' });
      return rows[0].id;
    },
  };
};
export type SuperAdminRepository = ReturnType<typeof superAdminRepository>;
