import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Pool } from 'pg';
import { prepared } from '../db/prepared';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
/** What the plugin hands a store: its settings, and for a route's own limit the route. */
type StoreOptions = RateLimitOptions & { routeInfo?: { method?: unknown; url?: string } };

/**
 * Hits on keys in the table of migration 0037, one row per key ($1 keys, $2 window lengths, $3 hits, in key order so
 * that concurrent statements lock shared keys in one order): added to the running window's count, or a new window
 * from now() when the last one has ended. One statement, on its own (no transaction): the row lock of the conflict
 * makes concurrent hits on one key count one after the other, on every instance. Answers each key's count and the
 * milliseconds left in its window.
 */
const HITS = `
INSERT INTO rate_limit_hits AS h (key, window_start, window_ms, hits)
SELECT key, now(), window_ms, hits FROM unnest($1::text[], $2::int[], $3::int[]) AS u (key, window_ms, hits) ORDER BY key
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.hits + excluded.hits ELSE excluded.hits END,
  window_start = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.window_start ELSE now() END,
  window_ms = CASE WHEN h.window_start + h.window_ms * interval '1 millisecond' > now() THEN h.window_ms ELSE excluded.window_ms END
RETURNING key, hits, ceil(extract(epoch FROM h.window_start + h.window_ms * interval '1 millisecond' - now()) * 1000)::integer AS ttl`;

/** The windows that have ended: their rows only keep the table small (the next hit of a key would start afresh). */
const SWEEP = `DELETE FROM rate_limit_hits WHERE window_start + window_ms * interval '1 millisecond' <= now()`;

/** Under this share of its limit, a key's hits are counted here and added to the database once a second. */
const LOCAL_SHARE = 0.5;
/** How long hits counted here wait before they are added to the database. */
const FLUSH_MS = 1000;

export interface PgRateLimitStore {
  /** The `store` option of @fastify/rate-limit. */
  Store: FastifyRateLimitStoreCtor;
  /** Deletes the ended windows (and forgets the refusals and windows that have run out); answers how many windows. */
  sweep(): Promise<number>;
  /** Adds the hits counted here to the database now (at shutdown). */
  flush(): Promise<void>;
}

/** The hits of one key waiting while a statement for it is running; they go together in the next one. */
interface Queue {
  waiting: Callback[];
}

/** A key's running window as this instance knows it. */
interface Window {
  /** The key's count in the database when it last answered (every instance's hits until then). */
  stored: number;
  /** Hits answered here since, not yet added to the database. */
  pending: number;
  /** When the window ends (this clock), its length, and the key's limit. */
  until: number;
  windowMs: number;
  max: number;
}

/**
 * A @fastify/rate-limit store in PostgreSQL, so that every instance and worker of the service counts against one
 * budget per client. Only plain fixed windows: the plugin's continueExceeding and exponentialBackoff are refused
 * rather than ignored. A route with its own limit (config.rateLimit) counts under its own keys (the route's method
 * and URL in front), as the plugin's Redis store does. A failed count is handed to `onError`, then to the plugin.
 *
 * Three things keep a busy client cheap. Far from its limit (under LOCAL_SHARE of it), a key's hits are counted in
 * the instance and added to the database once a second, in one statement for every such key; from there on, every
 * hit is counted in the database before it is answered, so a key meets its limit exactly on one instance. Across
 * instances, what each one holds back (under half the limit, for at most a second) is seen by the others a second
 * late: the refusal may come that many hits later. An instance runs at most one statement per key at a time: hits
 * arriving meanwhile wait and are added together by the next one (a page firing ten requests at once costs two
 * statements, not ten statements queued on one row lock, each holding a pooled connection). And a key over its
 * limit is refused by the instance itself until its window ends: a fixed window's count only grows, so asking the
 * database again could not change the answer, and a client hammering after its 429 costs no statement at all.
 */
export function createPgRateLimitStore(pool: Pool, onError: (err: Error) => void = () => undefined): PgRateLimitStore {
  const queues = new Map<string, Queue>();
  /** Keys over their limit: refused here until `until` (this clock), with the count last seen. */
  const refused = new Map<string, { until: number; hits: number }>();
  const refusal = (over: { until: number; hits: number }) => ({ current: ++over.hits, ttl: Math.max(0, over.until - Date.now()) });
  const windows = new Map<string, Window>();
  let flushTimer: NodeJS.Timeout | undefined;

  /** Adds hits per key in one statement; answers each key's count and the time left in its window, and notes them. */
  async function add(hits: { key: string; windowMs: number; max: number; n: number }[]): Promise<Map<string, { hits: number; ttl: number }>> {
    const { rows } = await pool.query<{ key: string; hits: number; ttl: number }>(
      prepared(HITS, [hits.map((h) => h.key), hits.map((h) => h.windowMs), hits.map((h) => h.n)]),
    );
    const now = Date.now();
    const asked = new Map(hits.map((h) => [h.key, h]));
    const answers = new Map<string, { hits: number; ttl: number }>();
    for (const row of rows) {
      const ttl = Math.max(0, row.ttl);
      const { windowMs, max } = asked.get(row.key)!;
      answers.set(row.key, { hits: row.hits, ttl });
      windows.set(row.key, { stored: row.hits, pending: windows.get(row.key)?.pending ?? 0, until: now + ttl, windowMs, max });
      if (row.hits > max) refused.set(row.key, { until: now + ttl, hits: row.hits });
    }
    return answers;
  }

  /** The hits held here for a key, taken out to go with a statement; those of a window that has ended are dropped. */
  function takePending(key: string): number {
    const known = windows.get(key);
    if (!known) return 0;
    if (known.until <= Date.now()) {
      windows.delete(key);
      return 0;
    }
    const n = known.pending;
    known.pending = 0;
    return n;
  }

  /**
   * Adds the hits held here in one statement. A key with a statement of its own on the way holds none: hits are held
   * only while no statement runs for the key, and its statement took them along (count).
   */
  async function flush(): Promise<void> {
    flushTimer = undefined;
    const hits = [...windows].map(([key, w]) => ({ key, windowMs: w.windowMs, max: w.max, n: takePending(key) })).filter((h) => h.n > 0);
    if (hits.length > 0) await add(hits).catch(onError);
  }

  function count(key: string, batch: Callback[], timeWindow: number, max: number): void {
    const windowMs = Math.max(1, Math.round(timeWindow));
    // The key's next hits are routed before these callbacks run: a caller that goes on at once must find the key free.
    add([{ key, windowMs, max, n: batch.length + takePending(key) }]).then(
      (answers) => {
        const { hits, ttl } = answers.get(key)!;
        next(key, timeWindow, max);
        batch.forEach((cb, i) => cb(null, { current: hits - batch.length + 1 + i, ttl }));
      },
      (err: Error) => {
        onError(err);
        next(key, timeWindow, max);
        for (const cb of batch) cb(err);
      },
    );
  }

  /** A key's statement is done: the hits that waited meanwhile go together in the next one, or are refused here. */
  function next(key: string, timeWindow: number, max: number): void {
    const waiting = queues.get(key)?.waiting ?? [];
    const over = refused.get(key);
    if (waiting.length > 0 && !over) {
      queues.set(key, { waiting: [] });
      return count(key, waiting, timeWindow, max);
    }
    queues.delete(key);
    if (over) for (const cb of waiting) cb(null, refusal(over));
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
      const now = Date.now();
      const over = refused.get(full);
      if (over && over.until > now) return callback(null, refusal(over));
      if (over) refused.delete(full);
      const queue = queues.get(full);
      if (queue) return void queue.waiting.push(callback);
      const known = windows.get(full);
      if (known && known.until > now && known.stored + known.pending + 1 <= max * LOCAL_SHARE) {
        known.pending++;
        flushTimer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
        return callback(null, { current: known.stored + known.pending, ttl: known.until - now });
      }
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
      for (const [key, w] of windows) if (w.until <= now) windows.delete(key);
      return (await pool.query(prepared(SWEEP, []))).rowCount ?? 0;
    },
    flush: async () => {
      clearTimeout(flushTimer);
      await flush();
    },
  };
}
