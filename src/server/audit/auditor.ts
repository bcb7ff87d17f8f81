import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { writeAudit, writeAuditMany, type AuditEvent } from './audit';
import type { AuditOutcome } from './hash';

type Db = Pool | PoolClient;

/**
 * The small audit context services and repositories receive instead of the Fastify request: they say what they
 * read or changed (identifiers only); the request's one audit row is written by the audit hooks. `db` (the
 * transaction's client inside one) is where the row goes on a route no audit hooks see.
 */
export interface Auditor {
  one(db: Db, event: AuditEvent): Promise<void>;
  /**
   * A list or export: every record returned, with its patient id (null when the row discloses no patient); or, with
   * an outcome, every record a refused action on several records named.
   */
  many(db: Db, action: string, entityType: string, rows: { entityId: string; patientId: string | null }[], outcome?: AuditOutcome): Promise<void>;
}

/** The auditor of one request (routes build it). */
export const auditorOf = (req: FastifyRequest): Auditor => ({
  one: (db, event) => writeAudit(db, req, event),
  many: (db, action, entityType, rows, outcome) => writeAuditMany(db, req, action, entityType, rows, outcome),
});
