import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Pool } from 'pg';
import { prepared } from '../db/prepared';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin hands a store: its settings, and for a route's own limit the route. */
type StoreOptions = RateLimitOptions & { routeInfo?: { method?: unknown; url?: string } };

/**
 * $3 hits on `key` in the table of migration 0037: added to the running window's count, or a new window from now()
 * when the last one has ended. One statement, on its own (no transaction): the row lock of the conflict makes
 * concurrent hits on one key count one after the other, on every instance. Answers the count and the milliseconds
 * left in the window.
 */
const HIT = `
INSERT INTO rate_limit_hits AS h (key, window_start, window_ms, hits) VALUES ($1, now(), $2, $3)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.hits + $3 ELSE $3 END,
  window_start = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.window_start ELSE now() END,
  window_ms = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.window_ms ELSE excluded.window_ms END
RETURNING hits, ceil(extract(epoch FROM h.window_start + h.window_ms * interval '1 millisecond' - now()) * 1000)::integer AS ttl`;

/** The windows that have ended: their rows only keep the table small (the next hit of a key would start afresh). */
const SWEEP = `DELETE FROM rate_limit_hits WHERE window_start + window_ms * interval '1 millisecond' <= now()`;

export interface PgRateLimitStore {
  /** The `store` option of @fastify/rate-limit. */
  Store: FastifyRateLimitStoreCtor;
  /** Deletes the ended windows (and forgets the refusals that have run out); answers how many windows. */
  sweep(): Promise<number>;
}

/** The hits of one key waiting while a statement for it is running; they go together in the next one. */
interface Queue {
  waiting: Callback[];
}

/**
 * A @fastify/rate-limit store in PostgreSQL, so that every instance and worker of the service counts against one
 * budget per client. Only plain fixed windows: the plugin's continueExceeding and exponentialBackoff are refused
 * rather than ignored. A route with its own limit (config.rateLimit) counts under its own keys (the route's method
 * and URL in front), as the plugin's Redis store does. A failed count is handed to `onError`, then to the plugin.
 *
 * Two things keep a busy client cheap. An instance runs at most one statement per key at a time: hits arriving
 * meanwhile wait and are added together by the next one (a page firing ten requests at once costs two statements,
 * not ten statements queued on one row lock, each holding a pooled connection). And a key over its limit is refused
 * by the instance itself until its window ends: a fixed window's count only grows, so asking the database again could
 * not change the answer, and a client hammering after its 429 costs no statement at all.
 */
export function createPgRateLimitStore(pool: Pool, onError: (err: Error) => void = () => undefined): PgRateLimitStore {
  const queues = new Map<string, Queue>();
  /** Keys over their limit: refused here until `until` (this clock), with the count last seen. */
  const refused = new Map<string, { until: number; hits: number }>();
  const refusal = (over: { until: number; hits: number }) => ({ current: ++over.hits, ttl: Math.max(0, over.until - Date.now()) });

  function count(key: string, batch: Callback[], timeWindow: number, max: number): void {
    pool
      .query<{ hits: number; ttl: number }>(prepared(HIT, [key, Math.max(1, Math.round(timeWindow)), batch.length]))
      .then(
        ({ rows: [row] }) => {
          const ttl = Math.max(0, row.ttl);
          if (row.hits > max) refused.set(key, { until: Date.now() + ttl, hits: row.hits });
          batch.forEach((cb, i) => cb(null, { current: row.hits - batch.length + 1 + i, ttl }));
        },
        (err: Error) => {
          onError(err);
          for (const cb of batch) cb(err);
        },
      )
      .finally(() => {
        const next = queues.get(key)?.waiting ?? [];
        const over = refused.get(key);
        if (next.length > 0 && !over) {
          queues.set(key, { waiting: [] });
          return count(key, next, timeWindow, max);
        }
        queues.delete(key);
        if (over) for (const cb of next) cb(null, refusal(over));
      });
  }

  // Not `implements FastifyRateLimitStore`: its typings give child() a route, where the plugin passes its merged settings.
  class Store {
    constructor(
      options: StoreOptions,
      private readonly prefix = '',
    ) {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the PostgreSQL rate-limit store counts fixed windows only (no continueExceeding, no exponentialBackoff)');
      }
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const full = this.prefix + key;
      const over = refused.get(full);
      if (over && over.until > Date.now()) return callback(null, refusal(over));
      if (over) refused.delete(full);
      const queue = queues.get(full);
      if (queue) return void queue.waiting.push(callback);
      queues.set(full, { waiting: [] });
      count(full, [callback], timeWindow, max);
    }

    child(routeOptions: StoreOptions): Store {
      const route = routeOptions.routeInfo;
      return new Store(routeOptions, `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  }
  return {
    Store: Store as unknown as FastifyRateLimitStoreCtor,
    sweep: async () => {
      const now = Date.now();
      for (const [key, over] of refused) if (over.until <= now) refused.delete(key);
      return (await pool.query(prepared(SWEEP, []))).rowCount ?? 0;
    },
  };
}
