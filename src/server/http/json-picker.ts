type JsonSchema = Record<string, unknown>;

/** What a picker answers when a value is not of the plain shape it was compiled for (the caller then serialises otherwise). */
export const NOT_PLAIN: unique symbol = Symbol('not-plain');
export type Picker = (data: unknown) => unknown;

/** Keywords that only describe or constrain values: a serialiser writes the value as it is, whatever they say. */
const DESCRIPTIVE = new Set([
  'type',
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
  'minItems',
  'maxItems',
  'description',
  'title',
]);
const STRUCTURE = new Set(['properties', 'required', 'additionalProperties', 'items']);

/** The JavaScript test of a value for one JSON Schema type: only values JSON.stringify writes as the type says. */
const TYPE_TESTS: Record<string, (v: string) => string> = {
  string: (v) => `typeof ${v} === 'string'`,
  number: (v) => `(typeof ${v} === 'number' && Number.isFinite(${v}))`,
  integer: (v) => `Number.isInteger(${v})`,
  boolean: (v) => `typeof ${v} === 'boolean'`,
  null: (v) => `${v} === null`,
  object: (v) => `(typeof ${v} === 'object' && ${v} !== null && !Array.isArray(${v}))`,
  array: (v) => `Array.isArray(${v})`,
};

class NotPlain extends Error {}

/** The test of a schema of primitive types only (with descriptive keywords), or null for anything else. */
function primitiveTest(schema: unknown, v: string): string | null {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const s = schema as JsonSchema;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const primitive = types.length > 0 && types.every((t) => t in TYPE_TESTS && t !== 'object' && t !== 'array');
  return primitive && Object.keys(s).every((k) => DESCRIPTIVE.has(k)) ? types.map((t) => TYPE_TESTS[t](v)).join(' || ') : null;
}

/**
 * Compiles a picker for a response schema made only of closed objects (additionalProperties: false), arrays of one
 * item schema and primitive type lists: it copies exactly the keys the schema names, at every depth, into fresh
 * objects that JSON.stringify then writes (one flat string, natively; measured about half the CPU of
 * fast-json-stringify's text on the calendar's week of 2,000 events, with its Buffer copy). Any value not plainly of its
 * declared type (a missing required key, a Date, a non-finite number, an object where text is declared) makes the
 * picker answer NOT_PLAIN, so that the caller serialises with the schema's compiled serialiser, which coerces or
 * refuses it. Null when the schema has anything else (unions, defaults, consts, open objects): then that serialiser only.
 */
export function compilePicker(schema: JsonSchema): Picker | null {
  const fns: string[] = [];
  const gen = (s: unknown): string => {
    if (!s || typeof s !== 'object' || Array.isArray(s)) throw new NotPlain();
    const sc = s as JsonSchema;
    if (!Object.keys(sc).every((k) => DESCRIPTIVE.has(k) || STRUCTURE.has(k))) throw new NotPlain();
    const types = Array.isArray(sc.type) ? (sc.type as string[]) : [sc.type as string];
    if (types.length === 0 || !types.every((t) => t in TYPE_TESTS)) throw new NotPlain();
    const test = types.map((t) => TYPE_TESTS[t]('v')).join(' || ');
    const name = `f${fns.length}`;
    fns.push(''); // reserve the slot: nested schemas get later names
    let body: string;
    if (types.includes('object')) {
      if (types.includes('array') || sc.additionalProperties !== false || sc.items !== undefined) throw new NotPlain();
      const props = Object.entries((sc.properties ?? {}) as Record<string, unknown>);
      const required = new Set((sc.required ?? []) as string[]);
      const reads = props.map(([key, p], i) => {
        const at = `o[${JSON.stringify(key)}]`;
        const missing = required.has(key) ? 'return N;' : '';
        // A primitive value is tested in place; a nested object or list is copied by its own function.
        const test = primitiveTest(p, `p${i}`);
        const copy = test ? `if (!(${test})) return N;` : `p${i} = ${gen(p)}(p${i}); if (p${i} === N) return N;`;
        return `let p${i} = ${at}; if (p${i} === undefined) { ${missing} } else { ${copy} }`;
      });
      // The required keys in one literal (one shape), the optional ones only when present: no undefined keys to skip.
      const literal = `{ ${props.flatMap(([key], i) => (required.has(key) ? [`${JSON.stringify(key)}: p${i}`] : [])).join(', ')} }`;
      const optional = props.flatMap(([key], i) => (required.has(key) ? [] : [`if (p${i} !== undefined) r[${JSON.stringify(key)}] = p${i};`]));
      body = `if (!(${test})) return N; if (v === null) return v; const o = v; ${reads.join(' ')} const r = ${literal}; ${optional.join(' ')} return r;`;
    } else if (types.includes('array')) {
      if (sc.properties !== undefined || sc.additionalProperties !== undefined || Array.isArray(sc.items)) throw new NotPlain();
      const item = gen(sc.items ?? {});
      body =
        `if (!(${test})) return N; if (v === null) return v; const out = new Array(v.length); ` +
        `for (let i = 0; i < v.length; i++) { const x = ${item}(v[i]); if (x === N) return N; out[i] = x; } return out;`;
    } else {
      if (Object.keys(sc).some((k) => STRUCTURE.has(k))) throw new NotPlain();
      body = `return ${test} ? v : N;`;
    }
    fns[Number(name.slice(1))] = `function ${name}(v) { ${body} }`;
    return name;
  };
  try {
    gen(schema);
  } catch (err) {
    if (err instanceof NotPlain) return null;
    throw err;
  }
  // Generated from the schema's own keys (quoted with JSON.stringify); values are only read and copied.
  return new Function('N', `${fns.join('\n')}\nreturn f0;`)(NOT_PLAIN) as Picker;
}
