import type { Pool, PoolClient } from 'pg';
import type { AccessContext, RepositoryFactory } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import type { Auditor } from '../audit/auditor';
import { withTx } from '../db/tx';
import { REPOSITORIES } from './repositories';

type Repositories = { readonly [K in keyof typeof REPOSITORIES]: ReturnType<(typeof REPOSITORIES)[K]> };

/**
 * The one door to patient data: the request's repositories, each bound to the Actor (its scope, masking, clinical
 * gates, history and audit applied inside the repository, never by the caller). The secure scope hands one to every
 * request as `req.data`; a feature's service receives it and never the pool or the request.
 */
export type DataAccess = Repositories & {
  readonly actor: Actor;
  /** The same repositories on one transaction's client: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: DataAccess) => Promise<T>): Promise<T>;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The Actor's data access (src/server/data/access.ts); set by the secure scope before validation. */
    data: DataAccess;
  }
}

/** Binds the repositories to one Actor on one connection; each repository is made on first use and kept. */
function bind(pool: Pool, db: Pool | PoolClient, actor: Actor, audit: Auditor): DataAccess {
  const ctx: AccessContext = { db, tx: db === pool ? null : (db as PoolClient), actor, audit };
  const made = new Map<string, unknown>();
  const data = {
    actor,
    transaction: <T>(fn: (tx: DataAccess) => Promise<T>) =>
      db === pool ? withTx(pool, (client) => fn(bind(pool, client, actor, audit))) : fn(data as DataAccess),
  };
  for (const [name, factory] of Object.entries(REPOSITORIES) as [string, RepositoryFactory<unknown>][]) {
    Object.defineProperty(data, name, {
      enumerable: true,
      get: () => {
        if (!made.has(name)) made.set(name, factory(ctx));
        return made.get(name);
      },
    });
  }
  return data as DataAccess;
}

/** The data access of one request's Actor (a transaction inside a transaction runs on the same client). */
export const dataAccess =
  (pool: Pool) =>
  (actor: Actor, audit: Auditor): DataAccess =>
    bind(pool, pool, actor, audit);
