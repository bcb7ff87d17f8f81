// Setup of the `unit` vitest project: jest-dom matchers, a clean DOM after each test, and a
// findBy/waitFor timeout that survives a loaded machine (react-admin screens mount lazily; 5 s was once not enough
// for a lazily loaded panel with both cores busy). Only a failing wait takes longer.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
