import type { Pool, PoolClient } from 'pg';
import type { Auditor } from '../audit/auditor';
import type { Actor } from './actor';

/**
 * What every repository of patient data is bound to: who asks (the request's Actor, whose patient scope, masking and
 * clinical gates the repository applies itself), the request's auditor, and where it reads and writes (the pool, or
 * the client of the transaction it runs in). Repositories are made per request from it (src/server/data/access.ts);
 * services and routes never see the pool.
 */
export interface AccessContext {
  readonly db: Pool | PoolClient;
  /** The transaction's client when the repository runs in one (`data.transaction`), else null: history and locks need it. */
  readonly tx: PoolClient | null;
  readonly actor: Actor;
  readonly audit: Auditor;
}

/** Makes one feature's repository for a request (or for one transaction of it). */
export type RepositoryFactory<R> = (ctx: AccessContext) => R;
