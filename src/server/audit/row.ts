import type { FastifyRequest } from 'fastify';
import pg, { type Pool, type PoolClient } from 'pg';
import { GroupCommit } from './group-commit';
import { auditContentHash, type AuditOutcome, type AuditRowContent } from './hash';
import { ID_SET_MIN, idSetKey, knownListsOf } from './id-sets';

/** One thing a handler told the audit (a record read, a change, a refusal): identifiers only. */
export interface AuditFact {
  action: string;
  entityType: string;
  entityIds: string[];
  patientIds: string[];
  outcome: AuditOutcome;
}

export interface AuditRow extends AuditRowContent {
  contentHash: string;
}

/** Refusals the server answers without revealing anything: not signed in, not allowed, not in scope, throttled. */
const DENIED_STATUSES = new Set([401, 403, 404, 429]);

/** The row's outcome: from the response status once it is an error, else the worst outcome a handler recorded. */
export function outcomeOf(statusCode: number | null, facts: AuditFact[]): AuditOutcome {
  if (statusCode !== null && statusCode >= 400) return DENIED_STATUSES.has(statusCode) ? 'DENIED' : 'FAILED';
  return facts.find((f) => f.outcome === 'DENIED')?.outcome ?? facts.find((f) => f.outcome === 'FAILED')?.outcome ?? 'SUCCESS';
}

const distinct = (values: string[]) => [...new Set(values)];

/** Ids as a row stores them: entity ids cleaned, patient ids lower-case, each once, in the order first recorded. */
interface StoredIds { entityIds: string[]; patientIds: string[] }
const storedIds = new WeakMap<AuditFact, StoredIds>();

/** A fact's ids as stored, worked out once per fact: the response cache replays the same facts into every answer. */
function storedIdsOf(fact: AuditFact): StoredIds {
  let ids = storedIds.get(fact);
  if (!ids) {
    ids = { entityIds: distinct(fact.entityIds.map((id) => clean(id, 200))), patientIds: distinct(fact.patientIds.map((id) => id.toLowerCase())) };
    storedIds.set(fact, ids);
  }
  return ids;
}

/** The ids of all facts: the one fact's own lists (the same arrays each time), or every fact's in order, each once. */
function idsOf(facts: AuditFact[]): StoredIds {
  if (facts.length === 1) return storedIdsOf(facts[0]);
  const each = facts.map(storedIdsOf);
  return { entityIds: distinct(each.flatMap((i) => i.entityIds)), patientIds: distinct(each.flatMap((i) => i.patientIds)) };
}

/** The interaction row of a request from the facts it recorded; statusCode is null while the response has none yet. */
export function buildAuditRow(req: FastifyRequest, facts: AuditFact[], statusCode: number | null): AuditRow {
  const ids = idsOf(facts);
  const content: AuditRowContent = {
    // Millisecond precision: what the verifier reads back must hash the same (see auditContentHash).
    at: new Date(),
    actorSub: clean(req.actor?.sub ?? req.claims?.sub ?? 'anonymous', 200),
    action: clean(distinct(facts.map((f) => f.action)).join(',') || declaredAction(req), 200),
    route: req.routeOptions.url ?? null,
    method: req.method,
    entityType: clean(distinct(facts.map((f) => f.entityType)).join(','), 200) || null,
    entityIds: ids.entityIds,
    patientIds: ids.patientIds,
    outcome: outcomeOf(statusCode, facts),
    statusCode,
    requestId: String(req.id),
    clientIp: req.ip ? clean(req.ip, 100) : null,
    userAgent: typeof req.headers['user-agent'] === 'string' ? clean(req.headers['user-agent'], 300) : null,
  };
  // Flagged when the request touched a patient the actor reaches only through a running break-glass session.
  const glass = req.actor?.breakGlass ?? [];
  if (glass.length > 0 && content.patientIds.some((id) => glass.includes(id))) content.breakGlass = true;
  return { ...content, contentHash: auditContentHash(content) };
}

/** READ, WRITE or ACCOUNT from the route's access declaration (never from the method or the URL); REQUEST without one. */
const declaredAction = (req: FastifyRequest) => req.routeOptions.config?.access?.kind.toUpperCase() ?? 'REQUEST';

/**
 * Text as PostgreSQL will store and return it, so the hash written equals the hash recomputed: no NUL (refused by
 * text columns), no lone surrogates (stored as U+FFFD), bounded length.
 */
function clean(text: string, max: number): string {
  // Most values (ids, routes) are short printable ASCII and stored as they are: no copy through a Buffer.
  if (text.length <= max && PRINTABLE_ASCII.test(text)) return text;
  return Buffer.from(text.slice(0, max), 'utf8').toString('utf8').replaceAll('\u0000', '');
}
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const COLUMN_TYPES = ['timestamptz', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'text', 'text', 'text', 'text', 'boolean'];
const COLUMNS = `at, actor_sub, action, route, method, entity_type, outcome, status_code, request_id, client_ip, user_agent,
                 content_hash, break_glass`;
/** The typed parameters of the columns, numbered from offset + 1 (an INSERT ... SELECT does not infer their types). */
const typedParams = (offset: number) => COLUMN_TYPES.map((type, i) => `$${offset + i + 1}::${type}`).join(', ');
const PLACEHOLDERS = typedParams(0);

const columnValues = (row: AuditRow) => [row.at, row.actorSub, row.action, row.route, row.method, row.entityType, row.outcome,
  row.statusCode, row.requestId, row.clientIp, row.userAgent, row.contentHash, row.breakGlass ?? false];

/** A row whose id lists are stored in the row itself (not named from audit_id_sets). */
const hasInlineLists = (row: AuditRow) => row.entityIds.length + row.patientIds.length < ID_SET_MIN;

/** Rows with inline lists in one multi-row INSERT (one statement, one commit). */
async function insertInlineRows(db: Pool | PoolClient, rows: AuditRow[]): Promise<void> {
  const width = COLUMN_TYPES.length + 2; // the columns, then entity_ids and patient_ids
  const tuples = rows.map((_, r) => `(${typedParams(r * width)}, $${r * width + width - 1}, $${r * width + width}::uuid[])`);
  await db.query(`INSERT INTO audit_log (${COLUMNS}, entity_ids, patient_ids) VALUES ${tuples.join(', ')}`,
    rows.flatMap((row) => [...columnValues(row), row.entityIds, row.patientIds]));
}

/**
 * Per pool, the group commit of the rows written outside a transaction (reads, refusals): under load the rows of
 * concurrent requests share one INSERT and one commit instead of one each; each request still waits for its own row.
 */
const groupCommits = new WeakMap<pg.Pool, GroupCommit<AuditRow>>();
function groupCommitOf(pool: pg.Pool): GroupCommit<AuditRow> {
  let gc = groupCommits.get(pool);
  if (!gc) {
    gc = new GroupCommit((rows) => insertInlineRows(pool, rows));
    groupCommits.set(pool, gc);
  }
  return gc;
}

export async function insertAuditRow(db: Pool | PoolClient, row: AuditRow): Promise<void> {
  if (hasInlineLists(row)) {
    await (db instanceof pg.Pool ? groupCommitOf(db).add(row) : insertInlineRows(db, [row]));
    return;
  }
  const values = columnValues(row);
  const key = idSetKey(row.entityIds, row.patientIds);
  const known = knownListsOf(db);
  if (known?.has(key)) {
    // Lists are never deleted, so a plain read suffices; none when this database does not have it after all (restored
    // from an older copy): then it is stored again below.
    const named = await db.query(`INSERT INTO audit_log (${COLUMNS}, id_set) SELECT ${PLACEHOLDERS}, $14
      WHERE EXISTS (SELECT 1 FROM audit_id_sets WHERE hash = $14)`, [...values, key]);
    if (named.rowCount === 1) return;
    known.delete(key);
  }
  // One statement: the list is added unless it is already stored.
  await db.query(
    `WITH list AS (INSERT INTO audit_id_sets (hash, entity_ids, patient_ids) VALUES ($14, $15, $16::uuid[]) ON CONFLICT (hash) DO NOTHING)
     INSERT INTO audit_log (${COLUMNS}, id_set) VALUES (${PLACEHOLDERS}, $14)`,
    [...values, key, row.entityIds, row.patientIds]);
  known?.set(key, true);
}
