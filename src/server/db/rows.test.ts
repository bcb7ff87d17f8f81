import { describe, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { pageClause, queryRows } from './rows';

/** A stand-in for pg in rowMode 'array': the fields and the rows of values (already parsed by pg's type parsers). */
const fakeDb = (names: string[], rows: unknown[][]) => {
  const seen: unknown[] = [];
  const db = {
    query: async (config: unknown) => {
      seen.push(config);
      return { fields: names.map((name) => ({ name })), rows, rowCount: rows.length };
    },
  };
  return { db: db as unknown as Pool, seen };
};

describe('queryRows', () => {
  it('answers the rows as objects keyed by column name, asking pg for arrays', async () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const { db, seen } = fakeDb(
      ['kitId', 'createdAt', 'results'],
      [
        ['K1', when, [{ a: 1 }]],
        ['K2', null, null],
      ],
    );
    const res = await queryRows(db, { text: 'SELECT 1', values: [1] });
    expect(res.rows).toEqual([
      { kitId: 'K1', createdAt: when, results: [{ a: 1 }] },
      { kitId: 'K2', createdAt: null, results: null },
    ]);
    expect(res.rowCount).toBe(2);
    expect(seen[0]).toMatchObject({ text: 'SELECT 1', values: [1], rowMode: 'array' });
  });
  it('keeps the last of two columns of the same name, as pg does, and makes __proto__ an own value, never the prototype', async () => {
    expect((await queryRows(fakeDb(['a', 'a'], [[1, 2]]).db, { text: '' })).rows).toEqual([{ a: 2 }]);
    const [row] = (await queryRows(fakeDb(['__proto__', 'b'], [[{ polluted: true }, 1]]).db, { text: '' })).rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__', 'b']);
    expect((row as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('pageClause', () => {
  it('writes the page as integers into the text, so the statement is the same for every reader of that page', () => {
    expect(pageClause(1, 50)).toBe('LIMIT 50 OFFSET 0');
    expect(pageClause(3, 25)).toBe('LIMIT 25 OFFSET 50');
  });

  it('refuses anything but a page from 1 and a size from 1 (nothing else is ever written into SQL)', () => {
    for (const [page, perPage] of [
      [0, 50],
      [1, 0],
      [1, Number.NaN],
      [Number.POSITIVE_INFINITY, 50],
      [1, '5; DROP TABLE kits' as unknown as number],
    ]) {
      expect(() => pageClause(page, perPage), `${page}, ${perPage}`).toThrow('invalid page');
    }
  });
});
