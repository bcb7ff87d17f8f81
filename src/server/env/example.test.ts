import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envExample } from './example';
import { ENV_VARS } from './schema';

const root = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

describe('the environment documentation is made from the schema', () => {
  it('.env.example is what `npm run env:example` writes from the schema', () => {
    expect(root('.env.example')).toBe(envExample());
  });
  it("the README's production table names every variable of the schema, and none that it does not know", () => {
    const readme = root('README.md');
    const table = readme.slice(readme.indexOf('<!-- env-table -->'), readme.indexOf('<!-- /env-table -->'));
    expect(table.length).toBeGreaterThan(100);
    const named = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[a-z]+)?`/g)].map((m) => m[1]));
    expect([...Object.keys(ENV_VARS)].filter((n) => !named.has(n))).toEqual([]);
    expect([...named].filter((n) => !(n in ENV_VARS))).toEqual([]);
  });
});
