import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { validationFailure } from './http/validation';

/** An error answered as JSON { msg, reason } with its HTTP status; a refused request field adds { field } (its path). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly msg: string,
    readonly reason: string,
    readonly field?: string,
  ) {
    super(`${msg}: ${reason}`);
  }
}

export const badRequest = (reason: string) => new ApiError(400, 'Invalid request', reason);
/** 400 for one field of the request: `field` is its path ("name", "items.0.note"), `reason` a sentence naming it. */
export const invalidField = (field: string, reason: string) => new ApiError(400, 'Invalid request', reason, field);
export const unauthorized = (reason: string) => new ApiError(401, 'Unauthorized', reason);
export const forbidden = (reason: string) => new ApiError(403, 'Forbidden', reason);
export const notFound = (reason: string) => new ApiError(404, 'Not found', reason);
export const conflict = (reason: string) => new ApiError(409, 'Conflict', reason);

/** A PostgreSQL unique violation (23505), of the named constraint or index when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}

/** Every error leaves the server as { msg, reason }; internals are logged, never sent. */
export function installErrorHandlers(app: FastifyInstance, serveSpa: boolean) {
  app.setErrorHandler((err: FastifyError | ApiError | ZodError, req, reply) => {
    if (err instanceof ApiError) {
      return reply
        .status(err.status)
        .send(err.field === undefined ? { msg: err.msg, reason: err.reason } : { msg: err.msg, reason: err.reason, field: err.field });
    }
    const fe = err as FastifyError;
    if (fe.validation || fe.code === 'FST_ERR_VALIDATION') {
      const failure = validationFailure(fe);
      return reply.status(400).send(failure ? { msg: 'Invalid request', ...failure } : { msg: 'Invalid request', reason: fe.message });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ msg: 'Invalid request', reason: fe.message });
    }
    req.log.error({ err: { message: fe.message, code: fe.code, stack: fe.stack } }, 'unhandled error');
    return reply.status(500).send({ msg: 'Internal server error', reason: 'unexpected error' });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const wantsPage =
      req.method === 'GET' && !path.startsWith('/secure') && !path.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
    if (serveSpa && wantsPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ msg: 'Not found', reason: `No route ${req.method} ${path}` });
  });
}
