import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The portal is built into dist/ and served by the API server on one port.
// In `vite dev` the API calls are proxied to a running `npm start` (API_URL).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // react-admin's packages re-export each other circularly (ra-core util/FieldTitle): split across
        // lazy chunks they can run out of order, so they always share one chunk (loaded after /config.json).
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](ra-[^\\/]+|react-admin)[\\/]/.test(id)) return 'react-admin';
          // React itself is what the tiny entry needs: keep it apart so the entry does not pull react-admin.
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/secure': process.env.API_URL ?? 'http://127.0.0.1:8080',
      '/config.json': process.env.API_URL ?? 'http://127.0.0.1:8080',
    },
  },
});
