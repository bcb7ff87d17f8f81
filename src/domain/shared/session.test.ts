import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE, idleSettings, isCachedTokenUsable } from './session';

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

describe('idleSettings (idle logoff)', () => {
  it('defaults to 15 minutes with a one-minute warning', () => {
    expect(idleSettings()).toEqual({ timeoutSeconds: 900, warningSeconds: 60 });
    expect(DEFAULT_IDLE).toEqual({ timeoutSeconds: 900, warningSeconds: 60 });
  });
  it('keeps the one-minute warning for a configured timeout, shortening it only for very short timeouts', () => {
    expect(idleSettings(600)).toEqual({ timeoutSeconds: 600, warningSeconds: 60 });
    expect(idleSettings(10)).toEqual({ timeoutSeconds: 10, warningSeconds: 5 });
    expect(idleSettings(10, 3)).toEqual({ timeoutSeconds: 10, warningSeconds: 3 });
  });
  it('refuses values that would defeat the safeguard or the warning', () => {
    for (const bad of [0, 1, -5, 1.5, Number.NaN, 3601]) expect(() => idleSettings(bad), String(bad)).toThrow(/idle timeout/);
    expect(() => idleSettings(60, 60)).toThrow(/idle warning/);
    expect(() => idleSettings(60, 0)).toThrow(/idle warning/);
  });
});
