import type { Pool } from 'pg';
import { detectFileKind, MIME_OF } from '../../domain/files';
import {
  base64Of, isPrepProduct, LABCORP_VENDOR, MAX_LABCORP_PDF_BYTES, orderPayloadWarning, PREP_PARTNER_ID, type LabcorpResultType, type SaleorOrder,
} from '../../domain/super-admin';
import type { CommerceAdapter } from '../adapters/commerce';
import type { AppStorage } from '../adapters/object-storage';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { withTx } from '../db/tx';
import { ApiError, badRequest, notFound } from '../errors';
import { addEvent } from '../patients/repository';

export interface SuperAdminDeps { pool: Pool; storage: AppStorage; commerce: CommerceAdapter }

/** Orders the panel creates: placed through the storefront, shipped to the patient, no kit yet. */
export const STOREFRONT_VENDOR = 'SALEOR';
export const NEW_ORDER_STATUS = 'PENDING_SHIPMENT';
export const STOREFRONT_CARE_LOCATION = 'ONLINE';
export const LABCORP_CATEGORY = 'LABCORP_RESULTS';

/**
 * POST /secure/clinician/saleorOrder: the spec's checks in its order (400 naming the first), the product decides kit
 * or PrEP (a PrEP order always carries the fixed partner code, a kit order none), then in one transaction the
 * storefront order, the portal's order row (the order report and the patient's kit tab read it), its history, the
 * patient's event and the audit row.
 */
export async function createStorefrontOrder({ pool, commerce }: SuperAdminDeps, audit: Auditor, actor: Actor, body: SaleorOrder) {
  const warning = orderPayloadWarning(body);
  if (warning) throw badRequest(warning);
  const products = await commerce.listProducts();
  const product = products.find((p) => p.variants.some((v) => v.id === body.variantId));
  if (!product) throw badRequest('Please select a product');
  if (!(await commerce.listShippingMethods()).some((m) => m.id === body.shippingMethodId)) throw badRequest('Please select a shipping method');
  const prep = product.kind === 'PREP' || isPrepProduct(product.name);
  const order = { ...body, partnerId: prep ? PREP_PARTNER_ID : null };
  return withTx(pool, async (client) => {
    let patientId: string | null;
    if (body.patientId) {
      const { rows } = await client.query('SELECT id FROM patients WHERE id = $1', [body.patientId]);
      if (!rows[0]) throw notFound('no such patient');
      patientId = body.patientId;
    } else {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM patients WHERE lower(email) = $1 ORDER BY created_at LIMIT 1', [body.email]);
      patientId = rows[0]?.id ?? null;
    }
    const placed = await commerce.createOrder(client, order, actor.sub);
    const productName = placed.productName || product.name;
    await client.query(
      `INSERT INTO orders (id, kit_id, patient_id, status, email, vendor, care_location, product_name) VALUES ($1, NULL, $2, $3, $4, $5, $6, $7)`,
      [placed.orderId, patientId, NEW_ORDER_STATUS, body.email, STOREFRONT_VENDOR, STOREFRONT_CARE_LOCATION, productName]);
    await writeHistory(client, actor, {
      entityType: 'order', entityId: placed.orderId, action: prep ? 'PREP_ORDER_CREATED' : 'KIT_ORDER_CREATED', toStatus: NEW_ORDER_STATUS,
      comment: `${commerce.provider} storefront order ${placed.number ?? placed.orderId}`,
    });
    if (patientId) await addEvent(client, patientId, { entityType: 'ORDER', entityId: placed.orderId, eventType: 'ORDER_CREATED', actorType: 'SUPER_ADMIN' });
    await audit.one(client, { action: 'CREATE', entityType: 'order', entityId: placed.orderId, patientId, outcome: 'SUCCESS' });
    return { orderId: placed.orderId, number: placed.number, status: NEW_ORDER_STATUS, productName };
  });
}

/** A patient's orders by e-mail, newest first (the Labcorp upload filters them to LABCORP on the client, spec 3 §7). */
export async function ordersByEmail({ pool }: SuperAdminDeps, audit: Auditor, email: string) {
  const { rows } = await pool.query<{ id: string; kitId: string | null; productName: string | null; fulfillmentStatus: string; vendor: string;
    createdAt: Date; patientId: string | null }>(
    `SELECT o.id, o.kit_id AS "kitId", COALESCE(k.product_name, o.product_name) AS "productName", o.status AS "fulfillmentStatus", o.vendor,
            o.created_at AS "createdAt", o.patient_id::text AS "patientId"
       FROM orders o LEFT JOIN kits k ON k.kit_id = o.kit_id
      WHERE lower(o.email) = lower($1) ORDER BY o.created_at DESC, o.id DESC LIMIT 200`, [email]);
  await audit.many(pool, 'READ', 'order', rows.map((r) => ({ entityId: r.id, patientId: r.patientId })));
  return rows.map(({ patientId: _p, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * POST /secure/clinician/labcorp/result/{orderId}/{resultType}: the PDF (base64) is checked by its first bytes and size,
 * stored through the object-storage adapter, and linked to the Labcorp order and its patient with the result type;
 * history, the patient's event and the audit row commit with it (a failed commit removes the stored object).
 */
export async function uploadLabcorpResult({ pool, storage }: SuperAdminDeps, audit: Auditor, actor: Actor,
  p: { orderId: string; resultType: LabcorpResultType }, body: { fileName: string; fileContent: string }) {
  const { rows } = await pool.query<{ patientId: string | null; vendor: string }>(
    'SELECT patient_id::text AS "patientId", vendor FROM orders WHERE id = $1', [p.orderId]);
  if (!rows[0] || rows[0].vendor !== LABCORP_VENDOR) throw notFound('no such Labcorp order');
  const b64 = base64Of(body.fileContent).replace(/\s+/g, '');
  if (!BASE64.test(b64) || b64.length % 4 !== 0) throw badRequest('the file content is not base64');
  const file = Buffer.from(b64, 'base64');
  if (file.length === 0) throw badRequest('the file is empty');
  if (file.length > MAX_LABCORP_PDF_BYTES) throw new ApiError(413, 'Payload too large', `file is larger than ${MAX_LABCORP_PDF_BYTES / 1024 / 1024} MB`);
  if (detectFileKind(file.subarray(0, 16)) !== 'pdf') throw badRequest('the file content is not a PDF');
  const stored = await storage.put(LABCORP_CATEGORY, file, MIME_OF.pdf, 'pdf');
  const patientId = rows[0].patientId;
  try {
    return await withTx(pool, async (client) => {
      await client.query(
        `INSERT INTO stored_files (key, category, original_name, content_type, size_bytes, uploaded_by, record_type, record_id, patient_id)
         VALUES ($1, $2, $3, $4, $5, $6, 'ORDER', $7, $8)`,
        [stored.key, LABCORP_CATEGORY, body.fileName, MIME_OF.pdf, file.length, actor.sub, p.orderId, patientId]);
      const { rows: out } = await client.query<{ id: string }>(
        `INSERT INTO labcorp_results (order_id, patient_id, result_type, file_key, uploaded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
        [p.orderId, patientId, p.resultType, stored.key, actor.sub]);
      await writeHistory(client, actor, { entityType: 'order', entityId: p.orderId, action: 'LABCORP_RESULT_UPLOADED', comment: p.resultType });
      if (patientId) await addEvent(client, patientId, { entityType: 'ORDER', entityId: p.orderId, eventType: 'LABCORP_RESULT_UPLOADED', actorType: 'SUPER_ADMIN' });
      await audit.one(client, { action: 'UPLOAD', entityType: 'labcorp_result', entityId: out[0].id, patientId, outcome: 'SUCCESS' });
      return { id: out[0].id, orderId: p.orderId, resultType: p.resultType, fileName: body.fileName, size: file.length };
    });
  } catch (error) {
    await storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}
