import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../domain/headers';
import { ApiError, badRequest } from '../errors';
import { assertAccess, type Access } from './access';
import { buildActor, type Actor } from './actor';
import { bearerToken, type IdTokenClaims, type TokenVerifier } from './verify-token';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    claims?: IdTokenClaims;
    actor?: Actor;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Routes an INACTIVE clinician may still call (own profile and status). */
    allowInactive?: boolean;
  }
}

/** The actor of a /secure request (set by the secure plugin before any handler runs). */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new ApiError(500, 'Internal server error', 'no actor on a secure route');
  return req.actor;
}

/**
 * Every /secure request: bearer id token verified (401), then the spec's headers checked against
 * the exact path and body (400), then the Actor built once and the route's access rule applied (403).
 */
export function installSecureHooks(app: FastifyInstance, deps: { pool: Pool; verifier: TokenVerifier }) {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('body is not valid JSON'), undefined);
    }
  });

  app.addHook('onRequest', async (req) => {
    if (!isSecure(req)) return;
    req.claims = await deps.verifier.verify(bearerToken(req.headers.authorization));
  });

  app.addHook('preValidation', async (req) => {
    if (!isSecure(req) || !req.claims) return;
    checkHeaders(req);
    req.actor = await buildActor(deps.pool, req.claims);
    const config = req.routeOptions.config;
    assertAccess(req.actor, config?.access ?? 'member', req.method, config?.allowInactive === true);
  });
}

/** /secure/* and the store calls under /api/* (spec 2 §7 "Store calls") need a signed-in member alike. */
const isSecure = (req: FastifyRequest) => req.url.startsWith('/secure/') || req.url === '/secure' || req.url.startsWith('/api/');

function checkHeaders(req: FastifyRequest) {
  if (req.headers[ADDRESSEE_TYPE_HEADER] !== ADDRESSEE_TYPE_CLINICIAN) {
    throw badRequest(`header ${ADDRESSEE_TYPE_HEADER} must be ${ADDRESSEE_TYPE_CLINICIAN}`);
  }
  const pathname = req.url.split('?')[0];
  const expected = deriveApiKey(pathname, req.rawBody);
  if (req.headers[API_KEY_HEADER] !== expected) throw badRequest(`header ${API_KEY_HEADER} does not match the request`);
}
