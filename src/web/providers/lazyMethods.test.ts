import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from './dataProvider';
import type { ApiFetch } from './httpClient';
import { createLabMethods } from './labMethods';
import { createLazyFeatureMethods, FEATURE_MODULES, type Feature } from './lazyMethods';

const INDEX_FILE = './methodIndex.ts';

/** Each method of each feature module, in the table's order: [method, feature]. */
async function realMethods(): Promise<Array<[string, Feature]>> {
  const api = vi.fn() as unknown as ApiFetch;
  const features = Object.entries(FEATURE_MODULES) as Array<[Feature, (typeof FEATURE_MODULES)[Feature]]>;
  const names = await Promise.all(
    features.map(async ([feature, load]) => Object.keys((await load())(api)).map((name) => [name, feature] as [string, Feature])),
  );
  return names.flat();
}

/** The name index as methodIndex.ts holds it. */
const indexSource = (entries: Array<[string, Feature]>) =>
  [
    '/*',
    ' * Generated from the method modules (providers/<feature>Methods.ts) by lazyMethods.test.ts: do not edit. After adding,',
    ' * renaming or removing a method: npx vitest run --project unit src/web/providers/lazyMethods.test.ts --update',
    ' */',
    '',
    "/** The feature module of each named dataProvider method (lazyMethods.ts loads it on the method's first call). */",
    'export const METHOD_FEATURES = {',
    ...entries.map(([name, feature]) => `  ${name}: '${feature}',`),
    '} as const;',
    '',
  ].join('\n');

describe('feature methods loaded on first call', () => {
  it('the name index names every method of every feature module, and its module', async () => {
    const entries = await realMethods();
    expect(new Set(entries.map(([name]) => name)).size, 'a method name used by two features').toBe(entries.length);
    await expect(indexSource(entries)).toMatchFileSnapshot(INDEX_FILE);
  });

  it('offers exactly the methods of every feature module, on the dataProvider too', async () => {
    const api = vi.fn() as unknown as ApiFetch;
    const real = (await realMethods()).map(([name]) => name).sort();
    expect(Object.keys(createLazyFeatureMethods(api)).sort()).toEqual(real);
    const provider = createDataProvider(api) as unknown as Record<string, unknown>;
    for (const name of real) expect(typeof provider[name], name).toBe('function');
  });

  it('a call waits for its module, then makes the same request as the module itself', async () => {
    const api = vi.fn(async () => ({ ok: true })) as unknown as ApiFetch;
    const lazy = createLazyFeatureMethods(api);
    await expect(lazy.labApprove('KT0000001')).resolves.toEqual({ ok: true });
    await lazy.labApprove('KT0000002');
    const direct = vi.fn(async () => ({ ok: true })) as unknown as ApiFetch;
    await createLabMethods(direct).labApprove('KT0000001');
    await createLabMethods(direct).labApprove('KT0000002');
    expect(vi.mocked(api).mock.calls).toEqual(vi.mocked(direct).mock.calls);
  });

  it('a method that fails still rejects its caller', async () => {
    const api = vi.fn(async () => {
      throw new Error('refused');
    }) as unknown as ApiFetch;
    await expect(createLazyFeatureMethods(api).dashboardSummary({} as never, 9)).rejects.toThrow('refused');
  });
});
