import { createHash, hash } from 'node:crypto';
import { jsonPieces } from '../http/json-bytes';

export const AUDIT_OUTCOMES = ['SUCCESS', 'DENIED', 'FAILED'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The content of one audit row: everything but its id and chain fields. Identifiers only, never PHI values. */
export interface AuditRowContent {
  at: Date;
  actorSub: string;
  action: string;
  route: string | null;
  method: string;
  entityType: string | null;
  entityIds: string[];
  patientIds: string[];
  outcome: AuditOutcome;
  statusCode: number | null;
  requestId: string;
  clientIp: string | null;
  userAgent: string | null;
  /** Read or changed a patient through a break-glass session (migration 0026); absent or false on ordinary rows. */
  breakGlass?: boolean;
}

/** The first row of the chain links to this. */
export const GENESIS_HASH = '0'.repeat(64);

/** One-shot hashing: a Hash object per call cost about half of the audit row's hashing on a list read. */
const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/** The hash of a value's JSON text; a value with long id lists is hashed piece by piece (no text of ~150 KB made). */
function sha256HexOfJson(value: unknown): string {
  const pieces = jsonPieces(value);
  if (pieces.length === 1) return sha256Hex(pieces[0]);
  const h = createHash('sha256');
  for (const piece of pieces) h.update(piece);
  return h.digest('hex');
}

/**
 * The canonical form of a row's content, hashed when the row is written and recomputed by the verifier from the
 * stored columns: a JSON array in a fixed column order, the time as ISO-8601 UTC with milliseconds (the server
 * writes `at` with millisecond precision, so the stored value reads back exactly). Version 1; version 2 (a row flagged
 * break-glass) appends the flag, so ordinary rows, and every row written before the flag existed, hash as before.
 */
export function auditContentHash(row: AuditRowContent): string {
  const content = [
    row.at.toISOString(),
    row.actorSub,
    row.action,
    row.route,
    row.method,
    row.entityType,
    row.entityIds,
    row.patientIds,
    row.outcome,
    row.statusCode,
    row.requestId,
    row.clientIp,
    row.userAgent,
  ];
  return sha256HexOfJson(row.breakGlass ? [2, ...content, true] : [1, ...content]);
}

/** The key of a row's id lists in audit_id_sets (migration 0035): the same lists always get the same key. */
export function auditIdSetHash(entityIds: string[], patientIds: string[]): string {
  return sha256HexOfJson([entityIds, patientIds]);
}

/** One link of the chain; the database's audit_seal() (migration 0012) computes the same when it seals a row. */
export function chainLinkHash(prevHash: string, chainSeq: number, id: number, contentHash: string): string {
  return sha256Hex(`${prevHash}:${chainSeq}:${id}:${contentHash}`);
}
