import { describe, expect, it } from 'vitest';
import { deriveApiKey } from './headers';

describe('deriveApiKey', () => {
  it('is stable and derived from the path without a body', () => {
    expect(deriveApiKey('/secure/license')).toBe(deriveApiKey('/secure/license', ''));
    expect(deriveApiKey('/secure/license')).toMatch(/^ck_[0-9a-f]{8}$/);
  });
  it('differs by path and by body', () => {
    expect(deriveApiKey('/secure/license')).not.toBe(deriveApiKey('/secure/license/all'));
    expect(deriveApiKey('/secure/license', '{"a":1}')).not.toBe(deriveApiKey('/secure/license', '{"a":2}'));
    expect(deriveApiKey('/secure/license', '{"a":1}')).toBe(deriveApiKey('/other', '{"a":1}'));
  });
  it('hashes UTF-8 bytes', () => {
    expect(deriveApiKey('/x', '{"n":"José"}')).not.toBe(deriveApiKey('/x', '{"n":"Jose"}'));
  });
});
