// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { fetchAuthSession } = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession }));

import { clearSessionCache, getIdToken, getIdTokenSession, idTokenNow, NoSessionError, peekSessionCache } from './sessionCache';

const NOW_S = 1_700_000_000;

/** An amplify session whose id token lives `lifeS` seconds from now. */
function sessionWith(token: string, lifeS: number) {
  const now = Math.floor(Date.now() / 1000);
  return {
    tokens: {
      idToken: {
        toString: () => token,
        payload: { sub: 'user-1', exp: now + lifeS, iat: now, 'cognito:groups': ['clinicians'] },
      },
    },
  };
}

describe('session cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW_S * 1000);
    clearSessionCache();
    fetchAuthSession.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('fetches the session once and caches token, expiry and issue time', async () => {
    fetchAuthSession.mockResolvedValue(sessionWith('t1', 3600));
    expect(await getIdToken()).toBe('t1');
    expect(await getIdToken()).toBe('t1');
    expect(fetchAuthSession).toHaveBeenCalledTimes(1);
    expect(fetchAuthSession).toHaveBeenCalledWith(undefined);
    expect(peekSessionCache()).toMatchObject({ token: 't1', expiresAt: NOW_S + 3600, issuedAt: NOW_S });
  });

  it('reuses the cached token while more than 120 s of life are left', async () => {
    fetchAuthSession.mockResolvedValue(sessionWith('t1', 300));
    await getIdToken();
    vi.advanceTimersByTime(179_000); // 121 s left
    expect(await getIdToken()).toBe('t1');
    expect(fetchAuthSession).toHaveBeenCalledTimes(1);
  });

  it('forces a refresh once 120 s or less are left', async () => {
    fetchAuthSession.mockResolvedValueOnce(sessionWith('t1', 300));
    await getIdToken();
    vi.advanceTimersByTime(180_000); // exactly 120 s left: not usable
    fetchAuthSession.mockResolvedValueOnce(sessionWith('t2', 3600));
    expect(await getIdToken()).toBe('t2');
    expect(fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(peekSessionCache()?.token).toBe('t2');
  });

  it('forces a refresh when amplify hands back a token already inside the margin', async () => {
    fetchAuthSession.mockResolvedValueOnce(sessionWith('old', 60)).mockResolvedValueOnce(sessionWith('new', 3600));
    expect(await getIdToken()).toBe('new');
    expect(fetchAuthSession).toHaveBeenNthCalledWith(2, { forceRefresh: true });
  });

  it('idTokenNow hands a usable cached token over at once, and a promise otherwise (nothing cached, or near expiry)', async () => {
    fetchAuthSession.mockResolvedValueOnce(sessionWith('t1', 300));
    const first = idTokenNow();
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe('t1');
    expect(idTokenNow()).toBe('t1');
    vi.advanceTimersByTime(180_000); // 120 s left: no longer usable
    fetchAuthSession.mockResolvedValueOnce(sessionWith('t2', 3600));
    const refreshed = idTokenNow();
    expect(refreshed).toBeInstanceOf(Promise);
    expect(await refreshed).toBe('t2');
    expect(fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('shares one fetch between concurrent callers', async () => {
    fetchAuthSession.mockResolvedValue(sessionWith('t1', 3600));
    const [a, b] = await Promise.all([getIdToken(), getIdToken()]);
    expect([a, b]).toEqual(['t1', 't1']);
    expect(fetchAuthSession).toHaveBeenCalledTimes(1);
  });

  it('clears the cache and rethrows when the session fetch fails', async () => {
    fetchAuthSession.mockResolvedValueOnce(sessionWith('t1', 300));
    await getIdToken();
    vi.advanceTimersByTime(200_000);
    const failure = new Error('refresh failed');
    fetchAuthSession.mockRejectedValueOnce(failure);
    await expect(getIdToken()).rejects.toBe(failure);
    expect(peekSessionCache()).toBeNull();
    // the next call starts from scratch (no forced refresh: nothing cached)
    fetchAuthSession.mockResolvedValueOnce(sessionWith('t3', 3600));
    expect(await getIdToken()).toBe('t3');
    expect(fetchAuthSession).toHaveBeenLastCalledWith(undefined);
  });

  it('rejects with NoSessionError when nobody is signed in', async () => {
    fetchAuthSession.mockResolvedValue({ tokens: undefined });
    await expect(getIdTokenSession()).rejects.toBeInstanceOf(NoSessionError);
    expect(peekSessionCache()).toBeNull();
  });
});
