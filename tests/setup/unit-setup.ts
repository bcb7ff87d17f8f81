// Setup of the `unit` vitest project: jest-dom matchers, a clean DOM after each test, and a
// findBy/waitFor timeout that survives a loaded machine (react-admin screens mount lazily).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
