import type { FastifyRequest } from 'fastify';
import { auditorOf } from '../audit/auditor';
import { actorOf } from '../auth/secure-plugin';
import type { Caller } from './repository';

/** The request's Actor and audit, bound once by a route for the services and the repository (which never see the request). */
export const callerOf = (req: FastifyRequest): Caller => ({ actor: actorOf(req), audit: auditorOf(req) });
