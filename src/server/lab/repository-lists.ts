import type { InferSelectModel } from 'drizzle-orm';
import { labListQuerySchema, type LabListQuery, type LabRow } from '../../domain/lab/lab-api';
import type { AccessContext } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import { scopeSql } from '../auth/scope';
import { pageAndTotal } from '../db/rows';
import type { kits, testResults } from '../db/schema';
import { notFound } from '../errors';
import { everyRow } from '../http/csv-export';
import { labRowColumns, labRowInScope, toLabRow, type LabDbRow } from './repository-rows';

export type LabKind = 'request' | 'result';
type Kit = InferSelectModel<typeof kits>;
type TestResult = InferSelectModel<typeof testResults>;

/** What the result form starts from: the kit and its result lines so far (columns as the table has them). */
export interface ResultFormDbRow {
  kit_id: Kit['kitId'];
  product_name: Kit['productName'];
  lab_name: Kit['labName'];
  patient_id: Kit['patientId'];
  patient_state: Kit['patientState'];
  results: TestResult['results'] | null;
}

/** Rows per page of a streamed export (never the whole table in memory). */
const EXPORT_BATCH = 1000;
const entityOf = (kind: LabKind) => (kind === 'request' ? 'lab_request' : 'test_result');

/**
 * The lab lists, one result and the result form, read for the request's Actor: scope in the SQL, rows masked outside
 * it, every record returned audited (a masked row discloses no patient, so its entry carries no patient id).
 */
export const labLists = ({ db, actor, audit }: AccessContext) => {
  const audited = (action: string, kind: LabKind, rows: LabDbRow[]) =>
    audit.many(
      db,
      action,
      entityOf(kind),
      rows.map((r) => ({ entityId: r.kitId, patientId: labRowInScope(r, actor) ? r.patientId : null })),
    );

  return {
    /** One page of lab requests or lab results, masked per row and audited. */
    async list(kind: LabKind, query: LabListQuery): Promise<{ items: LabRow[]; total: number }> {
      const { rows, total } = await pageAndTotal<LabDbRow>(db, labListSql(kind, query, actor));
      await audited('READ', kind, rows);
      return { items: rows.map((r) => toLabRow(r, actor)), total };
    },

    /** Every matching row in pages of 1000, masked like the list and audited (EXPORT) page by page. */
    exportRows(kind: LabKind, query: LabListQuery): AsyncGenerator<LabRow> {
      return everyRow(EXPORT_BATCH, async (page) => {
        const sql = labListSql(kind, { ...query, page, perPage: EXPORT_BATCH }, actor);
        // The list's own statement (its total rides along unread): the same rows, order and parameters as the page.
        const { rows } = await db.query<LabDbRow>(sql.pageWithTotal, sql.params);
        await audited('EXPORT', kind, rows);
        return { items: rows.map((r) => toLabRow(r, actor)) };
      });
    },

    /** One test result; 404 means "not yet available", and also "outside your licence states" (never told apart). */
    async result(kitId: string): Promise<LabRow> {
      const { rows } = await pageAndTotal<LabDbRow>(db, labListSql('result', { ...labListQuerySchema.parse({}), kitId }, actor));
      const row = rows[0];
      if (!row || !labRowInScope(row, actor)) throw notFound(`no test result yet for kit ${kitId}`);
      await audited('READ', 'result', [row]);
      return toLabRow(row, actor);
    },

    /** The kit a result form starts from, with its result lines so far; 404 unknown or outside the scope, audited. */
    async resultFormKit(kitId: string): Promise<ResultFormDbRow> {
      const { rows } = await db.query<ResultFormDbRow>(
        `SELECT k.kit_id, k.product_name, k.lab_name, k.patient_id, k.patient_state, tr.results
           FROM kits k LEFT JOIN test_results tr ON tr.kit_id = k.kit_id WHERE k.kit_id = $1`,
        [kitId],
      );
      const kit = rows[0];
      if (!kit || !labRowInScope({ patientState: kit.patient_state, patientId: kit.patient_id }, actor)) throw notFound(`no kit ${kitId}`);
      await audit.one(db, { action: 'READ', entityType: 'test_result_form', entityId: kitId, patientId: kit.patient_id, outcome: 'SUCCESS' });
      return kit;
    },

    /** The kit of a test result id (appointment requests address results by id), or null. */
    async kitOfResult(testResultId: string): Promise<string | null> {
      const { rows } = await db.query<{ kit_id: string }>(`SELECT kit_id FROM test_results WHERE id = $1`, [testResultId]);
      return rows[0]?.kit_id ?? null;
    },
  };
};

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
  // The reader's own valid states under My States, bound once (the filter, and the page read state by state).
  const myStates = q.myStates ? `${bind(actor.licenceStates.validStates)}::text[]` : null;
  if (myStates) where.push(`${base}.patient_state = ANY(${myStates})`);
  if (q.status) where.push(`${base}.status = ${bind(q.status)}`);
  if (q.kitId) where.push(`${base}.kit_id = ${bind(q.kitId)}`);
  const scope = scopeSql(actor, bind);
  const state = `${base}.patient_state`;
  if (q.q) {
    const like = bind(`${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const patientMatch = `(p.first_name ILIKE ${like} OR p.last_name ILIKE ${like} OR p.email ILIKE ${like}
      OR (p.first_name || ' ' || p.last_name) ILIKE ${like})`;
    // The kit id stays readable on a masked row, so it may match one; the patient fields may not.
    where.push(`(${base}.kit_id ILIKE ${like} OR ${scope.onlyInScope(patientMatch, state, 'k.patient_id')})`);
  }
  // Every sort reads columns of the base table: the patient's names and the product are copied there, each sort
  // with its index (migration 0045). The surname and first name are NULL together (a kit without a patient).
  const sortColumn = {
    createDateTime: `${base}.created_at`,
    kitId: `${base}.kit_id`,
    status: `${base}.status`,
    patientName: `${base}.patient_last_name`,
    patientState: `${base}.patient_state`,
    productName: `${base}.product_name`,
  }[q.sort];
  const secondColumn = q.sort === 'patientName' ? `${base}.patient_first_name` : null;
  // The kit's patient as copied with the sort keys: the scope's parts of an order are read without joining kits.
  // (Which rows a search on patient fields may match, and which rows are masked, go by the kit's own patient.)
  const patientId = `${base}.kit_patient_id`;
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  // createDateTime and kitId stay readable on masked rows; every other sort column is masked there, so for a
  // licence-bound clinician it sorts as NULL outside the scope (last, both ways).
  const masksSort = q.sort !== 'createDateTime' && q.sort !== 'kitId';
  const sortKey = masksSort ? scope.sortKey(sortColumn, state, patientId) : sortColumn;
  // NOT NULL sort columns get no NULLS clause, so (column, kit_id) indexes can serve the order and LIMIT both ways.
  const nullable = q.sort === 'patientName' || q.sort === 'patientState' || (masksSort && scope.licenceBound);
  // Patient Name sorts by surname, then first name, both masked alike outside the scope.
  const then = secondColumn ? `, ${scope.sortKey(secondColumn, state, patientId)} ${order} NULLS LAST` : '';
  const orderBy = `${sortKey} ${order}${nullable ? ' NULLS LAST' : ''}${then}, ${base}.kit_id ${order}`;

  const from =
    kind === 'request'
      ? `lab_requests lr JOIN kits k ON k.kit_id = lr.kit_id LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id`
      : `test_results tr JOIN kits k ON k.kit_id = tr.kit_id LEFT JOIN lab_requests lr ON lr.kit_id = tr.kit_id`;
  const countFrom = kind === 'request' ? 'lab_requests lr' : 'test_results tr';

  // Page and size are validated integers, written into the SQL so the prepared statement gets a good generic plan.
  const limit = Math.trunc(Number(q.perPage));
  const offset = Math.trunc((Number(q.page) - 1) * limit);
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 1 || offset < 0) throw new Error('invalid page');
  // The page's kit ids are chosen first, joining only what the filters name (the sort walks its index), then the
  // page's rows alone get their other tables: joining every row before the sort cost 0.2-1 s per page on the bench's
  // 100,000 lab requests. The page keeps the same order (kit_id breaks every tie).
  const joinsFor = (named: string) =>
    /\bp\./.test(named)
      ? ` JOIN kits k ON k.kit_id = ${base}.kit_id LEFT JOIN patients p ON p.id = k.patient_id`
      : /\bk\./.test(named)
        ? ` JOIN kits k ON k.kit_id = ${base}.kit_id`
        : '';
  const pick = (also: string[], columns: string, tail: string) => {
    const conditions = [...where, ...also].join(' AND ') || 'TRUE';
    return `SELECT ${columns} FROM ${countFrom}${joinsFor(`${conditions} ${columns} ${tail}`)} WHERE ${conditions} ${tail}`;
  };
  const pageOf = (lim: number, off: number) => {
    if (!nullable) return pick([], `${base}.kit_id`, `ORDER BY ${orderBy} LIMIT ${lim} OFFSET ${off}`);
    // NULLS LAST both ways, which one index order gives only one way, and a masked key (NULL outside a licence-bound
    // clinician's scope) that no index holds: the rows in scope with a value come first, read per way of being in
    // scope, the states one by one, each in its index's order; then every other row, by kit id, read alike. The same
    // order as ORDER BY orderBy (the outer query sorts the page by it again).
    const n = lim + off;
    const keys = `s1 ${order} NULLS LAST, s2 ${order} NULLS LAST, kit_id ${order}`;
    const valued = `${sortColumn} IS NOT NULL`;
    // Both names are NULL together (migration 0045).
    const unvalued = `${sortColumn} IS NULL${secondColumn ? ` AND ${secondColumn} IS NULL` : ''}`;
    const byKey = `ORDER BY ${sortColumn} ${order}${secondColumn ? `, ${secondColumn} ${order}` : ''}, ${base}.kit_id ${order} LIMIT ${n}`;
    const byKit = `ORDER BY ${base}.kit_id ${order} LIMIT ${n}`;
    const keyed = `${base}.kit_id, ${sortColumn}::text AS s1, ${secondColumn ?? 'NULL::text'} AS s2`;
    const unkeyed = `${base}.kit_id, NULL::text AS s1, NULL::text AS s2`;
    // Each way of being in scope without the ways before it, so no row is read twice. The states' way is read state by
    // state: a licence-bound clinician's (her scope), or under My States the reader's own (every row is of one).
    const ways = scope.inScopeAny(state, patientId);
    const states = ways.find((w) => w.states)?.states ?? myStates;
    const parts = (condition: string, columns: string, tail: string) =>
      ways.map((way, i) => {
        if (way.way === 'states' || (states && way.way === 'all')) {
          const one = pick([`${state} = st.state`, condition], columns, tail);
          return `SELECT x.* FROM (SELECT DISTINCT s FROM unnest(${states}) s) AS st(state) CROSS JOIN LATERAL (${one}) x`;
        }
        if (way.way === 'all') return pick([condition], columns, tail);
        const before = ways.slice(0, i).map((w) => `NOT COALESCE(${w.condition}, false)`);
        // Records without a patient have their own (partial) indexes; break-glass patients are a few, read through the
        // patient id's index and sorted here (in the sort's index order, PostgreSQL would walk every row for them).
        return pick([way.condition, ...before, condition], columns, way.way === 'noPatient' ? tail : '');
      });
    const first = parts(valued, keyed, byKey);
    const rest = parts(unvalued, unkeyed, byKit);
    // Outside a licence-bound clinician's scope (none under My States: her states are her scope).
    if (scope.licenceBound && !q.myStates) rest.push(pick([`NOT ${scope.inScope(state, patientId)}`], unkeyed, byKit));
    const union = (selects: string[], by: string) =>
      `SELECT * FROM (${selects.map((x) => `(${x})`).join(' UNION ALL ')}) u ORDER BY ${by} LIMIT ${n}`;
    return `SELECT kit_id FROM ((${union(first, keys)}) UNION ALL (${union(rest, `kit_id ${order}`)})) g ORDER BY ${keys} LIMIT ${lim} OFFSET ${off}`;
  };
  // Whether each row is in a licence-bound clinician's scope, evaluated once per row (OFFSET 0 keeps PostgreSQL from
  // copying the expression into every column that reads it); other readers see every row.
  const seen = scope.licenceBound ? 's.seen' : null;
  const seenJoin = seen ? ` CROSS JOIN LATERAL (SELECT ${scope.inScope(state, patientId)} AS seen OFFSET 0) s` : '';
  const rowsOf = (columns: string, lim: number, off: number) => `WITH page AS (${pageOf(lim, off)})
    SELECT ${columns}
      FROM page JOIN (${from}) ON ${base}.kit_id = page.kit_id LEFT JOIN patients p ON p.id = k.patient_id
      LEFT JOIN clinicians c ON c.id = ${base}.clinician_id${seenJoin}
      ORDER BY ${orderBy}`;
  // Text and kit searches count the real rows; the other filters sum the trigger-kept counters (countFromCounters).
  const count = !q.q && !q.kitId ? countFromCounters(kind, q, actor, bind) : pick([], 'count(*)::int', '');
  // The page with its total in one round trip: the total is an uncorrelated sub-select, run once, in every row.
  const withTotal = (lim: number, off: number) => rowsOf(`(${count}) AS "total", ${labRowColumns(base, seen)}`, lim, off);
  return {
    pageWithTotal: withTotal(limit, offset),
    /** A page past the end has no row to carry the total: the first row of the list does. */
    firstWithTotal: withTotal(1, 0),
    params,
    offset,
  };
}

/**
 * Totals for the filters the trigger-kept counters cover (queryType, My States, status): a sum over counter rows
 * instead of a scan of the big table. Text and kit searches count the real rows.
 * - lab_counts (migration 0004) counts per (status, patient state, assignee): every filter of both lists.
 * - A result list without an assignee filter sums the dashboard's counters of test results (migration 0017) instead:
 *   per (status, care location, patient state), no assignee, so the default list (every result) sums a few hundred
 *   rows, not one per assignee too (the bench's seed: 408 rows against 3,261).
 */
function countFromCounters(kind: LabKind, q: LabListQuery, actor: Actor, bind: (v: unknown) => string) {
  // The kind is one of two constants, written into the text: the unfiltered list stays a statement without
  // parameters, which PostgreSQL plans once per connection (with a parameter, its first five runs are planned each).
  if (kind !== 'request' && kind !== 'result') throw new Error('invalid lab list kind');
  const where: string[] = [];
  if (q.queryType === 'ASSIGNED') where.push(`clinician_key = ${bind(actor.sub)}`);
  if (q.queryType === 'UNASSIGNED') where.push(`clinician_key = ''`);
  if (q.myStates) where.push(`patient_state = ANY(${bind(actor.licenceStates.validStates)}::text[])`);
  if (q.status) where.push(`status = ${bind(q.status)}`);
  const byAssignee = q.queryType === 'ASSIGNED' || q.queryType === 'UNASSIGNED';
  const [table, own] = kind === 'result' && !byAssignee ? ['dashboard_counts', `source = 'result'`] : ['lab_counts', `kind = '${kind}'`];
  return `SELECT COALESCE(sum(n), 0)::int FROM ${table} WHERE ${[own, ...where].join(' AND ')}`;
}
