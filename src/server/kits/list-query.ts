/** Search helpers of the kit lists' SQL: no statement of their own. */

/** A LIKE prefix pattern of the text, its wildcards escaped. */
export const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
