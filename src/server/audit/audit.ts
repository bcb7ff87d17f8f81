import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';

export interface AuditEvent {
  action: string; // e.g. READ, CREATE, UPDATE, ASSIGN
  entityType: string;
  entityId?: string | null;
  patientId?: string | null;
  outcome: 'SUCCESS' | 'DENIED' | 'FAILED';
}

/**
 * Appends one row to the audit log (append-only, enforced by a trigger). Only identifiers go in:
 * never names, notes, results or tokens. Pass the transaction's client so the row commits with the change.
 */
export async function writeAudit(db: Pool | PoolClient, req: FastifyRequest, event: AuditEvent): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_sub, action, entity_type, entity_id, patient_id, outcome, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [req.actor?.sub ?? req.claims?.sub ?? 'anonymous', event.action, event.entityType, event.entityId ?? null,
      event.patientId ?? null, event.outcome, String(req.id)],
  );
}

/** Appends many rows in one statement (list reads: one row per patient record returned). */
export async function writeAuditMany(db: Pool | PoolClient, req: FastifyRequest, action: string, entityType: string,
  rows: { entityId: string; patientId: string | null }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO audit_log (actor_sub, action, entity_type, entity_id, patient_id, outcome, request_id)
     SELECT $1, $2, $3, e, p, 'SUCCESS', $4 FROM unnest($5::text[], $6::uuid[]) AS t(e, p)`,
    [req.actor?.sub ?? 'anonymous', action, entityType, String(req.id), rows.map((r) => r.entityId), rows.map((r) => r.patientId)],
  );
}
