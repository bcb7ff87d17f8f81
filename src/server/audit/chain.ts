import type { Pool } from 'pg';
import { auditContentHash, chainLinkHash, GENESIS_HASH, type AuditOutcome } from './hash';

/*
 * The hash chain, and why it is built this way. Each request inserts its row with content_hash (sha256 of the row's
 * canonical content, hash.ts) and nothing else: inserts never wait on each other, so ~1,000 requests/s on two cores
 * are not serialised behind one lock for the length of their transactions. Rows commit in any order; the database
 * function audit_seal() (migration 0012, SECURITY DEFINER, owned by the owner role; the runtime role may only
 * EXECUTE it) then takes committed unsealed rows in id order and gives each its chain position, prev_hash and
 * row_hash = sha256(prev_hash:chain_seq:id:content_hash). Sealers take one advisory lock: every server process seals
 * every second and skips the round when another holds the lock (that one seals its rows too), and the verifier waits
 * for the lock and seals before it checks, so rows are unchained for about a second. A guard trigger
 * lets an UPDATE fill the chain fields of an unsealed row once and refuses every other change.
 *
 * What it detects: a sealed row's content edited (its content hash no longer matches), a row deleted or inserted
 * in the middle (the next prev_hash or chain position breaks), chain fields rewritten. An owner who rewrites the
 * whole chain from some row on is caught only against a copy of an earlier head hash, which the verifier prints.
 */

const SEAL_BATCH = 5000;

/**
 * Seals what is committed and unsealed (up to one batch); returns how many rows it sealed. `wait: false` returns 0 at
 * once when another sealer holds the lock (migration 0038) instead of holding a pooled connection while it waits.
 */
export async function sealAuditChain(pool: Pool, opts: { wait?: boolean } = {}): Promise<number> {
  const { rows } = await pool.query<{ sealed: number }>('SELECT audit_seal($1, $2) AS sealed', [SEAL_BATCH, opts.wait ?? true]);
  return rows[0].sealed;
}

/** Seals every `everyMs` until stopped; a failed round is logged and retried on the next tick. */
export function startAuditSealer(pool: Pool, everyMs: number, onError: (err: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sealAuditChain(pool, { wait: false })).catch(onError);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type AuditChainStatus =
  | { ok: true; rows: number; lastId: number | null; lastSeq: number; headHash: string; unsealed: number }
  | { ok: false; rows: number; rowId: number; seq: number | null; problem: string };

/** An audit row as PostgreSQL returns it (from the view audit_rows: its id lists resolved, migration 0035). */
export interface StoredAuditRow {
  id: string;
  at: Date;
  actor_sub: string;
  action: string;
  route: string | null;
  method: string;
  entity_type: string | null;
  entity_ids: string[];
  patient_ids: string[];
  outcome: AuditOutcome;
  status_code: number | null;
  request_id: string;
  client_ip: string | null;
  user_agent: string | null;
  content_hash: string;
  chain_seq: string | null;
  prev_hash: string | null;
  row_hash: string | null;
  break_glass: boolean;
}

const COLUMNS = `id, at, actor_sub, action, route, method, entity_type, entity_ids, patient_ids, outcome, status_code,
  request_id, client_ip, user_agent, content_hash, chain_seq, prev_hash, row_hash, break_glass`;

const recomputedContentHash = (r: StoredAuditRow) =>
  auditContentHash({
    at: r.at,
    actorSub: r.actor_sub,
    action: r.action,
    route: r.route,
    method: r.method,
    entityType: r.entity_type,
    entityIds: r.entity_ids,
    patientIds: r.patient_ids,
    outcome: r.outcome,
    statusCode: r.status_code,
    requestId: r.request_id,
    clientIp: r.client_ip,
    userAgent: r.user_agent,
    breakGlass: r.break_glass,
  });

/** What is wrong with one sealed row given the row before it, or null when it links correctly. */
function linkProblem(r: StoredAuditRow, expectedSeq: number, prevHash: string): string | null {
  if (Number(r.chain_seq) !== expectedSeq)
    return `chain position ${r.chain_seq}, expected ${expectedSeq} (a sealed row is missing or was renumbered)`;
  if (r.prev_hash !== prevHash) return `prev_hash ${r.prev_hash} differs from the previous row's row_hash ${prevHash}`;
  const content = recomputedContentHash(r);
  if (content !== r.content_hash) return `content does not match its content_hash (stored ${r.content_hash}, computed ${content})`;
  const link = chainLinkHash(prevHash, expectedSeq, Number(r.id), r.content_hash);
  if (r.row_hash !== link) return `row_hash ${r.row_hash} differs from the recomputed link ${link}`;
  return null;
}

/**
 * Seals what is committed, then walks the whole chain in order and recomputes every content hash and link, reading
 * `batch` rows at a time. A row's content hash covers its id lists wherever they are stored, so an edited list in
 * audit_id_sets breaks every row that names it. Rows committed after the sealing are content-checked only.
 */
export async function verifyAuditChain(pool: Pool, batch = 5000): Promise<AuditChainStatus> {
  while ((await sealAuditChain(pool)) === SEAL_BATCH);
  let seq = 0;
  let prevHash = GENESIS_HASH;
  let lastId: number | null = null;
  for (;;) {
    const { rows } = await pool.query<StoredAuditRow>(`SELECT ${COLUMNS} FROM audit_rows WHERE chain_seq > $1 ORDER BY chain_seq LIMIT $2`, [
      seq,
      batch,
    ]);
    for (const r of rows) {
      const problem = linkProblem(r, seq + 1, prevHash);
      if (problem) return { ok: false, rows: seq, rowId: Number(r.id), seq: Number(r.chain_seq), problem };
      seq += 1;
      prevHash = r.row_hash as string;
      lastId = Number(r.id);
    }
    if (rows.length < batch) break;
  }
  const { rows: unsealed } = await pool.query<StoredAuditRow>(`SELECT ${COLUMNS} FROM audit_rows WHERE chain_seq IS NULL ORDER BY id`);
  const edited = unsealed.find((r) => recomputedContentHash(r) !== r.content_hash);
  if (edited)
    return { ok: false, rows: seq, rowId: Number(edited.id), seq: null, problem: 'content does not match its content_hash (unsealed row edited)' };
  return { ok: true, rows: seq, lastId, lastSeq: seq, headHash: prevHash, unsealed: unsealed.length };
}

/** One line for people: "verified up to row N …" or the first broken link. */
export function describeAuditChain(status: AuditChainStatus): string {
  if (!status.ok) {
    const where = status.seq === null ? 'unsealed' : `chain position ${status.seq}`;
    return `audit chain broken at row ${status.rowId} (${where}, after ${status.rows} verified rows): ${status.problem}`;
  }
  if (status.lastId === null) return `verified up to row 0 (the audit log is empty)`;
  const later = status.unsealed > 0 ? `; ${status.unsealed} rows written since are not sealed yet` : '';
  return `verified up to row ${status.lastId} (${status.rows} rows in the chain, head hash ${status.headHash})${later}`;
}
