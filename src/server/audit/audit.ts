import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { requestAuditOf } from './context';
import type { AuditOutcome } from './hash';
import { buildAuditRow, insertAuditRow, type AuditFact } from './row';

export interface AuditEvent {
  action: string; // e.g. READ, CREATE, UPDATE, ASSIGN
  entityType: string;
  entityId?: string | null;
  patientId?: string | null;
  outcome: AuditOutcome;
}

/**
 * Tells the request's audit what it read, changed or refused. Only identifiers go in: never names, notes, results
 * or tokens. The request's one audit row is written by the audit hooks (see context.ts), inside the transaction
 * when there is one. On a route no audit hooks see, the row is written at once on `db`.
 */
export async function writeAudit(db: Pool | PoolClient, req: FastifyRequest, event: AuditEvent): Promise<void> {
  await record(db, req, {
    action: event.action,
    entityType: event.entityType,
    entityIds: event.entityId ? [event.entityId] : [],
    patientIds: event.patientId ? [event.patientId] : [],
    outcome: event.outcome,
  });
}

/** The same for a list or export: every record returned, with its patient id, in the request's one row. */
export async function writeAuditMany(
  db: Pool | PoolClient,
  req: FastifyRequest,
  action: string,
  entityType: string,
  rows: { entityId: string; patientId: string | null }[],
  outcome: AuditOutcome = 'SUCCESS',
): Promise<void> {
  await record(db, req, {
    action,
    entityType,
    entityIds: rows.map((r) => r.entityId),
    patientIds: rows.flatMap((r) => (r.patientId ? [r.patientId] : [])),
    outcome,
  });
}

async function record(db: Pool | PoolClient, req: FastifyRequest, fact: AuditFact): Promise<void> {
  const audit = requestAuditOf(req);
  if (audit) await audit.record(fact);
  else await insertAuditRow(db, buildAuditRow(req, [fact], null));
}
