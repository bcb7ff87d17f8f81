import type { Pool, PoolClient } from 'pg';
import {
  ACCESS_LOG_COUNT_CAP,
  ACCESS_LOG_EXPORT_LIMIT,
  type AccessLogFilter,
  type AccessLogQuery,
  type AccessLogRow,
  type ChainSummary,
} from '../../domain/access-log/access-log';
import { ACCESS_LOG_TEXTS } from '../../domain/i18n/en/access-log';
import type { AccessContext } from '../auth/access-context';
import { verifyAuditChain } from '../audit/chain';
import { badRequest, notFound } from '../errors';

type Db = Pool | PoolClient;

/**
 * All SQL of the PHI access log: reads of audit_log, its rows resolved through the view audit_rows (the runtime role
 * may only INSERT and SELECT there).
 */

// Without a clinician row (LEFT JOIN) its name parts are NULL, and so is their concatenation.
const NAME = `COALESCE(c.first_name || ' ' || c.last_name, u.given_name || ' ' || u.family_name)`;
const ROW_COLUMNS = `a.id::text AS id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  a.actor_sub AS "actorSub", ${NAME} AS "actorName",
  a.action, a.method, a.route, a.entity_type AS "entityType", a.entity_ids AS "entityIds", a.patient_ids::text[] AS "patientIds",
  a.outcome, a.status_code AS "statusCode", a.client_ip AS "clientIp", a.user_agent AS "userAgent", a.chain_seq::text AS "chainSeq",
  a.break_glass AS "breakGlass"`;
// Clinicians are keyed by their Cognito sub (their profile's name); other users (staff, auditors) by the name their
// token gave when they last opened the portal (portal_users); by sub only when neither is known.
const NAMES = `LEFT JOIN clinicians c ON c.id::text = a.actor_sub LEFT JOIN portal_users u ON u.sub = a.actor_sub`;
const FROM = `audit_rows a ${NAMES}`;

/**
 * The rows matching the filters, as SQL yielding their (id, at): every value a bound parameter, each filter with an
 * index (migrations 0028, 0035). A patient or record filter finds its rows through the GIN indexes first (`hits`,
 * materialized), every other filter applied there too. Callers order and cut (id, at) alone, and only then read the
 * page's rows: the planner cannot estimate `hits` (a patient in a calendar list may be named by tens of thousands of
 * rows) and joined it to every row of the table; left to itself, a page newest first walked the time index and tested
 * every row when the patient had few.
 */
function matchingOf(f: AccessLogFilter, params: unknown[], opts: { after?: string; cut?: Cut } = {}): { with: string; matching: string } {
  const { after, cut } = opts;
  const bind = (v: unknown) => `$${params.push(v)}`;
  const inline: string[] = [];
  const listed: string[] = [];
  if (f.patientId) {
    const id = bind(f.patientId);
    inline.push(`a.patient_ids @> ARRAY[${id}]::uuid[]`);
    listed.push(`s.patient_ids @> ARRAY[${id}]::uuid[]`);
  }
  if (f.entityId) {
    const id = bind(f.entityId);
    inline.push(`a.entity_ids @> ARRAY[${id}]::text[]`);
    listed.push(`s.entity_ids @> ARRAY[${id}]::text[]`);
  }
  const parts: string[] = [];
  // An export batch's keyset, so a batch does not read the earlier batches' rows again.
  if (after) parts.push(`a.id > ${bind(after)}::bigint`);
  if (f.actorSub) parts.push(`a.actor_sub = ${bind(f.actorSub)}`);
  if (f.action) parts.push(`a.action = ${bind(f.action.toUpperCase())}`);
  if (f.outcome) parts.push(`a.outcome = ${bind(f.outcome)}`);
  if (f.breakGlass) parts.push(f.breakGlass === 'true' ? 'a.break_glass' : 'NOT a.break_glass'); // audit_log_break_glass_idx (0026)
  if (f.from) parts.push(`a.at >= ${bind(f.from)}::timestamptz`);
  if (f.to) parts.push(`a.at < ${bind(f.to)}::timestamptz`);
  const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');
  if (!inline.length) return { with: '', matching: `(SELECT a.id, a.at FROM audit_log a ${where(parts)})` };
  // Three disjoint halves. Rows with their lists inline: sealed ones through the GIN indexes of sealed rows (migration
  // 0030; an exact match, so no row's lists are read again), the unsealed last second through audit_log_unsealed_idx;
  // materialized on their own, so that the planner cannot trade those indexes for a walk down the time index. Rows
  // naming a stored list: per matching list, its rows in the page's order through audit_log_id_set_idx. Each half
  // keeps only the rows the caller's cut can use.
  const cutting = cut ? ` ORDER BY ${cut.order} LIMIT ${cut.limit}` : '';
  const rowsOfLists = `SELECT a.id, a.at FROM audit_log a ${where(['a.id_set = s.hash', ...parts])}${cutting}`;
  return {
    with: `WITH inline_hits AS MATERIALIZED (SELECT a.id, a.at FROM audit_log a ${where(['a.chain_seq IS NOT NULL', ...inline, ...parts])}
        UNION ALL SELECT a.id, a.at FROM audit_log a ${where(['a.chain_seq IS NULL', ...inline, ...parts])}),
      hits AS MATERIALIZED ((SELECT a.id, a.at FROM inline_hits a${cutting})
        UNION ALL (SELECT l.id, l.at FROM audit_id_sets s CROSS JOIN LATERAL (${rowsOfLists}) l ${where(listed)})) `,
    matching: 'hits',
  };
}

/** The first `limit` rows in `order` (over audit_log a) are all a caller reads. */
interface Cut {
  order: string;
  limit: number;
}

/** The matching rows' columns, for the ids `page` selects out of `m` (the matching (id, at)), in `order`. */
const rowsOf = (page: string, order: string) => `SELECT ${ROW_COLUMNS} FROM (${page}) p JOIN audit_rows a ON a.id = p.id ${NAMES} ORDER BY ${order}`;

/**
 * The rows first..last of the matching rows (newest first unless asked), and how many match, counted up to
 * ACCESS_LOG_COUNT_CAP only: never a count of the whole table. Beyond the cap the total is null while another row
 * follows (one row more is read), and exact once the rows asked reach the last one. The page walks the time index
 * (audit_log_at_idx), the filters their own indexes.
 */
export async function findAccessLog(pool: Db, q: AccessLogQuery): Promise<{ rows: AccessLogRow[]; total: number | null }> {
  const countParams: unknown[] = [];
  // The count reads `hits` only as far as its cap (a CTE is read as its reader goes).
  const c = matchingOf(q.filter, countParams);
  const [page, count] = await Promise.all([
    pool.query<AccessLogRow>(accessLogPageQuery(q)),
    pool.query<{ n: number }>(
      `${c.with}SELECT count(*)::int AS n FROM (SELECT 1 FROM ${c.matching} m LIMIT ${ACCESS_LOG_COUNT_CAP + 1}) capped`,
      countParams,
    ),
  ]);
  const n = count.rows[0].n;
  const size = q.last - q.first + 1;
  const rows = page.rows.slice(0, size);
  if (n <= ACCESS_LOG_COUNT_CAP) return { rows, total: n };
  return { rows, total: page.rows.length > size ? null : q.first + rows.length };
}

/** The page query of findAccessLog: one row more than the page (whether another follows). The bench EXPLAINs it. */
export function accessLogPageQuery(q: AccessLogQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  const offset = q.first;
  const size = q.last - q.first + 1;
  const p = matchingOf(q.filter, values, { cut: { order: `a.at ${order}, a.id ${order}`, limit: offset + size + 1 } });
  const page = `SELECT m.id, m.at FROM ${p.matching} m ORDER BY m.at ${order}, m.id ${order} LIMIT ${size + 1} OFFSET ${offset}`;
  return { text: `${p.with}${rowsOf(page, `a.at ${order}, a.id ${order}`)}`, values };
}

/** The chain as the sealer left it (the unique chain_seq index, the partial unsealed index) and the last verification. */
export async function chainSummary(pool: Db): Promise<ChainSummary> {
  const [head, last] = await Promise.all([
    pool.query<{ sealed: number; unsealed: number }>(
      `SELECT COALESCE((SELECT max(chain_seq) FROM audit_log), 0)::int AS sealed,
              (SELECT count(*) FROM audit_log WHERE chain_seq IS NULL)::int AS unsealed`,
    ),
    pool.query<{ at: string; outcome: string; rows: string | null; bySub: string; byName: string | null }>(
      `SELECT to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, a.outcome, a.entity_ids[1] AS rows,
              a.actor_sub AS "bySub", ${NAME} AS "byName"
         FROM ${FROM} WHERE a.action = 'VERIFY' AND a.entity_type = 'audit_log' ORDER BY a.at DESC, a.id DESC LIMIT 1`,
    ),
  ]);
  const v = last.rows[0];
  return {
    sealedRows: head.rows[0].sealed,
    unsealed: head.rows[0].unsealed,
    lastVerification: v
      ? {
          at: v.at,
          ok: v.outcome === 'SUCCESS',
          verifiedRows: v.rows && /^\d+$/.test(v.rows) ? Number(v.rows) : null,
          bySub: v.bySub,
          byName: v.byName,
        }
      : null,
  };
}

/** Every matching row in the order written (id), in batches (the CSV export and the disclosures report); at most `limit`. */
export async function* accessLogRows(pool: Db, f: AccessLogFilter, limit: number, batch = 1000): AsyncGenerator<AccessLogRow> {
  let after: string | null = null;
  let sent = 0;
  while (sent < limit) {
    const params: unknown[] = [];
    const take = Math.min(batch, limit - sent);
    const s = matchingOf(f, params, { after: after ?? undefined, cut: { order: 'a.id', limit: take } });
    const { rows } = await pool.query<AccessLogRow>(
      `${s.with}${rowsOf(`SELECT m.id FROM ${s.matching} m ORDER BY m.id LIMIT ${take}`, 'a.id')}`,
      params,
    );
    for (const row of rows) yield row;
    sent += rows.length;
    if (rows.length < take) return;
    after = rows[rows.length - 1].id;
  }
}

/** How many rows match (the export refuses more than its limit before the first byte). */
export async function countAccessLog(pool: Db, f: AccessLogFilter): Promise<number> {
  const params: unknown[] = [];
  const s = matchingOf(f, params);
  const { rows } = await pool.query<{ n: number }>(`${s.with}SELECT count(*)::int AS n FROM ${s.matching} m`, params);
  return rows[0].n;
}

/** The patient's name for the disclosures report, or null when there is no such patient. */
export async function patientName(pool: Db, patientId: string): Promise<string | null> {
  const { rows } = await pool.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM patients WHERE id = $1`, [patientId]);
  return rows[0]?.name ?? null;
}

/**
 * The PHI access log as its readers (auditors and super admins, by the routes' declarations) reach it: every read of
 * the log is itself audited (with the patient it was filtered by), the export refuses more than its limit before the
 * first byte, and the disclosures report answers 404 for an unknown patient.
 */
export const accessLogRepository = ({ db, audit }: AccessContext) => ({
  async page(q: AccessLogQuery) {
    const page = await findAccessLog(db, q);
    await audit.one(db, { action: 'READ', entityType: 'audit_log', entityId: q.filter.patientId ?? null, outcome: 'SUCCESS' });
    return page;
  },

  async chainSummary() {
    const summary = await chainSummary(db);
    await audit.one(db, { action: 'READ', entityType: 'audit_chain', outcome: 'SUCCESS' });
    return summary;
  },

  /** Every matching row (oldest first), counted first: more than ACCESS_LOG_EXPORT_LIMIT is a 400 naming the limit. */
  async export(filter: AccessLogFilter): Promise<AsyncIterable<AccessLogRow>> {
    const total = await countAccessLog(db, filter);
    if (total > ACCESS_LOG_EXPORT_LIMIT) throw badRequest(ACCESS_LOG_TEXTS.exportTooMany.replace('%{limit}', String(ACCESS_LOG_EXPORT_LIMIT)));
    await audit.one(db, { action: 'EXPORT', entityType: 'audit_log', entityId: filter.patientId ?? null, outcome: 'SUCCESS' });
    return accessLogRows(db, filter, ACCESS_LOG_EXPORT_LIMIT);
  },

  /**
   * Seals what is committed, then checks every link. Its audit row keeps the result (outcome FAILED when broken, the
   * rows verified as its record id): the summary's last verification. Sealing commits batches of its own, so it runs
   * on the pool, never inside a request's transaction.
   */
  async verifyChain() {
    if ('release' in db) throw new Error('the audit chain is verified outside a transaction');
    const status = await verifyAuditChain(db);
    await audit.one(db, { action: 'VERIFY', entityType: 'audit_log', entityId: String(status.rows), outcome: status.ok ? 'SUCCESS' : 'FAILED' });
    return status;
  },

  /** A patient's accounting of disclosures: its name and every access recorded for it, oldest first (404: no such patient). */
  async disclosures(patientId: string) {
    const name = await patientName(db, patientId);
    if (name === null) throw notFound('patient not found');
    await audit.one(db, { action: 'READ', entityType: 'disclosures', entityId: patientId, patientId, outcome: 'SUCCESS' });
    return { name, rows: accessLogRows(db, { patientId }, ACCESS_LOG_EXPORT_LIMIT) };
  },
});
export type AccessLogRepository = ReturnType<typeof accessLogRepository>;
