import type { FastifyInstance, FastifySchema } from 'fastify';
import { z, ZodType } from 'zod';
import { badRequest, zodReason } from '../errors';

/**
 * Route schemas are zod schemas: they validate params, query and body (400 with { msg, reason }),
 * and the response schema is an allowlist (unknown keys are stripped before serialising).
 * The same schemas are turned into JSON Schema for the OpenAPI document.
 */
export function installZodCompilers(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    const result = (schema as ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    return { error: badRequest(zodReason(result.error, httpPart ?? 'request')) };
  });
  app.setSerializerCompiler(({ schema }) => (data: unknown) => JSON.stringify((schema as ZodType).parse(data)));
}

const isZod = (v: unknown): v is ZodType => v instanceof ZodType;

/** @fastify/swagger transform: zod schemas to JSON Schema. */
export function zodToOpenApi({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    const s = schema[part];
    if (isZod(s)) out[part] = z.toJSONSchema(s, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  }
  if (schema.response && typeof schema.response === 'object') {
    out.response = Object.fromEntries(
      Object.entries(schema.response as Record<string, unknown>).map(([code, s]) => [
        code,
        isZod(s) ? z.toJSONSchema(s, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) : s,
      ]),
    );
  }
  return { schema: out as FastifySchema, url };
}

/** The error body every failing route answers. */
export const errorBody = z.object({ msg: z.string(), reason: z.string() });
