import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { unauthorized } from '../errors';
import { JOB_SCHEMA } from '../jobs/queue';
import type { ResponseCacheStats } from './response-cache';

export const METRICS_PATH = '/metrics';

/** What the collectors read when Prometheus scrapes (each instance its own; Prometheus sums them). */
export interface MetricSources {
  pool: Pool;
  /** Open live-event streams on this instance. */
  liveSubscribers: () => number;
  /** The response cache's lookups since start. */
  cacheStats: Readonly<ResponseCacheStats>;
}

export interface AppMetrics {
  registry: Registry;
  /** An error the job queue reported. */
  jobQueueError(): void;
}

/**
 * The instance's metrics, on a registry of its own (several apps in one process stay apart). Labels are route
 * patterns, methods, status codes, queue names and fixed words only: never a URL, an id or a user, so no PHI. The
 * database figures are read at scrape time: the oldest unsealed audit row (the sealer's lag; audit_log_unsealed_idx)
 * and the job counts per queue and state.
 */
export function createMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const pool = sources.pool;
  new Gauge({
    name: 'db_pool_connections',
    help: "Connections of this instance's pool",
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'db_pool_idle_connections',
    help: 'Idle connections of the pool',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a connection of the pool',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: "The pool's size (DATABASE_POOL_SIZE)",
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'live_event_subscribers',
    help: 'Open live-event streams (GET /secure/events) on this instance',
    registers,
    collect() {
      this.set(sources.liveSubscribers());
    },
  });
  // One query per scrape feeds two gauges each (the registry collects them one after the other).
  const auditFigures = perScrape(
    async () =>
      (
        await pool.query<{ n: number; lag: number }>(`SELECT count(*)::int AS n,
    coalesce(extract(epoch FROM now() - (SELECT at FROM audit_log WHERE chain_seq IS NULL ORDER BY id LIMIT 1)), 0)::float8 AS lag
    FROM audit_log WHERE chain_seq IS NULL`)
      ).rows[0],
  );
  new Gauge({
    name: 'audit_unsealed_rows',
    help: 'Audit rows committed but not yet sealed into the hash chain',
    registers,
    async collect() {
      this.set((await auditFigures()).n);
    },
  });
  new Gauge({
    name: 'audit_seal_lag_seconds',
    help: 'Age of the oldest unsealed audit row (0 when all are sealed)',
    registers,
    async collect() {
      this.set((await auditFigures()).lag);
    },
  });
  const jobFigures = perScrape(
    async () =>
      (
        await pool.query<{ name: string; waiting: number; failed: number }>(`SELECT name,
    count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting, count(*) FILTER (WHERE state = 'failed')::int AS failed
    FROM ${JOB_SCHEMA}.job GROUP BY name`)
      ).rows,
  );
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting to run (created or retrying), per queue',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      for (const r of await jobFigures()) this.set({ queue: r.name }, r.waiting);
    },
  });
  new Gauge({
    name: 'job_queue_failed_jobs',
    help: 'Jobs that failed for good and are still kept, per queue',
    labelNames: ['queue'],
    registers,
    async collect() {
      this.reset();
      for (const r of await jobFigures()) this.set({ queue: r.name }, r.failed);
    },
  });
  const jobErrors = new Counter({ name: 'job_queue_errors_total', help: 'Errors the job queue reported on this instance', registers });
  new Counter({
    name: 'response_cache_lookups_total',
    labelNames: ['result'],
    registers,
    help: 'Cacheable list reads by result (hit / (hit + miss) is the hit ratio; bypass: the cache was off)',
    collect() {
      const { hits, misses, bypassed } = sources.cacheStats;
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
      this.inc({ result: 'bypass' }, bypassed);
    },
  });
  return { registry, jobQueueError: () => jobErrors.inc() };
}

/** `read`'s answer shared by the collectors of one scrape (reused for a second). */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > 1000) {
      const value = read();
      value.catch(() => {
        last = null;
      });
      last = { at: Date.now(), value };
    }
    return last.value;
  };
}

/**
 * The request duration histogram (per route pattern, method and status; a request no route matched counts as
 * `unmatched`) and GET /metrics, which answers only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 */
export function installMetrics(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, per route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'],
    registers: [metrics.registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route === METRICS_PATH) return;
    duration.observe({ route: route ?? 'unmatched', method: req.method, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const expected = Buffer.from(`Bearer ${token}`);
  app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized('a metrics token is required');
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
