import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSessions } from '../../src/server/auth/actor';
import { createIdentityCache, type IdentityCache } from '../../src/server/auth/identity-cache';
import { createPool } from '../../src/server/db/client';
import { cloneTemplateDatabase, DEMO, env } from './helpers';

/**
 * The identity cache on a real database: a write committed before settle() is applied to the cache when settle()
 * resolves, so a request that follows the write on the same instance never meets the identity from before it.
 */
let pool: pg.Pool;
let cache: IdentityCache;

beforeAll(async () => {
  const { databaseUrl } = await cloneTemplateDatabase();
  pool = createPool(databaseUrl, 4);
  cache = createIdentityCache(pool, { ttlMs: 60_000 });
  await cache.start();
});
afterAll(async () => {
  await cache?.close();
  await pool?.end();
});

describe('identity cache', () => {
  it('listens, and serves a second load from memory', async () => {
    expect(cache.active).toBe(true);
    const sub = env().cognito.subs[DEMO.clinician];
    const first = await cache.load(sub, true);
    expect(await cache.load(sub, true)).toBe(first);
  });

  it('applies a revocation committed before settle() at once, every time', async () => {
    const sub = env().cognito.subs[DEMO.staff];
    for (let round = 0; round < 25; round += 1) {
      const before = await cache.load(sub, false);
      await revokeSessions(pool, sub);
      await cache.settle();
      const after = await cache.load(sub, false);
      expect(after).not.toBe(before);
      expect(after.validAfter!.getTime()).toBeGreaterThanOrEqual(before.validAfter?.getTime() ?? 0);
    }
  });

  it('applies a licence change made by another connection once settled', async () => {
    const sub = env().cognito.subs[DEMO.clinician];
    const before = await cache.load(sub, true);
    await pool.query(`UPDATE licences SET good_standing = NOT good_standing WHERE clinician_id = $1`, [sub]);
    await cache.settle();
    const after = await cache.load(sub, true);
    expect(after).not.toBe(before);
    expect(after.clinician!.licences.map((l) => l.goodStanding)).toEqual(before.clinician!.licences.map((l) => !l.goodStanding));
  });
});
