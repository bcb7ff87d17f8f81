import type { z } from 'zod';

/**
 * A response allowlist compiled from its zod object schema: keeps the keys the schema names (recursively, through
 * nullable, optional and arrays), drops every other key, and checks each value's JSON type, as `schema.parse` does
 * for these shapes, without zod's per-value machinery (a list of 100 booking rows parsed ~40 fields each per request).
 * String checks (formats, lengths) are not re-checked: the values come from our own queries and presenters, and the
 * compiled response serialiser (serializer.ts) writes only the schema's keys. Schemas with other parts (transforms,
 * defaults, unions of objects, records) are not compiled: `allowlistOf` answers the schema's own `parse`.
 */
type Pick = (value: unknown, path: string) => unknown;

const compiled = new WeakMap<z.ZodType, (value: unknown) => unknown>();

export function allowlistOf<T extends z.ZodType>(schema: T): (value: unknown) => z.output<T> {
  let pick = compiled.get(schema);
  if (!pick) {
    const p = compile(schema);
    pick = p ? (value: unknown) => p(value, '') : (value: unknown) => schema.parse(value);
    compiled.set(schema, pick);
  }
  return pick as (value: unknown) => z.output<T>;
}

const refuse = (path: string, expected: string, value: unknown): never => {
  throw new Error(`response allowlist: ${path || 'value'} is ${value === null ? 'null' : typeof value}, expected ${expected}`);
};

/** A check of a leaf value (a primitive, a literal, an enum, or a union of those), or null when not a leaf. */
function leafCheck(schema: z.ZodType): ((v: unknown) => boolean) | null {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'string': return (v) => typeof v === 'string';
    case 'number': return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean': return (v) => typeof v === 'boolean';
    case 'null': return (v) => v === null;
    case 'literal': { const values = new Set<unknown>(def.values); return (v) => values.has(v); }
    case 'enum': { const values = new Set<unknown>(Object.values(def.entries)); return (v) => values.has(v); }
    case 'nullable': { const inner = leafCheck(def.innerType); return inner && ((v) => v === null || inner(v)); }
    case 'union': {
      const options = (def.options as z.ZodType[]).map(leafCheck);
      if (options.some((o) => !o)) return null;
      return (v) => options.some((o) => o!(v));
    }
    default: return null;
  }
}

function compile(schema: z.ZodType): Pick | null {
  const leaf = leafCheck(schema);
  if (leaf) return (v, path) => (leaf(v) ? v : refuse(path, 'a value of the schema', v));
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'object': {
      // Only a plain z.object (unknown keys stripped) or z.strictObject (refused: none of ours are written by hand).
      if (def.catchall && def.catchall._zod.def.type !== 'never') return null;
      const fields: Array<[string, Pick, boolean]> = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const pick = compile(field);
        if (!pick) return null;
        fields.push([key, pick, field._zod.optin === 'optional']);
      }
      return (v, path) => {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return refuse(path, 'an object', v);
        const out: Record<string, unknown> = {};
        for (const [key, pick, optional] of fields) {
          const value = (v as Record<string, unknown>)[key];
          if (value === undefined) {
            if (!optional) refuse(`${path}.${key}`, 'a value', value);
            continue;
          }
          out[key] = pick(value, `${path}.${key}`);
        }
        return out;
      };
    }
    case 'array': {
      const item = compile(def.element);
      return item && ((v, path) => (Array.isArray(v) ? v.map((x, i) => item(x, `${path}[${i}]`)) : refuse(path, 'an array', v)));
    }
    case 'nullable': {
      const inner = compile(def.innerType);
      return inner && ((v, path) => (v === null ? v : inner(v, path)));
    }
    case 'optional': {
      const inner = compile(def.innerType);
      return inner && ((v, path) => (v === undefined ? v : inner(v, path)));
    }
    default: return null;
  }
}
