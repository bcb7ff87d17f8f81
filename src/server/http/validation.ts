import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer';
import { describeIssue, type SchemaIssue } from './validation-messages';

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

/**
 * A schema validation failure for people: the first failing field (dotted path, e.g. "name" or "items.0.quantity")
 * and the reason, its issues' messages (at most five) joined by "; ". zod's default texts ("Too big: expected string
 * to have <=120 characters") are replaced by sentences naming the field and the limit ("Name must be at most 120
 * characters"); messages the schemas wrote are kept.
 */
export function validationFailure(err: FastifyError): { field: string; reason: string } | null {
  if (!hasZodFastifySchemaValidationErrors(err)) return null;
  const where = err.validationContext ?? 'request';
  const issues = err.validation.slice(0, 5).map((issue) => describeIssue(issue as SchemaIssue, where));
  return { field: issues[0].field, reason: [...new Set(issues.map((i) => i.message))].join('; ') };
}

/** The same for issues of a schema a handler applies itself (e.g. multipart fields). */
export function issuesFailure(issues: readonly z.core.$ZodIssue[], where = 'body'): { field: string; reason: string } {
  const described = issues
    .slice(0, 5)
    .map(({ code, path, message, ...params }) =>
      describeIssue({ keyword: code, instancePath: `/${path.map(String).join('/')}`, message, params }, where),
    );
  return { field: described[0]?.field ?? where, reason: [...new Set(described.map((i) => i.message))].join('; ') };
}

/** The error body every failing route answers. */
export const errorBody = z.object({ msg: z.string(), reason: z.string(), field: z.string().optional() });
