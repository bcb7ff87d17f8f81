import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Pool } from 'pg';
import { prepared } from '../db/prepared';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin hands a store: its settings, and for a route's own limit the route. */
type StoreOptions = RateLimitOptions & { routeInfo?: { method?: unknown; url?: string } };

/**
 * One hit on `key` in the table of migration 0037: the running window's count plus one, or a new window from now()
 * when the last one has ended. One statement, on its own (no transaction): the row lock of the conflict makes
 * concurrent hits on one key count one after the other, on every instance. Answers the count and the milliseconds
 * left in the window.
 */
const HIT = `
INSERT INTO rate_limit_hits AS h (key, window_start, window_ms, hits) VALUES ($1, now(), $2, 1)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.hits + 1 ELSE 1 END,
  window_start = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.window_start ELSE now() END,
  window_ms = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.window_ms ELSE excluded.window_ms END
RETURNING hits, ceil(extract(epoch FROM h.window_start + h.window_ms * interval '1 millisecond' - now()) * 1000)::integer AS ttl`;

/** The windows that have ended: their rows only keep the table small (the next hit of a key would start afresh). */
const SWEEP = `DELETE FROM rate_limit_hits WHERE window_start + window_ms * interval '1 millisecond' <= now()`;

export interface PgRateLimitStore {
  /** The `store` option of @fastify/rate-limit. */
  Store: FastifyRateLimitStoreCtor;
  /** Deletes the ended windows; answers how many. */
  sweep(): Promise<number>;
}

/**
 * A @fastify/rate-limit store in PostgreSQL, so that every instance and worker of the service counts against one
 * budget per client. Only plain fixed windows: the plugin's continueExceeding and exponentialBackoff are refused
 * rather than ignored. A route with its own limit (config.rateLimit) counts under its own keys (the route's method
 * and URL in front), as the plugin's Redis store does. A failed count is handed to `onError`, then to the plugin.
 */
export function createPgRateLimitStore(pool: Pool, onError: (err: Error) => void = () => undefined): PgRateLimitStore {
  // Not `implements FastifyRateLimitStore`: its typings give child() a route, where the plugin passes its merged settings.
  class Store {
    constructor(options: StoreOptions, private readonly prefix = '') {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('the PostgreSQL rate-limit store counts fixed windows only (no continueExceeding, no exponentialBackoff)');
      }
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      pool.query<{ hits: number; ttl: number }>(prepared(HIT, [this.prefix + key, Math.max(1, Math.round(timeWindow))])).then(
        ({ rows: [row] }) => callback(null, { current: row.hits, ttl: Math.max(0, row.ttl) }),
        (err: Error) => {
          onError(err);
          callback(err);
        },
      );
    }

    child(routeOptions: StoreOptions): Store {
      const route = routeOptions.routeInfo;
      return new Store(routeOptions, `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  }
  return {
    Store: Store as unknown as FastifyRateLimitStoreCtor,
    sweep: async () => (await pool.query(prepared(SWEEP, []))).rowCount ?? 0,
  };
}
