import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allowlistOf } from './allowlist';

const text = z.string().nullable();
const schema = z.object({
  id: z.string(),
  name: text,
  flag: z.union([z.boolean(), z.literal('XXXXXX')]),
  kind: z.enum(['A', 'B']),
  n: z.number().nullable(),
  careType: z.object({ name: z.string(), displayName: z.string() }),
  products: z.array(z.object({ name: z.string() })),
  note: z.string().optional(),
});
const row = {
  id: 'BK1',
  name: null,
  flag: 'XXXXXX',
  kind: 'A',
  n: 3,
  careType: { name: 'X', displayName: 'Y', secret: 'no' },
  products: [{ name: 'p', price: 1 }],
  medications: 'never',
  __proto__: { inherited: 1 },
};

describe('allowlistOf', () => {
  it('keeps what the schema names, as zod parse does, and drops every other key at every depth', () => {
    const out = allowlistOf(schema)(row);
    expect(out).toEqual(schema.parse(row));
    expect(JSON.stringify(out)).not.toMatch(/secret|price|medications|inherited/);
    expect('note' in out).toBe(false);
  });
  it('refuses values of the wrong type or missing required keys, as zod parse does', () => {
    for (const bad of [
      { ...row, id: 7 },
      { ...row, flag: 'yes' },
      { ...row, kind: 'C' },
      { ...row, n: Number.NaN },
      { ...row, careType: 'x' },
      { ...row, products: {} },
      { ...row, name: undefined },
      { ...row, products: [{ name: ['a'] }] },
    ]) {
      expect(() => schema.parse(bad)).toThrow();
      expect(() => allowlistOf(schema)(bad)).toThrow(/response allowlist/);
    }
  });
  it('answers zod parse itself for shapes it does not compile (a union of objects)', () => {
    const union = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(allowlistOf(union)({ b: 1, c: 2 })).toEqual({ b: 1 });
    expect(() => allowlistOf(union)({ c: 2 })).toThrow();
  });
});
