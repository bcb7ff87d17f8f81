import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import secureJson from 'secure-json-parse';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../domain/shared/headers';
import { routeRefusal, type RouteAccess } from '../../domain/shared/route-access';
import { auditorOf, type Auditor } from '../audit/auditor';
import { ApiError, badRequest, forbidden, unauthorized } from '../errors';
import type { CountRequest } from '../http/rate-limit';
import type { ZodApp } from '../http/validation';
import { installControlCharacterGuard } from '../http/control-characters';
import { buildActor, type Actor } from './actor';
import type { IdentityCache } from './identity-cache';
import { bearerToken, type IdTokenClaims, type TokenVerifier } from './verify-token';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
    claims?: IdTokenClaims;
    actor?: Actor;
  }
  interface FastifyContextConfig {
    /** What the route is (read/write/account, roles, licence-bound): required on every route of the secure scope. */
    access?: RouteAccess;
  }
}

/** The actor of a secure request; a request without one (which the boundary never lets through) is a 401. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized('not signed in');
  return req.actor;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** The API's path spaces: every route under them must be registered inside the secure scope. */
const SECURE_SPACES = /^\/(secure|api|default)(\/|$)/;

/**
 * The one boundary of the API. Every /secure, /api and /default route is registered inside this encapsulated plugin,
 * whose hooks run for each of them whatever the URL looks like (the router has already decoded and matched it):
 * bearer id token verified (401), the spec's headers checked against the exact path and body (400), the Actor built
 * once (revoked sessions 401), then the route's own declaration applied (403). A route without a declaration stops
 * the server at start-up, and so does a route in those path spaces registered outside this scope.
 */
export function secureScope(
  deps: {
    pool: Pool;
    verifier: TokenVerifier;
    identities?: IdentityCache;
    countRequest?: CountRequest;
    /** The Actor's data access handed to every handler as `req.data` (src/server/data/access.ts). */
    dataAccess: (actor: Actor, audit: Auditor) => FastifyRequest['data'];
  },
  registerRoutes: (scope: ZodApp) => Promise<void>,
): { plugin: FastifyPluginAsync; routes: DeclaredRoute[]; guardRoot(app: FastifyInstance): void } {
  const routes: DeclaredRoute[] = [];
  const plugin: FastifyPluginAsync = async (scope) => {
    scope.decorateRequest('data', null as unknown as FastifyRequest['data']);
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (req, body, done) => {
      const text = body as string;
      req.rawBody = text; // the api-key header is derived from this exact text
      if (text === '') return done(null, undefined);
      try {
        done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
      } catch {
        done(badRequest('body is not valid JSON'), undefined);
      }
    });

    scope.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url, access });
    });

    scope.addHook('onRequest', async (req, reply) => {
      try {
        req.claims = await deps.verifier.verify(bearerToken(req.headers.authorization));
      } catch (err) {
        // Refused before the route's rate limit runs: counted against the client address all the same (429 once spent).
        await deps.countRequest?.(req, reply);
        throw err;
      }
    });

    scope.addHook('preValidation', async (req) => {
      if (!req.claims) throw unauthorized('not signed in');
      checkHeaders(req);
      req.actor = await buildActor(deps.pool, req.claims, new Date(), deps.identities?.load);
      req.data = deps.dataAccess(req.actor, auditorOf(req));
      const access = req.routeOptions.config.access;
      if (!access) throw new ApiError(500, 'Internal server error', 'route without access declaration');
      const refusal = routeRefusal(
        {
          roles: req.actor.roles,
          inactive: req.actor.clinician?.status === 'INACTIVE',
          calendarLink: req.actor.clinician?.calendarLink,
        },
        access,
      );
      if (refusal) throw forbidden(refusal);
    });
    installControlCharacterGuard(scope); // after sign-in and role (401/403 first), before the schemas and handlers

    // Patient data must not linger in shared or browser caches.
    scope.addHook('onSend', async (req, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      // A write may have changed an identity (sign-out, status, licences): apply its notification before answering.
      if (reply.statusCode < 400 && req.routeOptions.config.access?.kind !== 'read') await deps.identities?.settle();
      return payload;
    });

    await registerRoutes(scope.withTypeProvider<ZodTypeProvider>());
  };

  /** On the root instance: refuses to start when a route in the secure path spaces was registered outside the scope. */
  function guardRoot(app: FastifyInstance) {
    const looking: string[] = [];
    app.addHook('onRoute', (route) => {
      if (SECURE_SPACES.test(route.url)) for (const m of [route.method].flat()) looking.push(`${String(m)} ${route.url}`);
    });
    app.addHook('onReady', async () => {
      const declared = new Set(routes.map((r) => `${r.method} ${r.url}`));
      const outside = looking.filter((r) => !declared.has(r));
      if (outside.length > 0) throw new Error(`routes outside the secure scope: ${outside.join(', ')}`);
    });
  }

  return { plugin, routes, guardRoot };
}

function checkHeaders(req: FastifyRequest) {
  if (req.headers[ADDRESSEE_TYPE_HEADER] !== ADDRESSEE_TYPE_CLINICIAN) {
    throw badRequest(`header ${ADDRESSEE_TYPE_HEADER} must be ${ADDRESSEE_TYPE_CLINICIAN}`);
  }
  const pathname = req.url.split('?')[0];
  const expected = deriveApiKey(pathname, req.rawBody);
  if (req.headers[API_KEY_HEADER] !== expected) throw badRequest(`header ${API_KEY_HEADER} does not match the request`);
}
