export const MASK = 'XXXXXX';

/** Fields left readable on a masked row (spec 1 §6). */
export const UNMASKED_FIELDS = ['createDateTime', 'kitId'] as const;

/**
 * Masks every field of a record outside the viewer's scope (src/domain/shared/scope.ts) as XXXXXX, except createDateTime and
 * kitId, recursively, and flags it so no action is allowed. Lists become empty, so not even their length is told.
 */
export function maskRecord<T extends Record<string, unknown>>(record: T): T & { masked: true } {
  // A copy of the record (one fast shape, as the record's) whose values are then replaced: building it key by key
  // turns a record of more than ~16 keys into a slow dictionary-mode object. Lists mask up to thousands of rows per request.
  const out: Record<string, unknown> = { ...record };
  for (const key of Object.keys(out)) {
    if (!UNMASKED.has(key)) put(out, key, maskValue(out[key]));
  }
  put(out, 'masked', true);
  return out as T & { masked: true };
}

const UNMASKED: ReadonlySet<string> = new Set(UNMASKED_FIELDS);

/** An own property even for a key named __proto__ (as Object.fromEntries makes it), never the prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function maskValue(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return [];
  // Dates (and any other non-plain object) are values, not records to walk into.
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = { ...value };
    for (const key of Object.keys(out)) put(out, key, maskValue(out[key]));
    return out;
  }
  return MASK;
}
