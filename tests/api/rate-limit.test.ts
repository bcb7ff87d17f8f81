import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/server/db/client';
import { createPgRateLimitStore } from '../../src/server/http/rate-limit-store';
import { forge } from './forge';
import { apiHeaders, cloneTemplateDatabase, DEMO, env } from './helpers';
import { startInstance, type Instance } from './instances';

/**
 * One request budget per client for the whole service: every instance (and every worker) counts in the same
 * PostgreSQL table. A signed-in user is counted by the token's subject; anyone else by the client address, the
 * socket's or, behind TRUST_PROXY_HOPS proxies, the address that many hops from the right of X-Forwarded-For
 * (what the client writes on the left of it is never the key).
 */
const LIMIT = 5;
let a: Instance; // two instances as the tests run them (local mode, no proxy in front)
let b: Instance;
let direct: Instance; // production, clients connect to it directly (TRUST_PROXY_HOPS=0)
let proxied: Instance; // production behind one proxy (TRUST_PROXY_HOPS=1)
let owner: pg.Pool;

beforeAll(async () => {
  const { dbName, databaseUrl } = await cloneTemplateDatabase();
  const production = { mode: 'production' as const, payment: { provider: 'local' as const } };
  [a, b, direct, proxied] = await Promise.all([
    startInstance(databaseUrl, dbName, { rateLimitPerMinute: LIMIT }),
    startInstance(databaseUrl, dbName, { rateLimitPerMinute: LIMIT }),
    startInstance(databaseUrl, dbName, { ...production, rateLimitPerMinute: LIMIT, trustProxyHops: 0 }),
    startInstance(databaseUrl, dbName, { ...production, rateLimitPerMinute: LIMIT, trustProxyHops: 1 }),
  ]);
  owner = createPool(env().ownerUrlTemplate.replace('{db}', dbName), 1);
});
afterAll(async () => {
  for (const i of [a, b, direct, proxied]) {
    await i?.app.close();
    await i?.pool.end();
  }
  await owner?.end();
});

/** One GET over real HTTP (the socket address is 127.0.0.1), with a token and an X-Forwarded-For when given. */
async function hit(on: Instance, url: string, opts: { token?: string; forwardedFor?: string } = {}) {
  const headers = apiHeaders(url, undefined, opts.token, opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {});
  const res = await fetch(`${on.url}${url}`, { headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, limit: res.headers.get('x-ratelimit-limit') };
}

const tokenOf = (demo: string, groups: string[]) => forge({ sub: env().cognito.subs[demo], groups });
const STATES = '/secure/license/validStates';
const ANON = '/config.json'; // a route for anyone, signed in or not

/** A store on the runtime role's pool that counts its statements; `stored`: a key's hits in the table. */
function countingStore() {
  let statements = 0;
  const counting = {
    query: (...args: Parameters<pg.Pool['query']>) => {
      statements++;
      return a.pool.query(...args);
    },
  };
  const { Store, flush } = createPgRateLimitStore(counting as unknown as pg.Pool);
  const store = new Store({});
  const incr = (key: string, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      store.incr(key, (err, res) => (err || !res ? reject(err) : resolve(res)), 60_000, max);
    });
  const stored = async (key: string) => (await owner.query<{ hits: number }>('SELECT hits FROM rate_limit_hits WHERE key = $1', [key])).rows[0]?.hits;
  return { incr, stored, flush, statements: () => statements };
}

describe('rate limit', () => {
  it('the budget is shared by every instance: LIMIT requests of one user split over two instances pass, the next is refused on both', async () => {
    const token = await tokenOf(DEMO.staff, ['staff']);
    for (let i = 0; i < LIMIT; i++) expect((await hit(i % 2 ? a : b, STATES, { token })).status).toBe(200);
    for (const on of [a, b]) {
      const refused = await hit(on, STATES, { token });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ msg: 'Too Many Requests', reason: 'Rate limit exceeded, retry in 1 minute' });
      expect(refused.limit).toBe(String(LIMIT));
    }
    // The budget is the user's, not the address's: another user from the same address still has its own,
    // and the same user coming through another address (another instance, behind a proxy) has none left.
    expect((await hit(a, STATES, { token: await tokenOf(DEMO.superAdmin, ['super_admin']) })).status).toBe(200);
    expect((await hit(proxied, STATES, { token, forwardedFor: '203.0.113.50' })).status).toBe(429);
  });

  it('without a proxy in front (TRUST_PROXY_HOPS=0) X-Forwarded-For is ignored: a new spoofed address each time gets no fresh budget', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await hit(direct, ANON, { forwardedFor: `198.51.100.${i + 1}` })).status).toBe(200);
    expect((await hit(direct, ANON, { forwardedFor: '198.51.100.99' })).status).toBe(429);
    expect((await hit(direct, ANON)).status).toBe(429);
    // The health check is never limited: a load balancer's checks all come from its address.
    for (let i = 0; i < LIMIT + 1; i++) expect((await hit(direct, '/health')).status).toBe(200);
  });

  it('behind one proxy a spoofed left-most X-Forwarded-For gets no fresh budget', async () => {
    // The client wrote the left part; the proxy appended the address it saw (192.0.2.10).
    for (let i = 0; i < LIMIT; i++) expect((await hit(proxied, ANON, { forwardedFor: `10.0.0.${i + 1}, 192.0.2.10` })).status).toBe(200);
    expect((await hit(proxied, ANON, { forwardedFor: '10.0.0.99, 192.0.2.10' })).status).toBe(429);
    expect((await hit(proxied, ANON, { forwardedFor: '192.0.2.10' })).status).toBe(429);
  });

  it('with TRUST_PROXY_HOPS=1 the right-most address is the key, and the audit records it as the client', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await hit(proxied, ANON, { forwardedFor: '192.0.2.20' })).status).toBe(200);
    expect((await hit(proxied, ANON, { forwardedFor: '192.0.2.20' })).status).toBe(429);
    expect((await hit(proxied, ANON, { forwardedFor: '192.0.2.20, 192.0.2.21' })).status).toBe(200); // another client
    expect((await hit(proxied, ANON, { forwardedFor: '192.0.2.21, 192.0.2.20' })).status).toBe(429);

    const token = await tokenOf(DEMO.auditor, ['auditor_read_only']);
    expect((await hit(proxied, STATES, { token, forwardedFor: '10.1.1.1, 192.0.2.22' })).status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await owner.query<{ client_ip: string }>(
              `SELECT client_ip FROM audit_rows WHERE actor_sub = $1 AND route = $2 ORDER BY id DESC LIMIT 1`,
              [env().cognito.subs[DEMO.auditor], STATES],
            )
          ).rows[0]?.client_ip,
      )
      .toBe('192.0.2.22');
  });

  it('a request whose token fails verification counts against its address (401, then 429)', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await hit(proxied, STATES, { token: 'not-a-token', forwardedFor: '192.0.2.30' })).status).toBe(401);
    const refused = await hit(proxied, STATES, { token: 'not-a-token', forwardedFor: '192.0.2.30' });
    expect(refused.status).toBe(429);
    // A valid token from that address is counted by its user, not refused with the address.
    expect((await hit(proxied, STATES, { token: await tokenOf(DEMO.ops, ['operation_support']), forwardedFor: '192.0.2.30' })).status).toBe(200);
  });

  it('the store counts every concurrent hit once, starts an ended window again at 1, and its sweep deletes ended windows only', async () => {
    const { Store, sweep } = createPgRateLimitStore(a.pool); // the runtime role, as the server runs it
    const store = new Store({});
    const incr = (key: string, windowMs: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) => {
        store.incr(key, (err, res) => (err || !res ? reject(err) : resolve(res)), windowMs, 1000);
      });
    const busy = `test:${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 20 }, () => incr(busy, 60_000)));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Math.max(...counts.map((c) => c.ttl))).toBeLessThanOrEqual(60_000);
    expect(Math.min(...counts.map((c) => c.ttl))).toBeGreaterThan(50_000);
    // A route with its own limit counts apart from the global one.
    const child = store.child({ routeInfo: { method: 'GET', url: '/x' } } as never);
    await expect(new Promise((resolve) => child.incr(busy, (_e, res) => resolve(res?.current), 60_000, 1000))).resolves.toBe(1);

    const short = `test:${randomUUID()}`;
    expect((await incr(short, 200)).current).toBe(1);
    expect((await incr(short, 200)).current).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const left = await owner.query<{ key: string }>('SELECT key FROM rate_limit_hits WHERE key = ANY($1)', [[busy, short]]);
    expect(left.rows.map((r) => r.key)).toEqual([busy]);
    expect((await incr(short, 200)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await incr(short, 200)).current).toBe(1); // ended, not yet swept: a new window all the same
  });

  it('the store: concurrent hits of one key go to the database in few statements; a key over its limit is refused without one', async () => {
    const { incr, stored, statements } = countingStore();

    const page = `test:${randomUUID()}`;
    const counts = await Promise.all(Array.from({ length: 10 }, () => incr(page, 1000)));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(await stored(page)).toBe(10);
    expect(statements()).toBe(2); // the first hit alone, the nine that arrived meanwhile together

    const greedy = `test:${randomUUID()}`;
    for (let i = 1; i <= 3; i++) expect((await incr(greedy, 3)).current).toBe(i);
    const over = await incr(greedy, 3);
    expect(over.current).toBe(4);
    const again = await Promise.all(Array.from({ length: 20 }, () => incr(greedy, 3)));
    expect(again.every((c) => c.current > 3 && c.ttl > 50_000 && c.ttl <= 60_000)).toBe(true);
    expect(await stored(greedy)).toBe(4); // the refusals after the first one never reached the database
    expect(statements()).toBe(2 + 4);
  });

  it('the store: far from its limit a key is counted here and added once a second, with every such key in one statement; near it, every hit is stored first', async () => {
    const { incr, stored, statements, flush } = countingStore();

    const [busy, quiet] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
    const currents: number[] = [];
    for (let i = 0; i < 30; i++) currents.push((await incr(busy, 1000)).current);
    for (let i = 0; i < 3; i++) currents.push((await incr(quiet, 1000)).current);
    expect(currents).toEqual([...Array.from({ length: 30 }, (_, i) => i + 1), 1, 2, 3]);
    expect(statements()).toBe(2); // each key's first hit: its window as the database has it
    expect([await stored(busy), await stored(quiet)]).toEqual([1, 1]);
    await new Promise((r) => setTimeout(r, 1200));
    expect(statements()).toBe(3); // the held hits of both keys, in one statement
    expect([await stored(busy), await stored(quiet)]).toEqual([30, 3]);

    // From half its limit on, a key's every hit is stored before it is answered: the limit holds to the hit.
    const near = `test:${randomUUID()}`;
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await incr(near, 10)).current);
    expect(answers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await stored(near)).toBe(11); // the eleventh went to the database (over the limit); the twelfth was refused here
    const before = statements();
    await incr(busy, 1000);
    await flush(); // what the server does when it closes
    expect(statements() - before).toBe(1);
    expect(await stored(busy)).toBe(31);
  });

  it('the table is unlogged and the runtime role may only read, count and delete in it', async () => {
    const { rows } = await owner.query(`SELECT relpersistence FROM pg_class WHERE oid = 'rate_limit_hits'::regclass`);
    expect(rows[0].relpersistence).toBe('u');
    const rights = await a.pool.query<{ privilege: string; granted: boolean }>(
      `SELECT p AS privilege, has_table_privilege('rate_limit_hits', p) AS granted
         FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS p`,
    );
    expect(Object.fromEntries(rights.rows.map((r) => [r.privilege, r.granted]))).toEqual({
      SELECT: true,
      INSERT: true,
      UPDATE: true,
      DELETE: true,
      TRUNCATE: false,
      REFERENCES: false,
      TRIGGER: false,
    });
  });
});
