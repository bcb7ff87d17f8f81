import type { FastifyRequest } from 'fastify';
import pg, { type Pool, type PoolClient } from 'pg';
import { prepared } from '../db/prepared';
import { GroupCommit } from './group-commit';
import type { AuditOutcome, AuditRowContent } from './hash';
import type { LRUCache } from 'lru-cache';
import { hasInlineLists, idSetKey, knownListsOf, rowHashes } from './id-sets';
import { askedIds } from './targets';

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
interface StoredIds {
  entityIds: string[];
  patientIds: string[];
}
const storedIds = new WeakMap<AuditFact, StoredIds>();

/** A fact's ids as stored, worked out once per fact: the response cache replays the same facts into every answer. */
function storedIdsOf(fact: AuditFact): StoredIds {
  let ids = storedIds.get(fact);
  if (!ids) {
    ids = { entityIds: distinct(cleanAll(fact.entityIds, 200)), patientIds: distinct(lowerCaseAll(fact.patientIds)) };
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

/**
 * A refused row of a signed-in actor names what the request was after besides what its handler recorded: the record
 * ids asked for and the patients the server resolved for them (see targets.ts). They never reach the caller, only
 * this row. A request refused before it has an actor (no or bad token: 401) resolved nothing and names nothing, so
 * no one can write text of their choosing into the log without signing in.
 */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
function refusalIds(req: FastifyRequest, ids: StoredIds, resolvedPatients: Iterable<string>): StoredIds {
  if (!req.actor) return ids;
  const asked = askedIds(req).map((id) => clean(id, 200));
  // Only the canonical text of a uuid: the row's hash is over the text PostgreSQL gives back.
  const resolved = [...resolvedPatients].map((id) => id.toLowerCase()).filter((id) => CANONICAL_UUID.test(id));
  if (asked.length === 0 && resolved.length === 0) return ids;
  return { entityIds: distinct([...ids.entityIds, ...asked]), patientIds: distinct([...ids.patientIds, ...resolved]) };
}

/**
 * The interaction row of a request from the facts it recorded; statusCode is null while the response has none yet.
 * `resolvedPatients`: the patients whose scope the request checked, named only when the row is a refusal.
 */
export function buildAuditRow(req: FastifyRequest, facts: AuditFact[], statusCode: number | null, resolvedPatients: Iterable<string> = []): AuditRow {
  const outcome = outcomeOf(statusCode, facts);
  const ids = outcome === 'DENIED' ? refusalIds(req, idsOf(facts), resolvedPatients) : idsOf(facts);
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
    outcome,
    statusCode,
    requestId: String(req.id),
    clientIp: req.ip ? clean(req.ip, 100) : null,
    userAgent: typeof req.headers['user-agent'] === 'string' ? clean(req.headers['user-agent'], 300) : null,
  };
  // Flagged when the request touched a patient the actor reaches only through a running break-glass session.
  const glass = req.actor?.breakGlass ?? [];
  if (glass.length > 0 && content.patientIds.some((id) => glass.includes(id))) content.breakGlass = true;
  return { ...content, contentHash: rowHashes(content) };
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

/** clean() of each text; a list of short printable ASCII (ids, thousands per list read) is checked in one pass. */
function cleanAll(texts: string[], max: number): string[] {
  if (texts.every((t) => t.length <= max) && PRINTABLE_ASCII.test(texts.join(''))) return texts;
  return texts.map((t) => clean(t, max));
}

/** Each text in lower case; a list already so (the uuids PostgreSQL returns) is checked in one pass. */
function lowerCaseAll(texts: string[]): string[] {
  // A newline is not a cased letter, so the joined text lower-cases each text as it would alone.
  const joined = texts.join('\n');
  return joined === joined.toLowerCase() ? texts : texts.map((t) => t.toLowerCase());
}

const COLUMN_TYPES = ['timestamptz', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'text', 'text', 'text', 'text', 'boolean'];
const COLUMNS = `at, actor_sub, action, route, method, entity_type, outcome, status_code, request_id, client_ip, user_agent,
                 content_hash, break_glass`;
/** A row's parameters in a batch: the columns, its inline lists, the key of its stored lists, and whether its list is
 * sent in the same statement (so the row goes in without looking the list up). */
const ROW_TYPES = [...COLUMN_TYPES, 'text[]', 'uuid[]', 'text', 'boolean'];
const ROW_COLUMNS = `${COLUMNS}, entity_ids, patient_ids, id_set, list_sent`;

const columnValues = (row: AuditRow) => [
  row.at,
  row.actorSub,
  row.action,
  row.route,
  row.method,
  row.entityType,
  row.outcome,
  row.statusCode,
  row.requestId,
  row.clientIp,
  row.userAgent,
  row.contentHash,
  row.breakGlass ?? false,
];

/** How a row goes in: with its lists inline, or naming them by key (sent along unless the database is known to hold them). */
interface PlannedRow {
  row: AuditRow;
  key: string | null;
  sendList: boolean;
}

function plan(row: AuditRow, known: LRUCache<string, true> | null): PlannedRow {
  if (hasInlineLists(row)) return { row, key: null, sendList: false };
  const key = idSetKey(row.entityIds, row.patientIds);
  return { row, key, sendList: !known?.has(key) };
}

const numbered = (types: string[], offset: number) => types.map((type, i) => `$${offset + i + 1}::${type}`).join(', ');

/**
 * Rows in one statement (one commit). The lists not known to be stored go in first (a list already there is left as
 * it is); a row naming a list it does not send goes in only if the list is there: a database restored from an older
 * copy may lack one, and those rows are written again below with their lists.
 */
async function insertRows(db: Pool | PoolClient, rows: AuditRow[], known: LRUCache<string, true> | null): Promise<void> {
  const planned = rows.map((row) => plan(row, known));
  const lists = new Map<string, AuditRow>();
  for (const p of planned) if (p.key && p.sendList) lists.set(p.key, p.row);
  const params: unknown[] = [];
  const listTuples = [...lists].map(([key, row]) => {
    params.push(key, row.entityIds, row.patientIds);
    return `(${numbered(['text', 'text[]', 'uuid[]'], params.length - 3)})`;
  });
  const rowTuples = planned.map(({ row, key, sendList }) => {
    const inline = key === null;
    params.push(...columnValues(row), inline ? row.entityIds : [], inline ? row.patientIds : [], key, sendList);
    return `(${numbered(ROW_TYPES, params.length - ROW_TYPES.length)})`;
  });
  const checksLists = planned.some((p) => p.key && !p.sendList);
  const text = `${
    listTuples.length
      ? `WITH lists AS (INSERT INTO audit_id_sets (hash, entity_ids, patient_ids) VALUES ${listTuples.join(', ')}
       ON CONFLICT (hash) DO NOTHING) `
      : ''
  }
     INSERT INTO audit_log (${COLUMNS}, entity_ids, patient_ids, id_set)
     SELECT ${COLUMNS}, entity_ids, patient_ids, id_set FROM (VALUES ${rowTuples.join(', ')}) AS v (${ROW_COLUMNS})
     ${checksLists ? 'WHERE v.id_set IS NULL OR v.list_sent OR EXISTS (SELECT 1 FROM audit_id_sets s WHERE s.hash = v.id_set) RETURNING content_hash' : ''}`;
  // Without lists to store, the text has one shape per batch size (at most 64) and check: a named statement, planned
  // once per connection (an unnamed one is planned at every insert).
  const { rows: written } = listTuples.length
    ? await db.query<{ content_hash: string }>(text, params)
    : await db.query<{ content_hash: string }>(prepared(text, params));
  for (const key of lists.keys()) known?.set(key, true);
  if (!checksLists || written.length === rows.length) return;
  const inserted = new Set(written.map((w) => w.content_hash));
  const missing = planned.filter((p) => !inserted.has(p.row.contentHash));
  for (const p of missing) if (p.key) known?.delete(p.key);
  await insertRows(
    db,
    missing.map((p) => p.row),
    known,
  );
}

/**
 * Per pool, the group commit of the rows written outside a transaction (reads, refusals): under load the rows of
 * concurrent requests share one INSERT and one commit instead of one each; each request still waits for its own row.
 */
const groupCommits = new WeakMap<pg.Pool, GroupCommit<AuditRow>>();
function groupCommitOf(pool: pg.Pool): GroupCommit<AuditRow> {
  let gc = groupCommits.get(pool);
  if (!gc) {
    gc = new GroupCommit((rows) => insertRows(pool, rows, knownListsOf(pool)));
    groupCommits.set(pool, gc);
  }
  return gc;
}

/** Writes a request's row: through the pool's group commit, or inside the caller's transaction (a client). */
export async function insertAuditRow(db: Pool | PoolClient, row: AuditRow): Promise<void> {
  await (db instanceof pg.Pool ? groupCommitOf(db).add(row) : insertRows(db, [row], null));
}
