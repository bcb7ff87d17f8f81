import type { InferSelectModel } from 'drizzle-orm';
import type { Pool } from 'pg';
import { careLocationLabel } from '../../domain/kits';
import { type ManifestRow, type ManifestsQuery } from '../../domain/kit-reports';
import type { Auditor } from '../audit/auditor';
import { assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { prepared } from '../db/prepared';
import type { shippingManifests } from '../db/schema';
import { notFound } from '../errors';
import { pageClause } from './list-query';
import { renderManifest } from './pdf';

/** A manifest as MANIFEST_COLUMNS select it: the table's row (drizzle schema) and its kits' ids. */
type ManifestDbRow = InferSelectModel<typeof shippingManifests> & { kitIds: string[] };

const MANIFEST_COLUMNS = `m.id, m.tracking_number AS "trackingNumber", m.provider, m.care_location AS "careLocation", m.comment,
  m.created_by AS "createdBy", m.created_by_name AS "createdByName", m.created_at AS "createdAt",
  ARRAY(SELECT mk.kit_id FROM shipping_manifest_kits mk WHERE mk.manifest_id = m.id ORDER BY mk.kit_id) AS "kitIds"`;

const toManifestRow = (r: ManifestDbRow): ManifestRow => ({
  id: r.id, trackingNumber: r.trackingNumber, provider: r.provider, careLocation: careLocationLabel(r.careLocation),
  careLocationCode: r.careLocation, comment: r.comment, createdBy: { id: r.createdBy, name: r.createdByName },
  createdAt: r.createdAt.toISOString(), kitIds: r.kitIds, kitCount: r.kitIds.length,
});

/** GET /secure/kit/manifests?from=&to=&careLocation=: manifests created in the date range (UTC days, both inclusive), newest first. */
export async function listManifests(pool: Pool, actor: Actor, audit: Auditor, q: ManifestsQuery) {
  assertProductOrderAccess(actor);
  const params: unknown[] = [];
  const where: string[] = [];
  if (q.careLocation && q.careLocation !== 'ALL') where.push(`m.care_location = $${params.push(q.careLocation)}`);
  if (q.from) where.push(`m.created_at >= ($${params.push(q.from)}::date::timestamp AT TIME ZONE 'UTC')`);
  if (q.to) where.push(`m.created_at < (($${params.push(q.to)}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, count] = await Promise.all([
    pool.query<ManifestDbRow>(prepared(`SELECT ${MANIFEST_COLUMNS} FROM shipping_manifests m ${whereSql}
      ORDER BY m.created_at ${q.order === 'ASC' ? 'ASC' : 'DESC'}, m.id ${q.order === 'ASC' ? 'ASC' : 'DESC'} ${pageClause(q.page, q.perPage)}`, params)),
    pool.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM shipping_manifests m ${whereSql}`, params)),
  ]);
  await audit.many(pool, 'READ', 'shipping_manifest', rows.rows.map((r) => ({ entityId: r.id, patientId: null })));
  return { items: rows.rows.map(toManifestRow), total: count.rows[0].total };
}

/** GET /secure/kit/manifests/{id}/pdf: the printable manifest (kits by kit and requisition id; no patient names). */
export async function manifestPdf(pool: Pool, actor: Actor, audit: Auditor, id: string): Promise<{ id: string; pdf: Buffer }> {
  assertProductOrderAccess(actor);
  const { rows } = await pool.query<ManifestDbRow>(`SELECT ${MANIFEST_COLUMNS} FROM shipping_manifests m WHERE m.id = $1`, [id]);
  const m = rows[0];
  if (!m) throw notFound('no such shipping manifest');
  const { rows: kits } = await pool.query<{ kitId: string; requisitionId: string | null; labName: string; panelName: string; collected: Date | null }>(
    `SELECT k.kit_id AS "kitId", k.requisition_id AS "requisitionId", k.lab_name AS "labName",
            COALESCE(k.panel_name, k.product_name) AS "panelName", k.sample_taken_date AS collected
       FROM shipping_manifest_kits mk JOIN kits k ON k.kit_id = mk.kit_id WHERE mk.manifest_id = $1 ORDER BY k.kit_id`, [id]);
  const pdf = await renderManifest({
    id: m.id, trackingNumber: m.trackingNumber, provider: m.provider, careLocation: careLocationLabel(m.careLocation) ?? m.careLocation,
    createdAt: m.createdAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC', createdBy: m.createdByName, comment: m.comment,
    kits: kits.map((k) => ({ ...k, collected: k.collected ? k.collected.toISOString().slice(0, 10) : null })),
  });
  await audit.one(pool, { action: 'PRINT', entityType: 'shipping_manifest', entityId: m.id, outcome: 'SUCCESS' });
  return { id: m.id, pdf };
}
