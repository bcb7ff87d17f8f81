import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/server/db/client';
import { installGracefulShutdown } from '../../src/server/http/graceful-shutdown';
import { forge } from './forge';
import { buildApp } from '../../src/server/app';
import { apiHeaders, cloneTemplateDatabase, DEMO, env, testConfig } from './helpers';
import { startInstance, type Instance } from './instances';

/**
 * Liveness, readiness and metrics of one instance over real HTTP: /health/live (the process), /health/ready (database
 * with the runtime role, migrations at head, notification connections, job queue; 503 naming what fails, and while
 * draining), /health as before, and the Prometheus text at /metrics behind its bearer token.
 */
const LIMIT = 3;
const TOKEN = 'metrics-test-token-0123456789';
let one: Instance;
let owner: pg.Pool;

beforeAll(async () => {
  const { dbName, databaseUrl } = await cloneTemplateDatabase();
  one = await startInstance(databaseUrl, dbName, { rateLimitPerMinute: LIMIT, metricsToken: TOKEN });
  owner = createPool(env().ownerUrlTemplate.replace('{db}', dbName), 1);
});
afterAll(async () => {
  one?.app.server.closeAllConnections();
  await one?.app.close();
  await one?.pool.end();
  await owner?.end();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${one.url}${url}`, { headers });
  const text = await res.text();
  return { status: res.status, text, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
};
const ALL_OK = { database: 'ok', migrations: 'ok', listeners: 'ok', jobQueue: 'ok' };

describe('health', () => {
  it('/health/live answers 200; /health/ready 200 with every check ok; /health keeps its answer', async () => {
    expect(await get('/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await get('/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', checks: ALL_OK, failing: [] } });
    expect(await get('/health')).toMatchObject({ status: 200, body: { status: 'ok', db: 'ok' } });
  });

  it('is never rate limited (a load balancer checks often from one address)', async () => {
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await get('/health/ready')).status).toBe(200);
      expect((await get('/health/live')).status).toBe(200);
    }
  });

  it('a lost notification connection makes the instance unready (503 naming it) until it listens again', async () => {
    await owner.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    // The connections are retried after a second: the 503 is seen first. Each listener notices its ended connection
    // on its own, so the answer is read again until the live one has too.
    let down = await get('/health/ready');
    await expect
      .poll(async () => String((down = await get('/health/ready')).body.checks?.listeners), { timeout: 900, interval: 20 })
      .toMatch(/^not listening: .*live/);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable', failing: ['listeners'], checks: { database: 'ok', migrations: 'ok', jobQueue: 'ok' } });
    expect(down.body.checks.listeners).toMatch(/^not listening: .*live/);
    expect((await get('/health/live')).status).toBe(200);
    await expect.poll(async () => (await get('/health/ready')).status, { timeout: 10_000, interval: 200 }).toBe(200);
  });

  it('a database behind the server\'s migrations makes it unready (503 "migrations")', async () => {
    const { rows } = await owner.query(
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING *',
    );
    try {
      const behind = await get('/health/ready');
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({ failing: ['migrations'], checks: { migrations: 'behind: the database lacks migrations of this server' } });
    } finally {
      await owner.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [
        rows[0].id,
        rows[0].hash,
        rows[0].created_at,
      ]);
    }
    expect((await get('/health/ready')).status).toBe(200);
  });

  it('while draining after SIGTERM: /health/ready and /health answer 503, /health/live 200', async () => {
    const { dbName, databaseUrl } = await cloneTemplateDatabase();
    const pool = createPool(databaseUrl, 2);
    const app = await buildApp({ config: testConfig(databaseUrl, dbName), pool, logger: false });
    const shutdown = installGracefulShutdown(app, { drainMs: 600, timeoutMs: 5_000 }, [() => pool.end()]);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const at = (path: string) => fetch(`${url}${path}`).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await at('/health/ready')).status).toBe(200);
    const stopped = shutdown.run();
    expect(await at('/health/ready')).toEqual({ status: 503, body: { status: 'draining', failing: ['draining'] } });
    expect(await at('/health')).toEqual({ status: 503, body: { status: 'draining' } });
    expect(await at('/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await stopped).toBe(true);
  });
});

describe('metrics', () => {
  it('refuses a scrape without the token, or with another one', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer not-the-token-at-all-1234' })).status).toBe(401);
    expect((await get('/metrics', { authorization: TOKEN })).status).toBe(401);
  });

  it('serves Prometheus text: request durations per route pattern, pool, cache, audit, jobs and live gauges, and no ids in labels', async () => {
    const staff = await forge({ sub: env().cognito.subs[DEMO.superAdmin], groups: ['super_admin'] });
    const call = async (url: string) => (await fetch(`${one.url}${url}`, { headers: apiHeaders(url, undefined, staff) })).status;
    // Separate minutes of budget: this instance's limit is small.
    await owner.query('DELETE FROM rate_limit_hits');
    expect(await call('/secure/labRequest?perPage=5')).toBe(200);
    expect(await call('/secure/labRequest?perPage=5')).toBe(200); // the same read again: a cache hit
    const bookingId = randomUUID();
    expect(await call(`/secure/booking/v1/${bookingId}/documents`)).toBeGreaterThanOrEqual(400);
    const scrape = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(scrape.status).toBe(200);
    const text = scrape.text;
    const line = (re: RegExp) => text.split('\n').find((l) => re.test(l));
    expect(line(/^http_request_duration_seconds_count\{.*route="\/secure\/labRequest".*method="GET".*status_code="200".*\} 2$/)).toBeDefined();
    expect(line(/^http_request_duration_seconds_bucket\{.*route="\/secure\/booking\/v1\/:id\/documents".*\} \d+$/)).toBeDefined();
    expect(line(/^response_cache_lookups_total\{result="hit"\} [1-9]/)).toBeDefined();
    expect(line(/^response_cache_lookups_total\{result="miss"\} [1-9]/)).toBeDefined();
    for (const gauge of [
      'db_pool_connections',
      'db_pool_idle_connections',
      'db_pool_waiting_requests',
      'db_pool_max_connections',
      'audit_seal_lag_seconds',
      'audit_unsealed_rows',
      'live_event_subscribers',
      'job_queue_errors_total',
    ]) {
      expect(line(new RegExp(`^${gauge} \\d`)), gauge).toBeDefined();
    }
    expect(text).toMatch(/^# TYPE job_queue_depth gauge$/m);
    // Labels hold patterns and fixed words only: no booking id, no user, no query string.
    expect(text).not.toContain(bookingId);
    expect(text).not.toContain(env().cognito.subs[DEMO.superAdmin]);
    expect(text).not.toContain('perPage');
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]);
    expect(labelValues.filter((v) => /[0-9a-f]{8}-[0-9a-f]{4}-|@/.test(v))).toEqual([]);
  });
});
