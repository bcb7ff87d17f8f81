import { defineConfig, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The text catalogue (src/domain/i18n/en) and the portal's provider of the whole of it. */
const CATALOGUE = /[\\/]src[\\/](domain[\\/]i18n[\\/]en[\\/][\w-]+\.ts|web[\\/]providers[\\/]i18nProvider\.ts)$/;
/** The modules the first page runs: the entry and the bootstrap it loads (src/web/main.tsx). */
const FIRST_PAGE = /[\\/]src[\\/]web[\\/](main|bootstrap)\.tsx$/;

/** Whether `id` is imported statically, through any chain, by the first page's modules. */
function onFirstPage(id: string, getModuleInfo: Rollup.GetModuleInfo): boolean {
  const seen = new Set<string>();
  const todo = [id];
  while (todo.length) {
    const next = todo.pop()!;
    if (FIRST_PAGE.test(next)) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...(getModuleInfo(next)?.importers ?? []));
  }
  return false;
}

// The portal is built into dist/ and served by the API server on one port.
// In `vite dev` the API calls are proxied to a running `npm start` (API_URL).
// Every text file of the build also gets its brotli (.br, best quality) and gzip (.gz) twin, which the server sends
// to browsers that accept them (src/server/http/static-assets.ts): compressed once here, never per request.
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|mjs|css|svg|json)$/,
      threshold: 1024,
      // Best-quality brotli is slow (a few seconds a MB): compress on every core.
      scheduler: { limit: availableParallelism() },
    }),
  ],
  resolve: {
    // react-admin imports lodash's CommonJS files one by one (lodash/get, lodash/merge ...): the same functions as
    // ES modules (lodash-es, same version) are smaller and tree-shake, without the CommonJS wrappers.
    alias: [
      { find: /^lodash\/(.*)$/, replacement: 'lodash-es/$1' },
      { find: /^lodash$/, replacement: 'lodash-es' },
      // node-polyglot (under ra-i18n-polyglot, on the sign-in page) requires two polyfill packages whose dependency trees
      // (get-intrinsic, define-properties, call-bind ...) outweigh polyglot itself: the built-ins they stand for instead.
      { find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/build/shims/object-entries.cjs', import.meta.url)) },
      { find: /^hasown$/, replacement: fileURLToPath(new URL('./src/build/shims/hasown.cjs', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // The shims above are CommonJS, like the packages they replace.
    commonjsOptions: { include: [/node_modules/, /src[\\/]build[\\/]shims[\\/]/] },
    rollupOptions: {
      output: {
        // Every file costs its response headers (about 1 KiB: the security headers) on top of its bytes, and the split
        // along the lazy imports leaves dozens of files of a few hundred bytes: rollup merges those into a chunk loaded
        // with them, where that runs no code earlier than before.
        experimentalMinChunkSize: 8_000,
        // react-admin, MUI and the rest are split by rollup along the lazy imports (App.tsx, routes.tsx): the sign-in
        // page loads only the providers and its form, each screen its own parts. No catch-all vendor chunk.
        manualChunks(id, { getModuleInfo }) {
          // React itself is what the tiny entry needs: keep it apart so the entry does not pull react-admin.
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          // The text catalogue but the sign-in page's part is loaded with the signed-in layout (stagedI18nProvider.ts): one
          // file, rather than a file per feature shared with the screens whose rules read those texts.
          if (CATALOGUE.test(id) && !onFirstPage(id, getModuleInfo)) return 'catalogue';
          return undefined;
        },
      },
    },
  },
  server: {
    // Every path the API serves, so `vite` dev mode reaches the same routes as the built portal.
    proxy: Object.fromEntries(
      ['/secure', '/api', '/files', '/health', '/openapi.json', '/config.json'].map((path) => [path, process.env.API_URL ?? 'http://127.0.0.1:8080']),
    ),
  },
});
