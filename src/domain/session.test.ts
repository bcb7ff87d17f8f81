import { describe, expect, it } from 'vitest';
import { isCachedTokenUsable } from './session';

describe('isCachedTokenUsable (120 s margin)', () => {
  const now = 1_700_000_000_000;
  const at = (secondsLeft: number) => ({ token: 't', expiresAt: now / 1000 + secondsLeft, issuedAt: now / 1000 - 100 });
  it('reuses a token with more than 120 s left', () => expect(isCachedTokenUsable(at(121), now)).toBe(true));
  it('refreshes at exactly 120 s or less', () => {
    expect(isCachedTokenUsable(at(120), now)).toBe(false);
    expect(isCachedTokenUsable(at(10), now)).toBe(false);
    expect(isCachedTokenUsable(at(-5), now)).toBe(false);
  });
  it('no cache, no token', () => {
    expect(isCachedTokenUsable(null, now)).toBe(false);
    expect(isCachedTokenUsable({ token: '', expiresAt: now, issuedAt: 0 }, now)).toBe(false);
  });
});
