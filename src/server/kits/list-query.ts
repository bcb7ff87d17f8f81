/** Paging and search helpers of the list SQL (kits, orders, patients): no statement of their own. */

/** The LIMIT/OFFSET of a validated page, written into the text so a prepared statement gets a good generic plan. */
export function pageClause(page: number, perPage: number): string {
  const limit = Math.trunc(Number(perPage));
  const offset = Math.trunc((Number(page) - 1) * limit);
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 1 || offset < 0) throw new Error('invalid page');
  return `LIMIT ${limit} OFFSET ${offset}`;
}

/** A LIKE prefix pattern of the text, its wildcards escaped. */
export const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
