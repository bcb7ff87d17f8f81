import { LRUCache } from 'lru-cache';
import pg, { type PoolClient } from 'pg';
import { auditContentHash, auditHashes, auditIdSetHash, type AuditRowContent } from './hash';

/**
 * Id lists of audit rows (migration 0035). From ID_SET_MIN ids on (entity and patient ids together) a row's lists are
 * stored once per distinct list in audit_id_sets and the row names them by hash: a list page or a calendar week read
 * again costs one short row, not its ids parsed, stored and GIN-indexed once more at the seal (a lab results page of
 * 50 names ~90 ids). The rows naming a stored list go through the same group commit as the others (row.ts). Shorter
 * lists (a record and its patient, a small page, most writes) stay inline: indexing them costs no more than a lookup.
 */
export const ID_SET_MIN = 50;

const keys = new WeakMap<string[], { patientIds: string[]; hash: string }>();

/** The key of a row's lists, computed once per pair of list arrays (the response cache replays the same facts). */
export function idSetKey(entityIds: string[], patientIds: string[]): string {
  const known = keys.get(entityIds);
  if (known?.patientIds === patientIds) return known.hash;
  const hash = auditIdSetHash(entityIds, patientIds);
  keys.set(entityIds, { patientIds, hash });
  return hash;
}

/** A row whose id lists are stored in the row itself (not named from audit_id_sets). */
export const hasInlineLists = (row: Pick<AuditRowContent, 'entityIds' | 'patientIds'>) => row.entityIds.length + row.patientIds.length < ID_SET_MIN;

/** A row's content hash, and for lists stored apart also their key (worked out with it, from the same JSON text). */
export function rowHashes(row: AuditRowContent): string {
  if (hasInlineLists(row)) return auditContentHash(row);
  const { contentHash, idSetHash } = auditHashes(row);
  keys.set(row.entityIds, { patientIds: row.patientIds, hash: idSetHash });
  return contentHash;
}

/**
 * Per pool, the lists its database is known to hold: stored by a committed statement of this process. A row naming
 * one then goes without its lists, inserted only if the list is there (see insertAuditRow).
 */
const storedLists = new WeakMap<pg.Pool, LRUCache<string, true>>();

/** The known lists of `db` when it is a pool; none inside a transaction (its insert is not committed yet). */
export function knownListsOf(db: pg.Pool | PoolClient): LRUCache<string, true> | null {
  if (!(db instanceof pg.Pool)) return null;
  let lists = storedLists.get(db);
  if (!lists) {
    lists = new LRUCache<string, true>({ max: 10_000 });
    storedLists.set(db, lists);
  }
  return lists;
}
