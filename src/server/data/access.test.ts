import type { Pool, PoolClient } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '../auth/actor';
import type { Auditor } from '../audit/auditor';

// The registry under test: one repository that says which connection and Actor it was made for.
vi.mock('./repositories', () => ({
  REPOSITORIES: {
    probe: (ctx: { db: unknown; tx: unknown; actor: unknown }) => ({ db: ctx.db, tx: ctx.tx, actor: ctx.actor, made: Symbol('made') }),
  },
}));
const { dataAccess } = await import('./access');

const actor = { sub: 'clinician-1' } as Actor;
const audit = {} as Auditor;
function fakePool() {
  const queries: string[] = [];
  const client = {
    query: async (sql: string) => {
      queries.push(sql);
      return { rows: [] };
    },
    release: () => undefined,
  } as unknown as PoolClient;
  const pool = { connect: async () => client } as unknown as Pool;
  return { pool, client, queries };
}

type Probe = { db: unknown; tx: unknown; actor: unknown; made: symbol };

describe('the data access of one request', () => {
  it('binds each repository to the Actor and the pool, made once on first use', () => {
    const { pool } = fakePool();
    const data = dataAccess(pool)(actor, audit) as unknown as { probe: Probe; actor: Actor };
    expect(data.actor).toBe(actor);
    expect(data.probe.db).toBe(pool);
    expect(data.probe.tx).toBeNull();
    expect(data.probe.actor).toBe(actor);
    expect(data.probe.made).toBe(data.probe.made);
  });

  it('runs a transaction with the same repositories on one client, committed when it resolves', async () => {
    const { pool, client, queries } = fakePool();
    const data = dataAccess(pool)(actor, audit);
    const seen = await data.transaction(async (tx) => (tx as unknown as { probe: Probe }).probe);
    expect(seen.db).toBe(client);
    expect(seen.tx).toBe(client);
    expect(queries).toEqual(['BEGIN', 'COMMIT']);
  });

  it('rolls back when the transaction throws, and a nested transaction stays on its client', async () => {
    const { pool, client, queries } = fakePool();
    const data = dataAccess(pool)(actor, audit);
    await expect(
      data.transaction(async (tx) => {
        expect(await tx.transaction(async (inner) => (inner as unknown as { probe: Probe }).probe.db)).toBe(client);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(queries).toEqual(['BEGIN', 'ROLLBACK']);
  });
});
