/** A list query in ra-data-simple-rest's dialect (src/domain/shared/rest-list.ts): each given part as its JSON text. */
export function restQuery(q: { filter?: unknown; range?: [number, number]; sort?: [string, string] }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value !== undefined) params.set(key, JSON.stringify(value));
  return params.toString();
}

/** The parts of a `Content-Range: items first-last/total` header (first and last null for `items *\/total`). */
export function parseContentRange(header: unknown): { first: number | null; last: number | null; total: number | '*' } {
  const match = /^items (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(String(header));
  if (!match) throw new Error(`not a Content-Range: ${String(header)}`);
  const total = match[3] === '*' ? '*' : Number(match[3]);
  return { first: match[1] ? Number(match[1]) : null, last: match[2] ? Number(match[2]) : null, total };
}
