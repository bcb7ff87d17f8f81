import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../domain/headers';
import { assertAccess } from '../auth/access';
import { buildActor } from '../auth/actor';
import { bearerToken, type TokenVerifier } from '../auth/verify-token';
import { badRequest } from '../errors';

/**
 * The spec's one call outside /secure (GET /default/order/status/{status}) gets exactly the /secure treatment, as
 * route hooks: bearer id token verified (401), the spec's headers checked (400), the Actor built and the member rule
 * applied (403). The global secure hooks only look at /secure paths, so without this the route would be open.
 */
export function defaultStageHooks(pool: Pool, verifier: TokenVerifier) {
  return {
    onRequest: async (req: FastifyRequest) => {
      req.claims = await verifier.verify(bearerToken(req.headers.authorization));
    },
    preValidation: async (req: FastifyRequest) => {
      if (req.headers[ADDRESSEE_TYPE_HEADER] !== ADDRESSEE_TYPE_CLINICIAN) throw badRequest(`header ${ADDRESSEE_TYPE_HEADER} must be ${ADDRESSEE_TYPE_CLINICIAN}`);
      if (req.headers[API_KEY_HEADER] !== deriveApiKey(req.url.split('?')[0], req.rawBody)) throw badRequest(`header ${API_KEY_HEADER} does not match the request`);
      req.actor = await buildActor(pool, req.claims!);
      assertAccess(req.actor, 'member', req.method);
    },
  };
}
