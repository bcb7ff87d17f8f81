import { requestContext } from '@fastify/request-context';
import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { AuditOutcome } from './hash';
import { buildAuditRow, insertAuditRow, outcomeOf, type AuditFact, type AuditRow } from './row';
import { MAX_TARGETS } from './targets';

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
 * What one request has told the audit, and what is already written for it. One row per request: inside the first
 * write transaction that commits (so it commits or rolls back with the change), otherwise just before the response
 * is sent (onSend). Nothing recorded is ever dropped, and nothing leaves before it is written:
 * - a streamed body (CSV export) records its records batch by batch while it is sent: the row is written with the
 *   first batch, and each later batch that adds ids gets a continuation row (same request id) before it is sent;
 * - facts recorded after a committed row that add ids or change the outcome (a second transaction, an error after
 *   the commit) go into a continuation row, with a warning naming the route so that it can be fixed.
 */
export class RequestAudit {
  private readonly facts: AuditFact[] = [];
  /** facts[0, writtenFacts) are in written (committed) rows. */
  private writtenFacts = 0;
  private lastRow: AuditRow | null = null;
  private inTransaction = false;
  /** open: handler running; streaming: a streamed body is being sent; sent: the response has its status. */
  private phase: 'open' | 'streaming' | 'sent' = 'open';
  private statusCode: number | null = null;
  /** The patients whose scope this request checked (named by the row only if it is a refusal; see targets.ts). */
  private readonly resolved = new Set<string>();

  constructor(
    private readonly req: FastifyRequest,
    private readonly pool: Pool,
  ) {}

  /** The server resolved a record asked for to this patient and checked its scope. */
  resolvedPatient(patientId: string): void {
    if (this.resolved.size < MAX_TARGETS) this.resolved.add(patientId);
  }

  /** Records a fact; once the response is under way, writes it before the caller sends what it describes. */
  async record(fact: AuditFact): Promise<void> {
    this.facts.push(fact);
    if (this.phase !== 'open') await this.writeRest();
  }

  /** The facts recorded so far (the response cache replays a list's facts into the audit of each request it answers). */
  recordedFacts(): readonly AuditFact[] {
    return this.facts;
  }

  /** Called by withTx at BEGIN. */
  transaction(): AuditInTransaction {
    const firstFact = this.facts.length;
    let inserted: { row: AuditRow; upTo: number } | null = null;
    return {
      beforeCommit: async (client) => {
        if (this.lastRow || this.inTransaction || this.phase !== 'open' || this.facts.length === 0) return;
        const upTo = this.facts.length;
        const row = buildAuditRow(this.req, this.facts.slice(0, upTo), null, this.resolved);
        this.inTransaction = true;
        inserted = { row, upTo };
        await insertAuditRow(client, row);
      },
      committed: () => {
        if (!inserted) return;
        this.inTransaction = false;
        this.lastRow = inserted.row;
        this.writtenFacts = inserted.upTo;
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
   * onSend: writes the row before the body leaves. A failing insert throws, so the response becomes an error and no
   * PHI leaves unaudited. A streamed body that has recorded nothing yet writes with its first batch instead.
   */
  async beforeSend(payload: unknown, statusCode: number): Promise<void> {
    if (this.phase !== 'open') return;
    this.statusCode = statusCode;
    const streamed = isStream(payload);
    this.phase = streamed ? 'streaming' : 'sent';
    if (!streamed || this.facts.length > this.writtenFacts) await this.writeRest();
  }

  /** onResponse: whatever is still unwritten (a response that skipped onSend, a failed write, an empty stream). */
  async afterResponse(statusCode: number): Promise<void> {
    this.statusCode = statusCode;
    if (this.phase === 'open') this.phase = 'sent';
    await this.writeRest();
  }

  private async writeRest(): Promise<void> {
    const upTo = this.facts.length;
    const pending = this.facts.slice(this.writtenFacts, upTo);
    if (!this.lastRow && pending.length === 0 && !isAuditedRequest(this.req)) return;
    // Nothing new since the written row, and no worse outcome: that row says it all (no row to build and hash).
    if (this.lastRow && pending.length === 0 && sameOrBetterOutcome(this.lastRow, outcomeOf(this.statusCode, pending))) {
      this.writtenFacts = upTo;
      return;
    }
    const row = buildAuditRow(this.req, pending, this.statusCode, this.resolved);
    if (this.lastRow && covers(this.lastRow, row)) {
      this.writtenFacts = upTo;
      return;
    }
    if (this.lastRow && this.phase !== 'streaming') {
      this.req.log.warn({ route: row.route }, 'audit facts recorded after the committed row: writing a continuation row');
    }
    await insertAuditRow(this.pool, row);
    this.lastRow = row;
    this.writtenFacts = upTo;
  }
}

const isStream = (payload: unknown) => typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';

/** A later row's outcome says nothing the written row does not: SUCCESS, or the written row's own. */
const sameOrBetterOutcome = (done: AuditRow, later: AuditOutcome) => later === 'SUCCESS' || later === done.outcome;

/** Whether the row already written says everything the later facts say. */
function covers(done: AuditRow, later: AuditRow): boolean {
  const has = (all: string[], some: string[]) => some.every((x) => all.includes(x));
  return sameOrBetterOutcome(done, later.outcome) && has(done.entityIds, later.entityIds) && has(done.patientIds, later.patientIds);
}

/** Signed-in requests and every request to a route of the secure scope (it declares its access), never by URL. */
const isAuditedRequest = (req: FastifyRequest) => !!(req.claims || req.actor || req.routeOptions.config?.access);

const contexts = new WeakMap<FastifyRequest, RequestAudit>();

/** Starts the audit of a request (the audit hooks do, for the requests they see); rows go to `pool`. */
export function openRequestAudit(req: FastifyRequest, pool: Pool): RequestAudit {
  let audit = contexts.get(req);
  if (!audit) {
    audit = new RequestAudit(req, pool);
    contexts.set(req, audit);
  }
  return audit;
}

/** The request's audit, or undefined when no audit hooks see this request. */
export const requestAuditOf = (req: FastifyRequest): RequestAudit | undefined => contexts.get(req);

/** The audit of the request this code runs for (AsyncLocalStorage), for withTx. */
export const requestAuditInScope = (): RequestAudit | undefined => requestContext.get('audit');

/** Tells the audit of the request this code runs for, if any, that a record asked for belongs to this patient. */
export function noteResolvedPatient(patientId: string | null | undefined): void {
  if (patientId) requestAuditInScope()?.resolvedPatient(patientId);
}
