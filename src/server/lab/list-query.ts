import type { LabListQuery } from '../../domain/lab-api';
import type { Actor } from '../auth/actor';
import { scopeSql } from '../auth/scope';

export type LabKind = 'request' | 'result';

/**
 * Builds the parameterised SQL of the lab request / lab result lists: filters (queryType, My States,
 * status, kit, text search), sort and page on the server, plus the matching count. Values are always
 * bound parameters; only whitelisted column expressions are interpolated. For a licence-bound clinician, rows
 * outside its valid licence states (masked by toLabRow) never match a text search on a patient field and sort
 * after every real value when the sort column is masked (spec 1 §6).
 */
export function labListSql(kind: LabKind, q: LabListQuery, actor: Actor) {
  const base = kind === 'request' ? 'lr' : 'tr';
  const params: unknown[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (q.queryType === 'ASSIGNED') where.push(`${base}.clinician_id = ${bind(actor.sub)}`);
  if (q.queryType === 'UNASSIGNED') where.push(`${base}.clinician_id IS NULL`);
  if (q.myStates) where.push(`${base}.patient_state = ANY(${bind(actor.licenceStates.validStates)}::text[])`);
  if (q.status) where.push(`${base}.status = ${bind(q.status)}`);
  if (q.kitId) where.push(`${base}.kit_id = ${bind(q.kitId)}`);
  const scope = scopeSql(actor, bind);
  const state = `${base}.patient_state`;
  let needsPatient = false;
  if (q.q) {
    needsPatient = true;
    const like = bind(`${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const patientMatch = `(p.first_name ILIKE ${like} OR p.last_name ILIKE ${like} OR p.email ILIKE ${like}
      OR (p.first_name || ' ' || p.last_name) ILIKE ${like})`;
    // The kit id stays readable on a masked row, so it may match one; the patient fields may not.
    where.push(`(${base}.kit_id ILIKE ${like} OR ${scope.onlyInScope(patientMatch, state, 'k.patient_id')})`);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sortColumn = {
    createDateTime: `${base}.created_at`,
    kitId: `${base}.kit_id`,
    status: `${base}.status`,
    patientName: 'p.last_name',
    patientState: `${base}.patient_state`,
    productName: 'k.product_name',
  }[q.sort];
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  // createDateTime and kitId stay readable on masked rows; every other sort column is masked there, so for a
  // licence-bound clinician it sorts as NULL outside the scope (last, both ways).
  const masksSort = q.sort !== 'createDateTime' && q.sort !== 'kitId';
  const sortKey = masksSort ? scope.sortKey(sortColumn, state, 'k.patient_id') : sortColumn;
  // NOT NULL sort columns get no NULLS clause, so (created_at, kit_id) indexes can serve the order and LIMIT.
  const nullable = q.sort === 'patientName' || q.sort === 'patientState' || (masksSort && scope.licenceBound);
  // Patient Name sorts by surname, then first name, both masked alike outside the scope.
  const firstName = q.sort === 'patientName' ? `, ${scope.sortKey('p.first_name', state, 'k.patient_id')} ${order} NULLS LAST` : '';
  const orderBy = `${sortKey} ${order}${nullable ? ' NULLS LAST' : ''}${firstName}, ${base}.kit_id ${order}`;

  const from = kind === 'request'
    ? `lab_requests lr JOIN kits k ON k.kit_id = lr.kit_id LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id`
    : `test_results tr JOIN kits k ON k.kit_id = tr.kit_id LEFT JOIN lab_requests lr ON lr.kit_id = tr.kit_id`;
  const countFrom = kind === 'request' ? 'lab_requests lr' : 'test_results tr';
  const countJoin = needsPatient ? ` JOIN kits k ON k.kit_id = ${base}.kit_id LEFT JOIN patients p ON p.id = k.patient_id` : '';

  // Page and size are validated integers, written into the SQL so the prepared statement gets a good generic plan.
  const limit = Math.trunc(Number(q.perPage));
  const offset = Math.trunc((Number(q.page) - 1) * limit);
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 1 || offset < 0) throw new Error('invalid page');
  const rowsOf = (columns: string, lim: number, off: number) => `SELECT ${columns}
      FROM ${from} LEFT JOIN patients p ON p.id = k.patient_id LEFT JOIN clinicians c ON c.id = ${base}.clinician_id
      ${whereSql} ORDER BY ${orderBy} LIMIT ${lim} OFFSET ${off}`;
  // Text and kit searches count the real rows; the other filters sum the trigger-kept counters (countFromCounters).
  const count = !q.q && !q.kitId ? countFromCounters(kind, q, actor, bind) : `SELECT count(*)::int FROM ${countFrom}${countJoin} ${whereSql}`;
  // The page with its total in one round trip: the total is an uncorrelated sub-select, run once, in every row.
  const withTotal = (lim: number, off: number) => rowsOf(`(${count}) AS "total", ${ROW_COLUMNS(base)}`, lim, off);
  return {
    pageWithTotal: withTotal(limit, offset),
    /** A page past the end has no row to carry the total: the first row of the list does. */
    firstWithTotal: withTotal(1, 0),
    params,
    offset,
  };
}

/** Columns of one lab row, the same for both lists (the base table decides status and assignee). */
export const ROW_COLUMNS = (base: 'lr' | 'tr') => `
  ${base}.kit_id AS "kitId", tr.id AS "testResultId", ${base}.status AS status, lr.status AS "requestStatus", tr.status AS "resultStatus",
  ${base}.clinician_id AS "clinicianId", c.first_name AS "clinicianFirstName", c.last_name AS "clinicianLastName",
  ${base}.created_at AS "createdAt", tr.created_at AS "labDate", tr.results AS results, ${base}.patient_state AS "patientState",
  k.product_name AS "productName", k.tube_id AS "tubeId", k.patient_id AS "patientId",
  tr.internal_notes AS "internalNotes", tr.external_notes AS "externalNotes", tr.notes_released_at AS "notesReleasedAt",
  lr.internal_note AS "internalNote", lr.external_note AS "externalNote", tr.attachments AS attachments,
  COALESCE(lr.auto_approved, false) AS "autoApproved",
  p.id AS "pId", p.first_name AS "pFirstName", p.last_name AS "pLastName", p.preferred_name AS "pPreferredName",
  p.email AS "pEmail", p.phone AS "pPhone", p.dob AS "pDob", p.gender AS "pGender", p.gender_at_birth AS "pGenderAtBirth",
  p.pronoun AS "pPronoun", p.allergies AS "pAllergies", p.symptoms AS "pSymptoms", p.medication AS "pMedication",
  p.street AS "pStreet", p.street2 AS "pStreet2", p.city AS "pCity", p.state AS "pState", p.zip AS "pZip",
  p.photon_erx_patient_id AS "pErxId"`;

/**
 * Totals for the filters the trigger-kept lab_counts table covers (queryType, My States, status): a sum over
 * a few hundred counter rows instead of a scan of the big table. Text and kit searches count the real rows.
 */
function countFromCounters(kind: LabKind, q: LabListQuery, actor: Actor, bind: (v: unknown) => string) {
  // The kind is one of two constants, written into the text: the unfiltered list stays a statement without
  // parameters, which PostgreSQL plans once per connection (with a parameter, its first five runs are planned each).
  if (kind !== 'request' && kind !== 'result') throw new Error('invalid lab list kind');
  const where = [`kind = '${kind}'`];
  if (q.queryType === 'ASSIGNED') where.push(`clinician_key = ${bind(actor.sub)}`);
  if (q.queryType === 'UNASSIGNED') where.push(`clinician_key = ''`);
  if (q.myStates) where.push(`patient_state = ANY(${bind(actor.licenceStates.validStates)}::text[])`);
  if (q.status) where.push(`status = ${bind(q.status)}`);
  return `SELECT COALESCE(sum(n), 0)::int FROM lab_counts WHERE ${where.join(' AND ')}`;
}
