import type { z } from 'zod';

/**
 * A response allowlist compiled from its zod object schema: keeps the keys the schema names (recursively, through
 * nullable, optional and arrays), drops every other key, and checks each value's JSON type, as `schema.parse` does
 * for these shapes, without zod's per-value machinery (a list of 100 booking rows parsed ~40 fields each per request).
 * String checks (formats, lengths) are not re-checked: the values come from our own queries and presenters, and the
 * compiled response serialiser (serializer.ts) writes only the schema's keys. Schemas with other parts (transforms,
 * defaults, unions of objects, records) are not compiled: `allowlistOf` answers the schema's own `parse`.
 */
/** A compiled check of one value; `key` (when given) is appended to `path` only in an error message. */
type Pick = (value: unknown, path: string, key?: string | number) => unknown;
const join = (path: string, key?: string | number) => (key === undefined ? path : typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`);

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

/** zod's definition of a schema: its public types differ per schema kind, and this walker reads several kinds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
const zodDef = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;

/** A check of a leaf value (a primitive, a literal, an enum, or a union of those), or null when not a leaf. */
function leafCheck(schema: z.ZodType): ((v: unknown) => boolean) | null {
  const def = zodDef(schema);
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'literal': {
      const values = new Set<unknown>(def.values);
      return (v) => values.has(v);
    }
    case 'enum': {
      const values = new Set<unknown>(Object.values(def.entries));
      return (v) => values.has(v);
    }
    case 'nullable': {
      const inner = leafCheck(def.innerType);
      return inner && ((v) => v === null || inner(v));
    }
    case 'union': {
      const options = (def.options as z.ZodType[]).map(leafCheck);
      if (options.some((o) => !o)) return null;
      const checks = options as Array<(v: unknown) => boolean>;
      return (v) => {
        for (let i = 0; i < checks.length; i++) if (checks[i](v)) return true;
        return false;
      };
    }
    default:
      return null;
  }
}

/**
 * The pick of a closed object: its output is built as one object literal (code generated from the schema's keys), so
 * that every output has one fast shape, instead of key by key (which turns an object of ~40 keys into a slow
 * dictionary-mode object). Paths for error messages are only built when a value is refused.
 */
function objectPick(fields: Array<[string, Pick, boolean]>): Pick {
  const picks = fields.map(([, pick]) => pick);
  const keys = fields.map(([key]) => key);
  const fail = (path: string, key: string, value: unknown) => refuse(`${path}.${key}`, 'a value', value);
  const isObject = (v: unknown, path: string, key?: string | number) =>
    v === null || typeof v !== 'object' || Array.isArray(v) ? refuse(join(path, key), 'an object', v) : v;
  const at = (i: number) => JSON.stringify(keys[i]);
  const required = fields.map((f, i) => (f[2] ? null : i)).filter((i): i is number => i !== null);
  const optional = fields.map((f, i) => (f[2] ? i : null)).filter((i): i is number => i !== null);
  // Keys come from our own schemas; quoted with JSON.stringify all the same. '__proto__' in a literal would set the
  // prototype: such a schema keeps the generic loop.
  const generated =
    !keys.includes('__proto__') &&
    (new Function(
      'picks',
      'fail',
      'isObject',
      'join',
      `return (v, parent, key) => {
    isObject(v, parent, key);
    const path = key === undefined ? parent : join(parent, key);
    ${required.map((i) => `const v${i} = v[${at(i)}]; if (v${i} === undefined) fail(path, ${at(i)}, v${i});`).join('\n    ')}
    const out = { ${required.map((i) => `${at(i)}: picks[${i}](v${i}, path, ${at(i)})`).join(', ')} };
    ${optional.map((i) => `if (v[${at(i)}] !== undefined) out[${at(i)}] = picks[${i}](v[${at(i)}], path, ${at(i)});`).join('\n    ')}
    return out;
  };`,
    )(picks, fail, isObject, join) as Pick);
  if (generated) return generated;
  return (v, parent, key) => {
    isObject(v, parent, key);
    const path = join(parent, key);
    const out: Record<string, unknown> = {};
    for (const [key, pick, optional] of fields) {
      const value = (v as Record<string, unknown>)[key];
      if (value === undefined) {
        if (!optional) fail(path, key, value);
        continue;
      }
      Object.defineProperty(out, key, { value: pick(value, path, key), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
}

function compile(schema: z.ZodType): Pick | null {
  const leaf = leafCheck(schema);
  if (leaf) return (v, path, key) => (leaf(v) ? v : refuse(join(path, key), 'a value of the schema', v));
  const def = zodDef(schema);
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
      return objectPick(fields);
    }
    case 'array': {
      const item = compile(def.element);
      return (
        item &&
        ((v, parent, key) => {
          if (!Array.isArray(v)) return refuse(join(parent, key), 'an array', v);
          const path = join(parent, key);
          return v.map((x, i) => item(x, path, i));
        })
      );
    }
    case 'nullable': {
      const inner = compile(def.innerType);
      return inner && ((v, path, key) => (v === null ? v : inner(v, path, key)));
    }
    case 'optional': {
      const inner = compile(def.innerType);
      return inner && ((v, path, key) => (v === undefined ? v : inner(v, path, key)));
    }
    default:
      return null;
  }
}
