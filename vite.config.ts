import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // react-admin, MUI and the rest are split by rollup along the lazy imports (App.tsx, routes.tsx): the sign-in
        // page loads only the providers and its form, each screen its own parts. No catch-all vendor chunk.
        manualChunks(id) {
          // React itself is what the tiny entry needs: keep it apart so the entry does not pull react-admin.
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
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
