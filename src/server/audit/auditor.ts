import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { writeAudit, writeAuditMany, type AuditEvent } from './audit';

/**
 * The small audit context services and repositories receive instead of the Fastify request: they say what they
 * read or changed (identifiers only), the request's one audit row is written by the audit hooks.
 */
export interface Auditor {
  one(event: AuditEvent): Promise<void>;
  /** A list or export: every record returned, with its patient id (null when the row discloses no patient). */
  many(action: string, entityType: string, rows: { entityId: string; patientId: string | null }[]): Promise<void>;
}

/** The auditor of one request (routes build it; rows go to `db` only on a route no audit hooks see). */
export const auditorOf = (db: Pool | PoolClient, req: FastifyRequest): Auditor => ({
  one: (event) => writeAudit(db, req, event),
  many: (action, entityType, rows) => writeAuditMany(db, req, action, entityType, rows),
});
