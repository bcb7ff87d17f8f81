import type { InferSelectModel } from 'drizzle-orm';
import { careLocationLabel } from '../../domain/kits/kits';
import { type ManifestRow, type ManifestsQuery } from '../../domain/kits/kit-reports';
import type { AccessContext } from '../auth/access-context';
import { prepared } from '../db/prepared';
import type { shippingManifests } from '../db/schema';
import { notFound } from '../errors';
import { pageClause } from '../db/rows';

/** A manifest as MANIFEST_COLUMNS select it: the table's row (drizzle schema) and its kits' ids. */
export type ManifestDbRow = InferSelectModel<typeof shippingManifests> & { kitIds: string[] };
/** A kit as the printed manifest lists it. */
export interface ManifestKit {
  kitId: string;
  requisitionId: string | null;
  labName: string;
  panelName: string;
  collected: Date | null;
}

const MANIFEST_COLUMNS = `m.id, m.tracking_number AS "trackingNumber", m.provider, m.care_location AS "careLocation", m.comment,
  m.created_by AS "createdBy", m.created_by_name AS "createdByName", m.created_at AS "createdAt",
  ARRAY(SELECT mk.kit_id FROM shipping_manifest_kits mk WHERE mk.manifest_id = m.id ORDER BY mk.kit_id) AS "kitIds"`;

const toManifestRow = (r: ManifestDbRow): ManifestRow => ({
  id: r.id,
  trackingNumber: r.trackingNumber,
  provider: r.provider,
  careLocation: careLocationLabel(r.careLocation),
  careLocationCode: r.careLocation,
  comment: r.comment,
  createdBy: { id: r.createdBy, name: r.createdByName },
  createdAt: r.createdAt.toISOString(),
  kitIds: r.kitIds,
  kitCount: r.kitIds.length,
});

/** Shipping manifests: kit and requisition ids, no patient data (audited without a patient). */
export const kitManifests = ({ db, audit }: AccessContext) => ({
  /** Manifests created in the date range (UTC days, both inclusive), newest first, audited. */
  async manifests(q: ManifestsQuery) {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q.careLocation && q.careLocation !== 'ALL') where.push(`m.care_location = $${params.push(q.careLocation)}`);
    if (q.from) where.push(`m.created_at >= ($${params.push(q.from)}::date::timestamp AT TIME ZONE 'UTC')`);
    if (q.to) where.push(`m.created_at < (($${params.push(q.to)}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, count] = await Promise.all([
      db.query<ManifestDbRow>(
        prepared(
          `SELECT ${MANIFEST_COLUMNS} FROM shipping_manifests m ${whereSql}
        ORDER BY m.created_at ${q.order === 'ASC' ? 'ASC' : 'DESC'}, m.id ${q.order === 'ASC' ? 'ASC' : 'DESC'} ${pageClause(q.page, q.perPage)}`,
          params,
        ),
      ),
      db.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM shipping_manifests m ${whereSql}`, params)),
    ]);
    await audit.many(
      db,
      'READ',
      'shipping_manifest',
      rows.rows.map((r) => ({ entityId: r.id, patientId: null })),
    );
    return { items: rows.rows.map(toManifestRow), total: count.rows[0].total };
  },

  /** One manifest and its kits (by kit id), for printing; 404 unknown. The print is audited by `auditPrint`. */
  async manifest(id: string) {
    const { rows } = await db.query<ManifestDbRow>(`SELECT ${MANIFEST_COLUMNS} FROM shipping_manifests m WHERE m.id = $1`, [id]);
    const m = rows[0];
    if (!m) throw notFound('no such shipping manifest');
    const { rows: kits } = await db.query<ManifestKit>(
      `SELECT k.kit_id AS "kitId", k.requisition_id AS "requisitionId", k.lab_name AS "labName",
              COALESCE(k.panel_name, k.product_name) AS "panelName", k.sample_taken_date AS collected
         FROM shipping_manifest_kits mk JOIN kits k ON k.kit_id = mk.kit_id WHERE mk.manifest_id = $1 ORDER BY k.kit_id`,
      [id],
    );
    return { manifest: m, kits };
  },

  auditPrint: (id: string) => audit.one(db, { action: 'PRINT', entityType: 'shipping_manifest', entityId: id, outcome: 'SUCCESS' }),
});
