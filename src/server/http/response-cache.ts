import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import { localDate, todayZone } from '../../domain/bookings/booking-time';
import { requestAuditOf } from '../audit/context';
import type { AuditFact } from '../audit/row';
import { within } from '../db/async-calls';
import { installReadTableNotes, knowTables, noteReadTables, type ReadTables } from '../db/read-tables';
import { createDataGeneration, type Generations } from './data-generation';
import { bodyIn, bytesOf, encode, encodingFor, type Bodies } from './response-cache-bodies';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers may be served again to the same Actor asking the same thing (response-cache.ts), for
     * at most ttlMs, on the reader's same local date; only list reads whose answer depends on nothing but the
     * request, the Actor, the data and the reader's today (the dashboard's, the TODAY search's).
     */
    responseCache?: { ttlMs: number };
  }
}

/** The config of a cacheable list route. */
export const cachedFor = (ttlMs: number) => ({ responseCache: { ttlMs } });
/** Lists change only with the data: changes end an entry, the ttl only bounds memory and the cost of an answer no one
 * asks again. */
export const LIST_CACHE_MS = 10_000;

/** An answer being computed: the same request arriving meanwhile waits for it instead of computing it again. */
interface Computing {
  generation: number;
  done: Promise<void>;
  finish(): void;
}
/** How long a request waits for the same answer being computed before it computes its own. */
const FOLLOW_WAIT_MS = 2000;

interface Entry {
  /** The total data generation the answer was computed at (which of two answers is newer). */
  generation: number;
  /**
   * The tables its queries named and their generations when it was computed: a later change to one of them (any
   * instance, any writer) makes it stale. Null: not known, then any change anywhere does.
   */
  tables: { names: string[]; at: number[] } | null;
  /** The answer's bytes, compressed as its first client took them (response-cache-bodies.ts); never changed in place. */
  bodies: Bodies;
  /** The plain text's length (below the compression threshold an answer is sent as it is). */
  plainBytes: number;
  contentType: string;
  /** What the handler told the audit: replayed into the audit row of every request the entry answers. */
  facts: AuditFact[];
}

/**
 * Lookups of cacheable requests since start: answered from the cache, computed (not kept, older, or `no-cache`), or
 * computed because the data generation could not be read (the cache is off meanwhile).
 */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  bypassed: number;
}

export interface ResponseCache {
  readonly active: boolean;
  /** Counts since start (the bench prints the hit ratio; /metrics exports them). */
  readonly stats: Readonly<ResponseCacheStats>;
  /** Adds the lookup and store hooks to the secure scope (before its routes). */
  install(scope: FastifyInstance): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  /** Total bytes kept (every encoding of every answer); least recently used entries go first. */
  maxBytes?: number;
  /** How long a request waits for the data generation before it computes its answer without the cache (ms). */
  generationTimeoutMs?: number;
}

const MISS = Symbol('response-cache-miss');
declare module 'fastify' {
  interface FastifyRequest {
    [MISS]?: { key: string; generations: Generations; reads: ReadTables | null; leads?: Computing };
  }
}

/**
 * A per-instance cache of list answers, keyed by route, query, body and the whole Actor (roles, licence states of
 * today, break-glass sessions), so two users never share an answer and a changed scope never reuses an old one.
 * It saves the query and serialisation of a repeated read, never the rest: the token, the Actor, the route's access
 * declaration and the audit row (with the patient ids the answer holds) are done for every request as before.
 *
 * Freshness: every transaction that changes a table (any instance, any writer, SQL included) bumps that table's data
 * generation in the same transaction (migrations 0038 and 0043, data-generation.ts). Each cacheable request reads the
 * generations after it arrives, so every change committed before the request is counted; an answer is reused only
 * while every table its queries named (db/read-tables.ts) is at the generation read before those queries ran (a
 * change committed while they ran makes it stale, never fresh); an answer whose tables are not known is reused only
 * while nothing changed anywhere. While the generations cannot be read nothing is served from or kept in the cache.
 * `Cache-Control: no-cache` on the request computes the answer afresh (and keeps it). Safe to lose: a restart or
 * another instance just computes again.
 */
export function createResponseCache(pool: Pool, opts: ResponseCacheOptions = {}): ResponseCache {
  const cache = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (e) => bytesOf(e.bodies) + 512,
    ttlAutopurge: false,
    // The data generations decide freshness; the time to live only drops what no one asks again. An answer asked
    // within it lives on, so the answers of many users do not all expire together and are computed again at once.
    updateAgeOnGet: true,
  });
  const generations = createDataGeneration(pool, { timeoutMs: opts.generationTimeoutMs });
  let readable = true;

  const stats: ResponseCacheStats = { hits: 0, misses: 0, bypassed: 0 };
  const computing = new Map<string, Computing>();
  const current = (key: string, now: Generations) => {
    const entry = cache.get(key);
    return entry && unchanged(entry, now) ? entry : undefined;
  };

  async function lookup(req: FastifyRequest, reply: FastifyReply) {
    const config = req.routeOptions.config.responseCache;
    if (!config || !req.actor) return;
    const now = await generations.read(); // shared by the requests that arrive while one is on its way
    readable = now !== null;
    if (now === null) {
      stats.bypassed += 1; // compute, keep nothing
      return;
    }
    const key = keyOf(req);
    const fresh = req.headers['cache-control']?.includes('no-cache');
    let entry = fresh ? undefined : current(key, now);
    const running = computing.get(key);
    if (!entry && !fresh && running?.generation === now.total) {
      await within(running.done, FOLLOW_WAIT_MS, () => undefined);
      entry = current(key, now);
    }
    if (entry) {
      stats.hits += 1;
      const audit = requestAuditOf(req);
      for (const fact of entry.facts) await audit?.record(fact);
      return sendEntry(req, reply, key, entry);
    }
    stats.misses += 1;
    req[MISS] = { key, generations: now, reads: noteReadTables() };
    if (!computing.has(key)) {
      let finish = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const leads: Computing = {
        generation: now.total,
        done,
        finish: () => {
          if (computing.get(key) === leads) computing.delete(key);
          finish();
        },
      };
      computing.set(key, leads);
      req[MISS].leads = leads;
    }
  }

  /**
   * Keeps a computed 200 answer, encoded as this client takes it; answers what to send (the kept bytes, already
   * encoded, which the compress plugin then leaves as they are).
   */
  function store(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const miss = req[MISS];
    const config = req.routeOptions.config.responseCache;
    // The serialiser's text, or its bytes for an answer with a long list (json-bytes.ts).
    const isBody = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (!miss || !config || reply.statusCode !== 200 || !isBody) return payload;
    // An answer of an older generation never replaces a newer one (two requests computing the same list).
    if ((cache.peek(miss.key)?.generation ?? -1) > miss.generations.total) return payload;
    const facts = requestAuditOf(req)?.recordedFacts() ?? [];
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const plain = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const encoding = encodingFor(req, plain.length);
    const body = encode(encoding, plain);
    cache.set(
      miss.key,
      {
        generation: miss.generations.total,
        tables: tablesAt(miss.reads, miss.generations),
        bodies: new Map([[encoding, body]]),
        plainBytes: plain.length,
        contentType,
        facts: facts.map((f) => ({ ...f })),
      },
      { ttl: config.ttlMs },
    );
    reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return body;
  }

  /**
   * The kept answer, encoded as this client takes it; an encoding made for it is kept too, in a new entry object so
   * that the cache counts its bytes (its time to live is not renewed).
   */
  function sendEntry(req: FastifyRequest, reply: FastifyReply, key: string, entry: Entry) {
    reply.header('content-type', entry.contentType).header('vary', 'accept-encoding');
    const encoding = encodingFor(req, entry.plainBytes);
    const { body, added } = bodyIn(entry.bodies, encoding);
    if (added) cache.set(key, { ...entry, bodies: new Map([...entry.bodies, [encoding, body]]) }, { noUpdateTTL: true });
    return encoding === 'identity' ? reply.send(body) : reply.header('content-encoding', encoding).send(body);
  }
  /** The computing request is done (stored, failed or aborted): whoever waited for it looks again. */
  const released = async (req: FastifyRequest) => {
    req[MISS]?.leads?.finish();
  };

  return {
    get active() {
      return readable;
    },
    stats,
    install(scope) {
      scope.addHook('preHandler', lookup);
      scope.addHook('onSend', async (req, reply, payload) => {
        const sent = store(req, reply, payload);
        await released(req);
        return sent;
      });
      scope.addHook('onResponse', released);
      scope.addHook('onRequestAbort', released);
    },
    start: async () => {
      installReadTableNotes();
      const { rows } = await pool.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`);
      knowTables(rows.map((r) => r.t));
    },
    close: async () => {
      cache.clear();
    },
  };
}

/** The answer was computed with the data as it is now: none of the tables it read has changed since. */
function unchanged(entry: Entry, now: Generations): boolean {
  if (entry.generation === now.total) return true;
  if (!entry.tables) return false;
  const { names, at } = entry.tables;
  return names.every((t, i) => (now.byTable.get(t) ?? 0) === at[i]);
}

/** The tables the computing request's queries named and their generations at its arrival; null when none was noted. */
function tablesAt(reads: ReadTables | null, at: Generations): Entry['tables'] {
  if (!reads || reads.tables.size === 0) return null;
  const names = [...reads.tables];
  return { names, at: names.map((t) => at.byTable.get(t) ?? 0) };
}

/**
 * The same route, URL (path and query) and body, asked by the same Actor in the same state, on the same date where
 * that reader is (in the zone SQL takes its today in, todayZone): an answer with today's rows ends at its midnight.
 */
function keyOf(req: FastifyRequest): string {
  const today = localDate(todayZone(req.actor?.clinician?.timezone), Date.now());
  return `${req.method} ${req.routeOptions.url}\n${req.url}\n${req.rawBody ?? ''}\n${JSON.stringify(req.actor)}\n${today}`;
}
