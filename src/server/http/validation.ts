import type { FastifyBaseLogger, FastifyError, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer';

/**
 * A Fastify instance whose route schemas are zod schemas (fastify-type-provider-zod): params, query and body are
 * validated (400 with { msg, reason }) and typed in handlers; the response schema is an allowlist (unknown keys are
 * never written: serialisers compiled from the schemas, see serializer.ts). Route modules take this type.
 */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export function installZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
}

/** The reason of a schema validation failure: "querystring.perPage: Too small: ..." (at most five issues). */
export function validationReason(err: FastifyError): string | null {
  if (!hasZodFastifySchemaValidationErrors(err)) return null;
  const where = err.validationContext ?? 'request';
  return err.validation.slice(0, 5)
    .map((issue) => `${[where, ...issue.instancePath.split('/').filter(Boolean)].join('.')}: ${issue.message}`)
    .join('; ');
}

/** The error body every failing route answers. */
export const errorBody = z.object({ msg: z.string(), reason: z.string() });
