import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

// Three projects: unit (beside the code), api (real server + real PostgreSQL), e2e (Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ['default', './tests/setup/summary-reporter.ts'],
    // Two test files at once even on 2 cores (vitest's default there is one): an API test spends much of its time
    // waiting for PostgreSQL, a screen test for its lazy chunks, so the second core would otherwise idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          // react-admin reaches the router through react-router-dom, which node loads with its own copy of react-router;
          // the portal's `react-router` imports must get that same copy (one router context), as the vite build does.
          alias: [{ find: /^react-router$/, replacement: 'react-router-dom' }],
          environment: 'node',
          setupFiles: ['tests/setup/unit-setup.ts'],
          // jsdom screens render the whole react-admin tree: on 2 busy cores one test can take longer than 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global.ts'],
          // The server's modules are imported once per worker, not once per file (2.4 s each): every file builds its own
          // app on its own cloned database, so nothing a file changes is seen by the next (process.env and the clock
          // are restored by the files that touch them).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/e2e-global.ts'],
          setupFiles: ['tests/setup/e2e-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One more attempt for a browser test that fails, as Playwright's own CI default does: on two busy cores a
          // screen test can lose a race with the browser (each cause found so far was the test's, and is fixed in it).
          // A test that passes only on its retry is not hidden: the summary line names it as flaky.
          retry: 1,
        },
      },
    ],
  },
});
