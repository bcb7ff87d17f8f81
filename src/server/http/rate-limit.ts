import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { ApiError } from '../errors';
import { createPgRateLimitStore } from './rate-limit-store';

/** The limit's window; RATE_LIMIT_PER_MINUTE requests per client in each. */
const WINDOW_MS = 60_000;

/**
 * The client a request is counted against. A signed-in user by the token's subject: on a /secure route the limit
 * runs after the token has been verified (the secure scope's onRequest hook comes before the route's own hooks), so
 * one user has one budget from any address. Anyone else by the client address: the socket's, or behind
 * TRUST_PROXY_HOPS trusted proxies the one that many hops from the right of X-Forwarded-For (Fastify's trustProxy);
 * the left-most entries, which the client writes itself, are never the key.
 */
export function rateLimitKey(req: FastifyRequest): string {
  return req.claims?.sub ? `user:${req.claims.sub}` : `ip:${normalizeIP(req.ip)}`;
}

/** Counts a request now, against its address (429 once the budget is spent); used where a request is refused before its route's limit runs. */
export type CountRequest = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * One request budget per client for every instance and worker of the service, kept in PostgreSQL (migration 0037):
 * `max` requests a minute. If the database cannot count a request, the request goes on (it needs the database
 * anyway) and the failure is logged. Each instance deletes the ended windows once a minute, and adds the hits it
 * still holds (rate-limit-store.ts) when it closes.
 */
export async function installRateLimit(app: FastifyInstance, deps: { pool: Pool; max: number }): Promise<CountRequest> {
  const store = createPgRateLimitStore(deps.pool, (err) => app.log.warn({ err: { message: err.message } }, 'rate limit: request not counted'));
  await app.register(rateLimit, {
    max: deps.max,
    timeWindow: WINDOW_MS,
    store: store.Store,
    keyGenerator: rateLimitKey,
    // The portal's hashed files are public and immutable, read from disk: a statement per file would cost more than
    // serving it, and a page load fetches dozens.
    allowList: (req) => req.url.startsWith('/assets/'),
    skipOnError: true,
    errorResponseBuilder: (_req, context) => new ApiError(429, 'Too Many Requests', `Rate limit exceeded, retry in ${context.after}`),
  });
  const sweep = () => {
    store.sweep().catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'rate limit: could not delete ended windows'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, WINDOW_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await store.flush();
  });
  const limit = app.rateLimit();
  return async (req, reply) => {
    await limit.call(app, req, reply);
  };
}
