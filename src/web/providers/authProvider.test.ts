// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const amplify = vi.hoisted(() => ({ signIn: vi.fn(), signOut: vi.fn(), fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

import { createAuthProvider, isUnconfirmedSignUp, REFUSED_SIGN_IN_RETRY_MS, signInStepMessage } from './authProvider';
import { clearSessionCache } from './sessionCache';
import { UI_TEXT } from '../../domain/i18n/en/ui';

function signedInAs(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  amplify.fetchAuthSession.mockResolvedValue({
    tokens: { idToken: { toString: () => 'tok', payload: { sub: 'sub-1', exp: now + 3600, iat: now, ...claims } } },
  });
}

const auth = createAuthProvider({ authFlowType: 'USER_PASSWORD_AUTH' });

beforeEach(() => {
  clearSessionCache();
  vi.resetAllMocks();
  amplify.signOut.mockResolvedValue(undefined);
});

describe('login / logout', () => {
  it('signs in with the configured auth flow', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await auth.login({ username: ' jane@example.com ', password: 'pw' });
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'jane@example.com',
      password: 'pw',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('signs a stale session out and retries', async () => {
    const stale = Object.assign(new Error('There is already a signed in user.'), { name: 'UserAlreadyAuthenticatedException' });
    amplify.signIn.mockRejectedValueOnce(stale).mockResolvedValueOnce({ nextStep: { signInStep: 'DONE' } });
    await auth.login({ username: 'a', password: 'b' });
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
  });

  it('passes other sign-in errors through', async () => {
    amplify.signIn.mockRejectedValue(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    await expect(auth.login({ username: 'a', password: 'b' })).rejects.toThrow('Incorrect username or password.');
  });

  it('rejects a sign-in that needs another step, with a clear message', async () => {
    amplify.signIn.mockResolvedValue({ nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' } });
    await expect(auth.login({ username: 'a', password: 'b' })).rejects.toThrow(UI_TEXT.signInNeedsNewPassword);
    expect(signInStepMessage('CONFIRM_SIGN_IN_WITH_TOTP_CODE')).toContain('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it("marks an unconfirmed account's sign-in, so the sign-in page can ask for the code", async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    const refused = await auth.login({ username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(isUnconfirmedSignUp(refused)).toBe(true);
    expect((refused as Error).message).toBe(UI_TEXT.signInNeedsConfirmation);
    amplify.signIn.mockRejectedValue(Object.assign(new Error('User is not confirmed.'), { name: 'UserNotConfirmedException' }));
    expect(isUnconfirmedSignUp(await auth.login({ username: 'a', password: 'b' }).catch((e: unknown) => e))).toBe(true);
    expect(isUnconfirmedSignUp(new Error(UI_TEXT.signInNeedsNewPassword))).toBe(false);
  });

  it('logout signs out and clears the cached token', async () => {
    signedInAs({});
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{"signedOut":true}'));
    await auth.checkAuth({});
    await auth.logout({});
    expect(amplify.signOut).toHaveBeenCalled();
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    await expect(auth.checkAuth({})).rejects.toThrow();
  });
});

describe('logout revokes the session on the server first', () => {
  it('POSTs /secure/account/signOut with the current token, then signs out of amplify', async () => {
    signedInAs({});
    const order: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      order.push('server');
      return new Response(JSON.stringify({ signedOut: true }), { status: 200 });
    });
    amplify.signOut.mockImplementation(async () => void order.push('amplify'));
    await auth.logout({});
    const [url, init] = fetchSpy.mock.calls[0];
    expect(new URL(String(url)).pathname).toBe('/secure/account/signOut');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(order).toEqual(['server', 'amplify']);
    fetchSpy.mockRestore();
  });

  it("a sign-in right after the sign-out waits for the server's signInAfter (token times are whole seconds)", async () => {
    signedInAs({});
    const signInAfter = Date.now() + 400;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ signedOut: true, signInAfter: new Date(signInAfter).toISOString() }), { status: 200 }));
    const provider = createAuthProvider({ authFlowType: 'USER_PASSWORD_AUTH' });
    await provider.logout({});
    let signedInAt = 0;
    amplify.signIn.mockImplementation(async () => {
      signedInAt = Date.now();
      return { nextStep: { signInStep: 'DONE' } };
    });
    await provider.login({ username: 'a', password: 'b' });
    expect(signedInAt).toBeGreaterThanOrEqual(signInAfter);
    fetchSpy.mockRestore();
  });

  it('a new session the server refuses at once (a session of the user ended in that second) is signed in once more, a second later', async () => {
    signedInAs({});
    const refusedAt: number[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      if (refusedAt.length === 0) {
        refusedAt.push(Date.now());
        return new Response(JSON.stringify({ message: 'session ended, sign in again' }), { status: 401 });
      }
      return new Response(JSON.stringify({ status: 'ACTIVE' }), { status: 200 });
    });
    const signedInAt: number[] = [];
    amplify.signIn.mockImplementation(async () => {
      signedInAt.push(Date.now());
      return { nextStep: { signInStep: 'DONE' } };
    });
    await auth.login({ username: 'a', password: 'b' });
    expect(signedInAt).toHaveLength(2);
    expect(amplify.signOut).toHaveBeenCalledTimes(1); // the refused session, locally: no server sign-out
    expect(signedInAt[1] - refusedAt[0]).toBeGreaterThanOrEqual(REFUSED_SIGN_IN_RETRY_MS);
    const paths = fetchSpy.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(paths).not.toContain('/secure/account/signOut');
    fetchSpy.mockRestore();
  });

  it('a session the server accepts, or a status it cannot answer, is signed in once', async () => {
    signedInAs({});
    amplify.signIn.mockResolvedValue({ nextStep: { signInStep: 'DONE' } });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ status: 'ACTIVE' }), { status: 200 }));
    await auth.login({ username: 'a', password: 'b' });
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    await auth.login({ username: 'a', password: 'b' });
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
    expect(amplify.signOut).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('still signs out locally when the server cannot be reached or there is no session', async () => {
    signedInAs({});
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await auth.logout({});
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    await auth.logout({});
    expect(amplify.signOut).toHaveBeenCalledTimes(2);
    fetchSpy.mockRestore();
  });
});

describe('checkAuth / checkError', () => {
  it('checkAuth resolves with a session and rejects without', async () => {
    signedInAs({});
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    clearSessionCache();
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    await expect(auth.checkAuth({})).rejects.toThrow();
  });

  it('logs out on 401 but not on 403', async () => {
    await expect(auth.checkError({ status: 401 })).rejects.toBeTruthy();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
  });
});

describe('getIdentity', () => {
  it('reads sub, given_name and family_name from the id token', async () => {
    signedInAs({ given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com' });
    expect(await auth.getIdentity!()).toEqual({
      id: 'sub-1',
      fullName: 'Jane Doe',
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
    });
  });

  it('falls back to UNKNOWN for missing or blank names', async () => {
    signedInAs({ given_name: '  ' });
    expect(await auth.getIdentity!()).toMatchObject({ firstName: 'UNKNOWN', lastName: 'UNKNOWN', fullName: 'UNKNOWN UNKNOWN' });
  });
});

describe('getPermissions', () => {
  it('derives the permission set from cognito:groups and keeps the raw groups', async () => {
    signedInAs({ 'cognito:groups': ['clinicians', 'SUPER_ADMIN', 'beta-testers'] });
    const permissions = await auth.getPermissions!({});
    expect(permissions).toMatchObject({
      roles: ['clinicians', 'super_admin'],
      groups: ['clinicians', 'SUPER_ADMIN', 'beta-testers'],
      superAdmin: true,
      clinician: true,
      clinicalAccess: true,
      readOnly: false,
    });
  });

  it('gives a user in no group no roles', async () => {
    signedInAs({});
    expect(await auth.getPermissions!({})).toMatchObject({ roles: [], groups: [], productOrderAccess: false });
  });
});

describe('canAccess', () => {
  it('follows the route guards', async () => {
    signedInAs({ 'cognito:groups': ['staff'] });
    expect(await auth.canAccess!({ resource: 'inbox', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'super-admin', action: 'list' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'licenses', action: 'create' })).toBe(true);
  });

  it('lets super admins into the super-admin area', async () => {
    signedInAs({ 'cognito:groups': ['super_admin'] });
    expect(await auth.canAccess!({ resource: 'super-admin', action: 'list' })).toBe(true);
  });

  it('refuses write actions to read-only auditors', async () => {
    signedInAs({ 'cognito:groups': ['auditor_read_only'] });
    expect(await auth.canAccess!({ resource: 'licenses', action: 'list' })).toBe(true);
    for (const action of ['create', 'edit', 'delete']) {
      expect(await auth.canAccess!({ resource: 'licenses', action })).toBe(false);
    }
  });

  it('refuses role-guarded resources to users without a role', async () => {
    signedInAs({ 'cognito:groups': ['unknown-group'] });
    expect(await auth.canAccess!({ resource: 'inbox', action: 'list' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'licenses', action: 'list' })).toBe(true);
  });
});
