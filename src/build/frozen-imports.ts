import { build } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Build-time only (vite build): the modules that `importer` imports from the project are evaluated once in Node and
 * replaced, for that importer alone, by their exported plain data (strings, numbers, booleans, null, arrays, plain
 * objects). The portal's i18n catalogue uses it: the texts it gathers from src/domain live beside the zod schemas,
 * whose module-level calls a bundler must keep, so without it the sign-in page would download zod and every schema
 * just to read a few strings. The texts the browser gets are exactly what the modules export (they are the modules,
 * evaluated); tests and `vite dev` use the modules themselves.
 *
 * Only imports that pull a package (node_modules) are frozen; data-only modules stay as they are. An export that is
 * not plain data (a function, a class instance, undefined) is left out, so importing one fails the build loudly.
 */
export function frozenImports(importer: RegExp): Plugin {
  const PREFIX = '\0frozen:';
  return {
    name: 'portal-frozen-imports',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, from, options) {
      if (!from || !importer.test(from) || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('node_modules')) return null;
      const { pullsPackages } = await evaluate(resolved.id);
      return pullsPackages ? PREFIX + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { exports } = await evaluate(id.slice(PREFIX.length));
      return Object.entries(exports)
        .map(([name, value]) => [name, plainData(value)] as const)
        .filter(([, json]) => json !== undefined)
        .map(([name, json]) => (name === 'default' ? `export default ${json};` : `export const ${name} = ${json};`))
        .join('\n');
    },
  };
}

const evaluated = new Map<string, Promise<{ exports: Record<string, unknown>; pullsPackages: boolean }>>();

/** The module bundled for Node with esbuild and imported; whether it (transitively) imports any package. */
function evaluate(file: string) {
  let result = evaluated.get(file);
  if (!result) {
    result = (async () => {
      const out = await build({ entryPoints: [file], bundle: true, write: false, format: 'esm', platform: 'node', metafile: true, logLevel: 'silent' });
      const code = out.outputFiles[0].text;
      const exports = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
      return { exports, pullsPackages: Object.keys(out.metafile.inputs).some((input) => input.includes('node_modules/')) };
    })();
    evaluated.set(file, result);
  }
  return result;
}

/** JSON text of a plain-data value, or undefined when any part of it is not plain data. */
function plainData(value: unknown): string | undefined {
  const ok = (v: unknown): boolean => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
    if (typeof v === 'number') return Number.isFinite(v);
    if (Array.isArray(v)) return v.every(ok);
    if (typeof v === 'object') {
      const proto = Object.getPrototypeOf(v);
      return (proto === Object.prototype || proto === null) && Object.values(v as object).every(ok);
    }
    return false;
  };
  return ok(value) ? JSON.stringify(value) : undefined;
}
