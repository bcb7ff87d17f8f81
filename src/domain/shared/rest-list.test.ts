import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rangeOf, restListQuery } from './rest-list';

const schema = restListQuery({
  filter: z.strictObject({ done: z.boolean().optional() }),
  sort: ['name', 'at'],
  defaultSort: ['at', 'DESC'],
  maxRows: 10,
  defaultRows: 5,
});
const messages = (query: Record<string, string>) => {
  const result = schema.safeParse(query);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the simple REST list query', () => {
  it('reads filter, range and sort from their JSON texts; without them: no filter, the first rows, the default sort', () => {
    expect(schema.parse({ filter: '{"done":true}', range: '[5,9]', sort: '["name","ASC"]' })).toEqual({
      filter: { done: true },
      first: 5,
      last: 9,
      sort: 'name',
      order: 'ASC',
    });
    expect(schema.parse({})).toEqual({ filter: {}, first: 0, last: 4, sort: 'at', order: 'DESC' });
  });

  it('refuses what is not JSON, an unknown filter or sort field, a backwards or too long range, another parameter', () => {
    expect(messages({ filter: '{done' })).toEqual(['Filter must be JSON, e.g. {"field":"value"}']);
    expect(messages({ range: '[3,1]' })).toEqual(['Range must end at or after its first row']);
    expect(messages({ range: '[0,10]' })).toEqual(['Range must be at most 10 rows']);
    expect(messages({ range: '[0.5,2]' })).toEqual(['Range must be two whole numbers: [first, last]']);
    // A deep offset makes the database walk every row before it: past the cap, narrow the filter instead.
    expect(messages({ range: '[100000,100004]' })).toEqual([]);
    expect(messages({ range: '[100001,100005]' })).toEqual(['Range cannot start after row 100000; narrow the filter instead']);
    expect(messages({ sort: '["secret","ASC"]' })).toEqual(['Sort field must be one of: name, at']);
    expect(messages({ sort: '["name","asc"]' })).toEqual(['Sort order must be ASC or DESC']);
    expect(messages({ sort: '"name"' })).toEqual(['Sort must be a field and an order: ["field", "ASC"]']);
    expect(messages({ filter: '{"other":1}' })).toHaveLength(1);
    expect(messages({ page: '1' })).toHaveLength(1);
    // A control character escaped in the JSON text is refused like one in the query itself.
    const nul = schema.safeParse({ filter: JSON.stringify({ done: 'a\u0000b' }) });
    expect(nul.success || nul.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['filter.done', 'Filter contains characters that are not allowed'],
    ]);
  });

  it('cuts and sorts a list kept in memory', () => {
    const rows = [{ n: 'b' }, { n: 'c' }, { n: 'a' }];
    expect(rangeOf(rows, { first: 1, last: 5, sort: 'n', order: 'ASC' }, (r) => r.n)).toEqual({ rows: [{ n: 'b' }, { n: 'c' }], total: 3 });
    expect(rangeOf(rows, { first: 0, last: 0, sort: 'n', order: 'DESC' }, (r) => r.n)).toEqual({ rows: [{ n: 'c' }], total: 3 });
  });
});
