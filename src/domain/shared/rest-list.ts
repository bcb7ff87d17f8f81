import { z } from 'zod';

/*
 * The list dialect of react-admin's ra-data-simple-rest, for the list routes this project defines itself (the spec's
 * own paths keep their contracts): `?filter={"field":value}&range=[first,last]&sort=["field","ASC"]`, each a JSON
 * text, answered by the array of rows and `Content-Range: items first-last/total`. Each route names its filters and
 * the fields it sorts on; anything else is refused (400) with a sentence naming the parameter.
 */

export type SortOrder = 'ASC' | 'DESC';

/** A list query once read: the filter, the rows first..last (0-based, inclusive) and the sort. */
export interface RestList<F, S extends string> {
  filter: F;
  first: number;
  last: number;
  sort: S;
  order: SortOrder;
}

/** The most characters one JSON parameter may have. */
const JSON_PARAM_MAX = 2000;

/**
 * The path of the first string (or key) in a parsed parameter holding a control character, or null: a query is one
 * line, and the server refuses control characters in query strings before any schema (http/control-characters.ts);
 * escaped in a JSON text (`\u0000`) they reach the parsed value only, so the same single-line rule is applied there.
 */
function controlCharacterAt(value: unknown, at: string[] = []): string[] | null {
  if (typeof value === 'string') return /[\u0000-\u001f]/.test(value) ? at : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    const found = /[\u0000-\u001f]/.test(key) ? [...at, key] : controlCharacterAt(v, [...at, key]);
    if (found) return found;
  }
  return null;
}

/** A JSON query parameter: its text parsed (a sentence naming it and its form when it is not JSON). */
const json = (name: string, example: string) =>
  z
    .string({ error: `${name} must be one JSON text, e.g. ${example}` })
    .max(JSON_PARAM_MAX, { error: `${name} must be at most ${JSON_PARAM_MAX} characters` })
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON, e.g. ${example}` });
        return z.NEVER;
      }
      const at = controlCharacterAt(value);
      if (at) {
        ctx.addIssue({ code: 'custom', path: at, message: `${name} contains characters that are not allowed` });
        return z.NEVER;
      }
      return value;
    });

/** The deepest row a list page may start at: the database walks every row before it, so deeper pages need a filter. */
export const MAX_FIRST_ROW = 100_000;

/**
 * The query schema of a list route: `filter` checked by the route's filter schema (a strict object: an unknown filter
 * is refused), `sort` one of its sort fields, `range` at most `maxRows` rows. Without a parameter: no filter, the
 * first `defaultRows` rows, `defaultSort`. Query parameters besides these three are refused.
 */
export function restListQuery<F extends z.ZodObject, const S extends readonly [string, ...string[]]>(opts: {
  filter: F;
  sort: S;
  defaultSort: readonly [S[number], SortOrder];
  maxRows: number;
  defaultRows?: number;
}) {
  const { maxRows, defaultRows = maxRows } = opts;
  const rangeForm = 'Range must be two whole numbers: [first, last]';
  const whole = z.int({ error: rangeForm }).min(0, { error: 'Range cannot start before row 0' });
  const range = z
    .tuple([whole, whole], { error: rangeForm })
    .refine(([first, last]) => last >= first, { error: 'Range must end at or after its first row' })
    .refine(([first, last]) => last - first < maxRows, { error: `Range must be at most ${maxRows} rows` })
    .refine(([first]) => first <= MAX_FIRST_ROW, { error: `Range cannot start after row ${MAX_FIRST_ROW}; narrow the filter instead` });
  const sort = z.tuple(
    [
      z.enum(opts.sort, { error: `Sort field must be one of: ${opts.sort.join(', ')}` }),
      z.enum(['ASC', 'DESC'], { error: 'Sort order must be ASC or DESC' }),
    ],
    { error: 'Sort must be a field and an order: ["field", "ASC"]' },
  );
  return z
    .strictObject({
      filter: json('Filter', '{"field":"value"}').pipe(opts.filter).optional(),
      range: json('Range', `[0,${defaultRows - 1}]`)
        .pipe(range)
        .optional(),
      sort: json('Sort', `["${opts.defaultSort[0]}","${opts.defaultSort[1]}"]`).pipe(sort).optional(),
    })
    .transform((q): RestList<z.output<F>, S[number]> => {
      const [first, last] = q.range ?? [0, defaultRows - 1];
      const [field, order] = q.sort ?? opts.defaultSort;
      return { filter: (q.filter ?? {}) as z.output<F>, first, last, sort: field, order };
    });
}

/** The rows first..last of a list kept whole in memory (small lists), sorted as asked; `key` reads a sort field. */
export function rangeOf<T, S extends string>(
  rows: readonly T[],
  q: Pick<RestList<unknown, S>, 'first' | 'last' | 'sort' | 'order'>,
  key: (row: T, field: S) => string | number | boolean | null,
): { rows: T[]; total: number } {
  const sign = q.order === 'ASC' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [key(a, q.sort) ?? '', key(b, q.sort) ?? ''];
    return x === y ? 0 : (x > y ? 1 : -1) * sign;
  });
  return { rows: sorted.slice(q.first, q.last + 1), total: rows.length };
}
