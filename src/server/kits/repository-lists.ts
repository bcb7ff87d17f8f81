import { type KitListQuery } from '../../domain/kits/kits';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import type { AccessContext } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import { inScope, scopeSql } from '../auth/scope';
import { prepared } from '../db/prepared';
import { pageAndTotal, pageClause } from '../db/rows';
import { notFound } from '../errors';
import { likePrefix } from './list-query';
import { kitPatientOf, toKitDetail, toKitRow, type KitDbRow, type KitDetailDbRow } from './repository-rows';
import { patientStateOf } from '../patients/repository-sql';

type KitPage = Pick<KitListQuery, 'page' | 'perPage' | 'sort' | 'order'>;

/**
 * The kit lists and the kit detail, read for the request's Actor: the scope in the SQL and in the presenter (masked
 * rows, clinical fields only for clinical roles), every record returned audited (a masked row discloses no patient,
 * so its entry carries no patient id); a single kit or patient outside the scope reads as unknown (404).
 */
export const kitLists = ({ db, actor, audit }: AccessContext) => {
  async function list(filter: KitListFilter, q: KitPage) {
    const { rows, total } = await pageAndTotal<KitDbRow>(db, kitListSql(filter, q, q, actor));
    await audit.many(
      db,
      'READ',
      'kit',
      rows.map((r) => ({ entityId: r.kitId, patientId: inScope(actor, kitPatientOf(r)) ? r.patientId : null })),
    );
    return { items: rows.map((r) => toKitRow(r, actor)), total };
  }
  return {
    /** One page of kits matching the filter, masked per row and audited. */
    list,

    /** The kits of one patient: that patient's record, so outside the scope (or unknown) it reads as unknown (404). */
    async patientKits(patientId: string, q: Pick<KitListQuery, 'page' | 'perPage'>) {
      const patient = await patientStateOf(db, patientId);
      if (!patient || !inScope(actor, { patientState: patient.state, patientId })) throw notFound('no such patient');
      return list({ patientId }, { ...q, sort: 'created', order: 'DESC' });
    },

    /** Kit detail; 404 "Kit ID is not valid" for an unknown kit or one outside the Actor's scope. */
    async detail(kitId: string) {
      const { rows } = await db.query<KitDetailDbRow>(prepared(KIT_DETAIL_SQL, [kitId]));
      const row = rows[0];
      if (!row || !inScope(actor, kitPatientOf(row))) throw notFound(KIT_TEXTS.kitIdInvalid);
      await audit.one(db, { action: 'READ', entityType: 'kit', entityId: kitId, patientId: row.patientId, outcome: 'SUCCESS' });
      return toKitDetail(row, actor);
    },
  };
};

/**
 * SQL of the kit lists (kits by status, kits of a patient) and the kit detail: bound parameters for every value,
 * whitelisted expressions only; page and size are validated integers written into the text so the prepared
 * statement gets a good generic plan.
 */

/** Columns of one kit row (kit, patient, lab request assignee, test result). */
export const KIT_COLUMNS = `
  k.kit_id AS "kitId", k.requisition_id AS "reqId", k.booking_id AS "bookingId", k.patient_id AS "patientId",
  k.status AS "kitStatus", k.patient_state AS "patientState", k.lab_name AS "labName", k.product_name AS "productName",
  k.panel_name AS "panelName", k.care_location AS "careLocation", k.ship_manifest_num AS "shipManifestNum",
  k.sample_label_url AS "sampleLabelUrl", k.created_at AS "createdAt", k.registration_date AS "registrationDate",
  k.sample_taken_date AS "sampleTakenDate", k.received_date AS "receivedDate",
  p.first_name AS "pFirstName", p.last_name AS "pLastName", p.dob AS "pDob", p.email AS "pEmail",
  lr.clinician_id AS "clinicianId", c.first_name AS "cFirstName", c.last_name AS "cLastName",
  tr.status AS "testResultStatus", tr.results AS results,
  sm.id AS "manifestId", sm.provider AS "shipProvider"`;

export const KIT_FROM = `kits k LEFT JOIN patients p ON p.id = k.patient_id LEFT JOIN lab_requests lr ON lr.kit_id = k.kit_id
  LEFT JOIN clinicians c ON c.id = lr.clinician_id LEFT JOIN test_results tr ON tr.kit_id = k.kit_id
  LEFT JOIN shipping_manifest_kits smk ON smk.kit_id = k.kit_id LEFT JOIN shipping_manifests sm ON sm.id = smk.manifest_id`;

export interface KitListFilter {
  status?: string;
  careLocation?: string;
  patientId?: string;
  q?: string;
}

/**
 * The page is chosen from kits alone (an index range on (status, care_location, created_at, kit_id) or (patient_id)),
 * then only its rows are joined to patients, assignees and results, so deep pages and totals never join the table.
 * Text search matches the kit id or requisition id, or patients found by name or e-mail (one hashed sub-select); for a
 * licence-bound clinician only the kit id matches outside its valid licence states (masked rows are not searchable).
 */
export function kitListSql(
  f: KitListFilter,
  page: { page: number; perPage: number },
  sort: { sort: 'created' | 'kitId'; order: 'ASC' | 'DESC' },
  actor: Actor,
) {
  const params: unknown[] = [];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const scope = scopeSql(actor, bind);
  const where: string[] = [];
  /** The same filters on the dashboard's kit counters (below). */
  const counterWhere = [`source = 'kit'`];
  if (f.status) {
    const status = bind(f.status);
    where.push(`k.status = ${status}`);
    counterWhere.push(`status = ${status}`);
  }
  if (f.careLocation) {
    const location = bind(f.careLocation);
    where.push(`k.care_location = ${location}`);
    counterWhere.push(`care_location = ${location}`);
  }
  if (f.patientId) where.push(`k.patient_id = ${bind(f.patientId)}::uuid`);
  if (f.q) {
    // Kit and requisition ids are upper case; names and e-mails are matched lower-cased through text_pattern_ops indexes.
    const upper = bind(likePrefix(f.q.toUpperCase()));
    const lower = bind(likePrefix(f.q.toLowerCase()));
    const masked = `(k.requisition_id LIKE ${upper} OR k.patient_id IN (SELECT p.id FROM patients p
      WHERE lower(p.first_name) LIKE ${lower} OR lower(p.last_name) LIKE ${lower} OR lower(p.email) LIKE ${lower}
         OR lower(p.first_name || ' ' || p.last_name) LIKE ${lower}))`;
    // The kit id stays readable on a masked row; the requisition and the patient never match outside the scope.
    where.push(`(k.kit_id LIKE ${upper} OR ${scope.onlyInScope(masked, 'k.patient_state', 'k.patient_id')})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = sort.order === 'ASC' ? 'ASC' : 'DESC';
  const orderBy = (alias: string) => (sort.sort === 'kitId' ? `${alias}.kit_id ${order}` : `${alias}.created_at ${order}, ${alias}.kit_id ${order}`);
  // Status and care location alone: the sum of the dashboard's kit counters (migration 0017, per status, care location
  // and patient state; a NULL care location counts under '', which no filter value equals), a few dozen rows instead
  // of every matching kit. A patient or text search counts the kits themselves.
  const count =
    f.patientId || f.q
      ? `SELECT count(*)::int FROM kits k ${whereSql}`
      : `SELECT COALESCE(sum(n), 0)::int FROM dashboard_counts WHERE ${counterWhere.join(' AND ')}`;
  // The page with its total in one round trip: the count is an uncorrelated sub-select, run once, in every row.
  const withTotal = (clause: string) => `WITH page AS (SELECT k.kit_id, k.created_at FROM kits k ${whereSql} ORDER BY ${orderBy('k')} ${clause})
      SELECT (${count}) AS "total", ${KIT_COLUMNS}
      FROM page JOIN ${KIT_FROM.replace(/^kits k/, 'kits k ON k.kit_id = page.kit_id')} ORDER BY ${orderBy('page')}`;
  return {
    pageWithTotal: withTotal(pageClause(page.page, page.perPage)),
    /** A page past the end has no row to carry the total: the first row of the list does. */
    firstWithTotal: withTotal(pageClause(1, 1)),
    params,
    offset: (page.page - 1) * page.perPage,
  };
}

/** One kit with everything the detail page shows. */
export const KIT_DETAIL_SQL = `SELECT ${KIT_COLUMNS}, k.panel_test_specifications AS "panelTestSpecifications",
    p.id AS "pId", p.preferred_name AS "pPreferredName", p.phone AS "pPhone", p.gender AS "pGender",
    p.gender_at_birth AS "pGenderAtBirth", p.pronoun AS "pPronoun", p.allergies AS "pAllergies", p.symptoms AS "pSymptoms",
    p.medication AS "pMedication", p.street AS "pStreet", p.street2 AS "pStreet2", p.city AS "pCity", p.state AS "pState",
    p.zip AS "pZip", p.pass_member AS "pPassMember", p.share_with_pass AS "pShareWithPass", p.photon_erx_patient_id AS "pErxId", tr.external_notes AS "trExternalNotes", lr.external_note AS "lrExternalNote"
  FROM ${KIT_FROM} WHERE k.kit_id = $1`;
