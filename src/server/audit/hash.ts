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

/** Below this many characters pieces are joined and hashed in one shot. */
const ONE_SHOT_CHARS = 64 * 1024;

/** The hash of JSON text given as pieces. */
function sha256HexOfPieces(pieces: string[]): string {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  if (length < ONE_SHOT_CHARS) return sha256Hex(pieces.join(''));
  const h = createHash('sha256');
  for (const piece of pieces) h.update(piece);
  return h.digest('hex');
}

/**
 * The canonical form of a row's content, hashed when the row is written and recomputed by the verifier from the
 * stored columns: a JSON array in a fixed column order, the time as ISO-8601 UTC with milliseconds (the server
 * writes `at` with millisecond precision, so the stored value reads back exactly). Version 1; version 2 (a row flagged
 * break-glass) appends the flag, so ordinary rows, and every row written before the flag existed, hash as before.
 * Written around the JSON of its two id lists, so that the same texts also give the lists' key (auditHashes).
 */
function contentPieces(row: AuditRowContent, entityJson: string[], patientJson: string[]): string[] {
  const before = [row.breakGlass ? 2 : 1, row.at.toISOString(), row.actorSub, row.action, row.route, row.method, row.entityType];
  const after = [row.outcome, row.statusCode, row.requestId, row.clientIp, row.userAgent, ...(row.breakGlass ? [true] : [])];
  // JSON.stringify of the whole array joins its items' texts with commas: the same bytes.
  return [`${JSON.stringify(before).slice(0, -1)},`, ...entityJson, ',', ...patientJson, `,${JSON.stringify(after).slice(1)}`];
}

/** The hash of a row's canonical content (contentPieces). */
export function auditContentHash(row: AuditRowContent): string {
  return sha256HexOfPieces(contentPieces(row, jsonPieces(row.entityIds), jsonPieces(row.patientIds)));
}

/** The JSON text of [entityIds, patientIds] from the lists' texts. */
const idSetPieces = (entityJson: string[], patientJson: string[]) => ['[', ...entityJson, ',', ...patientJson, ']'];

/** The key of a row's id lists in audit_id_sets (migration 0035): the same lists always get the same key. */
export function auditIdSetHash(entityIds: string[], patientIds: string[]): string {
  return sha256HexOfPieces(idSetPieces(jsonPieces(entityIds), jsonPieces(patientIds)));
}

/** A row's content hash and its lists' key, with each list written as JSON once (a calendar week names ~4,000 ids). */
export function auditHashes(row: AuditRowContent): { contentHash: string; idSetHash: string } {
  const entityJson = jsonPieces(row.entityIds);
  const patientJson = jsonPieces(row.patientIds);
  return {
    contentHash: sha256HexOfPieces(contentPieces(row, entityJson, patientJson)),
    idSetHash: sha256HexOfPieces(idSetPieces(entityJson, patientJson)),
  };
}

/** One link of the chain; the database's audit_seal() (migration 0012) computes the same when it seals a row. */
export function chainLinkHash(prevHash: string, chainSeq: number, id: number, contentHash: string): string {
  return sha256Hex(`${prevHash}:${chainSeq}:${id}:${contentHash}`);
}
