import type { FastifyRequest } from 'fastify';
import { auditorOf } from '../audit/auditor';
import { actorOf } from '../auth/secure-plugin';
import type { Caller } from './repository';

/**
 * The request's Actor and audit, for features that still call `bookingWrite(pool, …)` (payments) instead of
 * `req.data.bookings.write`.
 */
export const callerOf = (req: FastifyRequest): Caller => ({ actor: actorOf(req), audit: auditorOf(req) });
