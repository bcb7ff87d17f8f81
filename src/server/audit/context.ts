import { requestContext } from '@fastify/request-context';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { buildAuditRow, insertAuditRow, type AuditFact, type AuditRow } from './row';

declare module '@fastify/request-context' {
  interface RequestContextData {
    audit?: RequestAudit;
  }
}

/** The audit's part in one transaction of the request (see withTx). */
export interface AuditInTransaction {
  /** Inserts the request's row on the transaction's client, unless a row is already written or under way. */
  beforeCommit(client: PoolClient): Promise<void>;
  committed(): void;
  /** The row (if inserted) is gone; what the transaction recorded as done did not happen: FAILED. */
  rolledBack(): void;
}

/**
 * What one request has told the audit, and what is already written for it. Exactly one row per request: inside
 * the first write transaction that commits (so it commits or rolls back with the change), otherwise just before the
 * response is sent. Facts recorded after a committed row that add ids or change the outcome (a second transaction,
 * an error after the commit) are never dropped: they go into a continuation row with the same request id, and the
 * server logs a warning naming the route so that it can be fixed.
 */
export class RequestAudit {
  private readonly facts: AuditFact[] = [];
  /** facts[0, committedFacts) are in a committed row. */
  private committedFacts = 0;
  private committedRow: AuditRow | null = null;
  private inTransaction = false;
  private finished = false;

  constructor(private readonly req: FastifyRequest) {}

  record(fact: AuditFact): void {
    this.facts.push(fact);
  }

  /** Called by withTx at BEGIN. */
  transaction(): AuditInTransaction {
    const firstFact = this.facts.length;
    let inserted: { row: AuditRow; upTo: number } | null = null;
    return {
      beforeCommit: async (client) => {
        if (this.committedRow || this.inTransaction || this.finished || this.facts.length === 0) return;
        const upTo = this.facts.length;
        const row = buildAuditRow(this.req, this.facts.slice(0, upTo), null);
        this.inTransaction = true;
        inserted = { row, upTo };
        await insertAuditRow(client, row);
      },
      committed: () => {
        if (!inserted) return;
        this.inTransaction = false;
        this.committedRow = inserted.row;
        this.committedFacts = inserted.upTo;
      },
      rolledBack: () => {
        if (inserted) this.inTransaction = false;
        for (let i = firstFact; i < this.facts.length; i++) {
          if (this.facts[i].outcome === 'SUCCESS') this.facts[i] = { ...this.facts[i], outcome: 'FAILED' };
        }
      },
    };
  }

  /**
   * Writes the request's row (or its continuation) once, before the response leaves. A failing insert throws, so
   * the response becomes an error and no PHI leaves unaudited.
   */
  async finish(pool: Pool, statusCode: number): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    if (!this.committedRow && this.facts.length === 0 && !isAuditedRequest(this.req)) return;
    const row = buildAuditRow(this.req, this.facts.slice(this.committedFacts), statusCode);
    if (this.committedRow) {
      if (covers(this.committedRow, row)) return;
      this.req.log.warn({ route: row.route }, 'audit facts recorded after the committed row: writing a continuation row');
    }
    await insertAuditRow(pool, row);
  }
}

/** Whether the row already committed says everything the later facts say. */
function covers(done: AuditRow, later: AuditRow): boolean {
  const has = (all: string[], some: string[]) => some.every((x) => all.includes(x));
  return done.outcome === later.outcome && has(done.entityIds, later.entityIds) && has(done.patientIds, later.patientIds);
}

/** Signed-in requests and every request to a /secure or /api route (by its registered pattern, not the URL). */
function isAuditedRequest(req: FastifyRequest): boolean {
  if (req.claims || req.actor) return true;
  const route = req.routeOptions.url;
  return !!route && (route.startsWith('/secure/') || route.startsWith('/api/'));
}

const contexts = new WeakMap<FastifyRequest, RequestAudit>();

/** Starts the audit of a request (the audit hooks do, for the requests they see). */
export function openRequestAudit(req: FastifyRequest): RequestAudit {
  let audit = contexts.get(req);
  if (!audit) {
    audit = new RequestAudit(req);
    contexts.set(req, audit);
  }
  return audit;
}

/** The request's audit, or undefined when no audit hooks see this request. */
export const requestAuditOf = (req: FastifyRequest): RequestAudit | undefined => contexts.get(req);

/** The audit of the request this code runs for (AsyncLocalStorage), for withTx. */
export const requestAuditInScope = (): RequestAudit | undefined => requestContext.get('audit');
