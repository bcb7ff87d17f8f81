import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonBytes } from './json-bytes';
import { compilePicker, NOT_PLAIN } from './json-picker';

type JsonSchema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords a primitive branch may carry and still be merged into a type list (they only constrain values). */
const VALUE_KEYWORDS = new Set([
  'type',
  'const',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'description',
]);

const isPrimitiveBranch = (s: unknown): s is JsonSchema & { type: string } =>
  !!s &&
  typeof s === 'object' &&
  typeof (s as JsonSchema).type === 'string' &&
  PRIMITIVES.has((s as JsonSchema).type as string) &&
  Object.keys(s as JsonSchema).every((k) => VALUE_KEYWORDS.has(k));

/** Thrown when a schema has a shape the compiled serialiser would not treat exactly as the zod allowlist does. */
class NotCompilable extends Error {}

/**
 * Rewrites zod's JSON Schema for fast-json-stringify: a union of primitive types (nullable text, a boolean or the
 * mask text) becomes one type list, which fast-json-stringify writes by checking the value's type. A union of
 * objects is refused (fast-json-stringify would pick the branch by validating every value).
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as JsonSchema;
  const branchesOf = (b: unknown): unknown[] => {
    const inner = b && typeof b === 'object' ? (((b as JsonSchema).anyOf ?? (b as JsonSchema).oneOf) as unknown[] | undefined) : undefined;
    return inner && Object.keys(b as JsonSchema).length === 1 ? inner.flatMap(branchesOf) : [b];
  };
  const union = (s.anyOf ?? s.oneOf) ? branchesOf({ anyOf: s.anyOf ?? s.oneOf }) : undefined;
  if (union) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    // A union of lists: one list of the union of their items.
    if (union.every((b) => (b as JsonSchema).type === 'array' && Object.keys(b as JsonSchema).every((k) => k === 'type' || k === 'items'))) {
      return simplify({ ...rest, type: 'array', items: { anyOf: union.map((b) => (b as JsonSchema).items) } });
    }
    if (union.every(isPrimitiveBranch)) return { ...rest, type: [...new Set(union.map((b) => b.type))] };
    // A nullable object or array: the one structured branch, which may also be null.
    const structured = union.filter((b) => !isPrimitiveBranch(b));
    const onlyNull = union.filter(isPrimitiveBranch).every((b) => b.type === 'null' && Object.keys(b).length === 1);
    const [one] = structured as JsonSchema[];
    if (structured.length === 1 && onlyNull && (one.type === 'object' || one.type === 'array')) {
      return simplify({ ...rest, ...one, type: [one.type, 'null'] });
    }
    if (union.every(isClosedObject)) return simplify({ ...rest, ...mergeObjects(union as JsonSchema[]) });
    throw new NotCompilable('union of structured schemas');
  }
  const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'));
  if (isObject && s.additionalProperties !== false && s.properties) {
    // Only a closed object drops the keys it does not name (the allowlist).
    throw new NotCompilable('object that keeps unknown keys');
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, simplify(v)]));
}

const isClosedObject = (s: unknown) =>
  !!s && typeof s === 'object' && (s as JsonSchema).type === 'object' && (s as JsonSchema).additionalProperties === false;

/**
 * A union of closed objects (one record shape per access level, e.g. with and without the clinical fields) as one
 * closed object: the keys of any branch (nothing else is ever written), required only where every branch requires
 * them. A key the branches describe differently is refused (zod then picks the branch). Which keys a reader gets is
 * decided before, by the access level's own schema (auth/scope.ts present).
 */
function mergeObjects(branches: JsonSchema[]): JsonSchema {
  const properties: Record<string, unknown> = {};
  for (const b of branches) {
    for (const [k, v] of Object.entries((b.properties ?? {}) as Record<string, unknown>)) {
      if (k in properties && JSON.stringify(properties[k]) !== JSON.stringify(v)) throw new NotCompilable(`key ${k} differs between branches`);
      properties[k] = v;
    }
  }
  const required = branches.map((b) => new Set((b.required ?? []) as string[])).reduce((all, r) => new Set([...all].filter((k) => r.has(k))));
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

/** The fast-json-stringify schema of a zod response schema, or null when it must stay with zod's serialiser. */
export function compiledResponseSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7', reused: 'inline' }) as JsonSchema;
    const { $schema: _s, ...rest } = json;
    return simplify(rest) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Response serialisers compiled from the routes' zod response schemas (fast-json-stringify, through Fastify's
 * serializer compiler), instead of validating every response object with zod at run time. They write only the
 * properties the schema names (closed objects: the allowlist still drops every other key), and a missing required
 * property is still an error (500, nothing sent). Schemas that fast-json-stringify would not treat like zod (unions
 * of objects, transforms, open objects) keep zod's serialiser. Answers of plain values go through the schema's picker
 * (json-picker.ts) and JSON.stringify instead, with the same allowlist (a long list written as bytes, json-bytes.ts).
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const json = route.schema instanceof z.ZodType ? compiledResponseSchema(route.schema) : null;
  if (!json) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const serialise = fastJson(json) as (data: unknown) => string;
  // Plain answers (the usual ones) are copied key by key as the schema names them and written by JSON.stringify (a
  // long list in pieces, as bytes: json-bytes.ts).
  const pick = compilePicker(json);
  if (!pick) return serialise;
  // Fastify's type says text; it sends the serialiser's bytes as they are (reply.js onSendEnd takes string or Buffer).
  return (data: unknown) => {
    const picked = pick(data);
    return (picked === NOT_PLAIN ? serialise(data) : jsonBytes(picked)) as string;
  };
};
