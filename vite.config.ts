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
  },
  server: {
    proxy: {
      '/secure': process.env.API_URL ?? 'http://127.0.0.1:8080',
      '/config.json': process.env.API_URL ?? 'http://127.0.0.1:8080',
    },
  },
});
