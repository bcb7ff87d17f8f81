export const MASK = 'XXXXXX';

/** Fields left readable on a masked row (spec 1 §6). */
export const UNMASKED_FIELDS = ['createDateTime', 'kitId'] as const;

/**
 * Masks every field of a record outside the viewer's scope (src/domain/scope.ts) as XXXXXX, except createDateTime and
 * kitId, recursively, and flags it so no action is allowed. Lists become empty, so not even their length is told.
 */
export function maskRecord<T extends Record<string, unknown>>(record: T): T & { masked: true } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    out[key] = (UNMASKED_FIELDS as readonly string[]).includes(key) ? value : maskValue(value);
  }
  return { ...(out as T), masked: true };
}

function maskValue(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return [];
  // Dates (and any other non-plain object) are values, not records to walk into.
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskValue(v)]));
  }
  return MASK;
}
