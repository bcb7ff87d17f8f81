// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { CognitoApiError, callCognito, passwordSignIn, startCognitoLocal, type CodeDelivery, type CognitoLocal, type DemoUser } from './cognito';

const GROUPS = ['clinicians', 'super_admin', 'staff', 'auditor_read_only', 'operation_support'];
const CLINICIAN: DemoUser = {
  email: 'dr.ada@example.test',
  password: 'Clinician-Pass-1!',
  givenName: 'Ada',
  familyName: 'Lovelace',
  groups: ['clinicians'],
};
const NOBODY: DemoUser = {
  email: 'no.groups@example.test',
  password: 'Nobody-Pass-1!',
  givenName: 'Nora',
  familyName: 'Groupless',
  groups: [],
};
const USERS = [CLINICIAN, NOBODY];

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function rawCognito(c: CognitoLocal, action: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${c.endpoint}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function verifyIdToken(c: CognitoLocal, token: string) {
  const jwks = createRemoteJWKSet(new URL(c.jwksUrl));
  const { payload } = await jwtVerify(token, jwks, {
    issuer: c.issuer,
    audience: c.clientId,
    algorithms: ['RS256'],
  });
  return payload;
}

describe('startCognitoLocal', () => {
  const dirs: string[] = [];
  const instances: CognitoLocal[] = [];
  let cognito: CognitoLocal;
  let dataDir: string;
  const codes: CodeDelivery[] = [];

  const tempDir = (): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cognito-local-test-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    dataDir = tempDir();
    cognito = await startCognitoLocal({ port: await freePort(), dataDir, users: USERS, groups: GROUPS, onCode: (d) => void codes.push(d) });
    instances.push(cognito);
  });

  afterAll(async () => {
    await Promise.all(instances.map((c) => c.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('describes itself on 127.0.0.1 with the public port in the issuer', () => {
    const port = new URL(cognito.endpoint).port;
    expect(cognito.endpoint).toBe(`http://127.0.0.1:${port}`);
    expect(cognito.region).toBe('us-east-1');
    expect(cognito.userPoolId).toMatch(/^us-east-1_\w+$/);
    expect(cognito.issuer).toBe(`${cognito.endpoint}/${cognito.userPoolId}`);
    expect(cognito.jwksUrl).toBe(`${cognito.issuer}/.well-known/jwks.json`);
    expect(Object.keys(cognito.subs).sort()).toEqual(USERS.map((u) => u.email).sort());
  });

  it('signs in and issues an id token with profile claims and groups, verifiable through the JWKS', async () => {
    const tokens = await passwordSignIn(cognito, CLINICIAN.email, CLINICIAN.password);
    const id = await verifyIdToken(cognito, tokens.idToken);
    expect(id.token_use).toBe('id');
    expect(id.sub).toBe(cognito.subs[CLINICIAN.email]);
    expect(id.email).toBe(CLINICIAN.email);
    expect(id.email_verified).toBe(true);
    expect(id.given_name).toBe('Ada');
    expect(id.family_name).toBe('Lovelace');
    expect(id['cognito:groups']).toEqual(['clinicians']);
    expect(id['cognito:username']).toBe(CLINICIAN.email);

    const jwks = createRemoteJWKSet(new URL(cognito.jwksUrl));
    const { payload: access } = await jwtVerify(tokens.accessToken, jwks, { issuer: cognito.issuer, algorithms: ['RS256'] });
    expect(access.token_use).toBe('access');
    expect(access.client_id).toBe(cognito.clientId);
    expect(access.sub).toBe(cognito.subs[CLINICIAN.email]);
    expect(access['cognito:groups']).toEqual(['clinicians']);
  });

  it('a user without groups has no cognito:groups claim but has the profile claims', async () => {
    const tokens = await passwordSignIn(cognito, NOBODY.email, NOBODY.password);
    const id = await verifyIdToken(cognito, tokens.idToken);
    expect(id.sub).toBe(cognito.subs[NOBODY.email]);
    expect(id.given_name).toBe('Nora');
    expect(id.family_name).toBe('Groupless');
    expect(id['cognito:groups']).toBeUndefined();
  });

  it('hands the sign-up code to onCode (not the console); ConfirmSignUp with it confirms the user', async () => {
    const email = 'new.signup@example.test';
    const out = await callCognito<{ UserConfirmed?: boolean }>(cognito.endpoint, 'SignUp', {
      ClientId: cognito.clientId,
      Username: email,
      Password: 'Signup-Pass-1!',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(out.UserConfirmed).toBe(false);
    const sent = codes.filter((c) => c.destination === email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ username: email, medium: 'EMAIL', code: expect.stringMatching(/^\d{6}$/) });
    const wrong = sent[0].code === '000000' ? '111111' : '000000';
    await expect(
      callCognito(cognito.endpoint, 'ConfirmSignUp', { ClientId: cognito.clientId, Username: email, ConfirmationCode: wrong }),
    ).rejects.toBeInstanceOf(CognitoApiError);
    await callCognito(cognito.endpoint, 'ConfirmSignUp', { ClientId: cognito.clientId, Username: email, ConfirmationCode: sent[0].code });
    expect((await passwordSignIn(cognito, email, 'Signup-Pass-1!')).idToken).toBeTruthy();
  });

  it('ResendConfirmationCode sends an unconfirmed user a new code through onCode; only the newest one confirms', async () => {
    const email = 'resend.signup@example.test';
    await callCognito(cognito.endpoint, 'SignUp', {
      ClientId: cognito.clientId,
      Username: email,
      Password: 'Signup-Pass-1!',
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    const out = await callCognito<{ CodeDeliveryDetails?: { DeliveryMedium?: string } }>(cognito.endpoint, 'ResendConfirmationCode', {
      ClientId: cognito.clientId,
      Username: email,
    });
    expect(out.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const sent = codes.filter((c) => c.destination === email);
    expect(sent).toHaveLength(2);
    if (sent[0].code !== sent[1].code) {
      await expect(
        callCognito(cognito.endpoint, 'ConfirmSignUp', { ClientId: cognito.clientId, Username: email, ConfirmationCode: sent[0].code }),
      ).rejects.toBeInstanceOf(CognitoApiError);
    }
    await callCognito(cognito.endpoint, 'ConfirmSignUp', { ClientId: cognito.clientId, Username: email, ConfirmationCode: sent[1].code });
    // a confirmed user and an unknown one get no code
    await expect(callCognito(cognito.endpoint, 'ResendConfirmationCode', { ClientId: cognito.clientId, Username: email })).rejects.toMatchObject({
      code: 'InvalidParameterException',
    });
    await expect(
      callCognito(cognito.endpoint, 'ResendConfirmationCode', { ClientId: cognito.clientId, Username: 'nobody@example.test' }),
    ).rejects.toMatchObject({ code: 'UserNotFoundException' });
    expect(codes.filter((c) => c.destination === email)).toHaveLength(2);
  });

  it('refuses a wrong password and an unknown user like real Cognito', async () => {
    await expect(passwordSignIn(cognito, CLINICIAN.email, 'wrong-password')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      status: 400,
      message: expect.stringContaining('Incorrect username or password.'),
    });
    await expect(passwordSignIn(cognito, 'nobody@example.test', 'whatever')).rejects.toBeInstanceOf(CognitoApiError);
  });

  it('refreshes with GetTokensFromRefreshToken', async () => {
    const tokens = await passwordSignIn(cognito, CLINICIAN.email, CLINICIAN.password);
    const { status, json } = await rawCognito(cognito, 'GetTokensFromRefreshToken', {
      ClientId: cognito.clientId,
      RefreshToken: tokens.refreshToken,
    });
    expect(status).toBe(200);
    const result = json.AuthenticationResult as Record<string, unknown>;
    expect(result.TokenType).toBe('Bearer');
    expect(result.ExpiresIn).toBe(3600);
    expect(typeof result.AccessToken).toBe('string');
    const id = await verifyIdToken(cognito, result.IdToken as string);
    expect(id.sub).toBe(cognito.subs[CLINICIAN.email]);
    expect(id.given_name).toBe('Ada');
    expect(id['cognito:groups']).toEqual(['clinicians']);
    expect(decodeJwt(result.AccessToken as string).token_use).toBe('access');

    const bad = await rawCognito(cognito, 'GetTokensFromRefreshToken', { ClientId: cognito.clientId, RefreshToken: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.json.__type).toBe('NotAuthorizedException');
  });

  it('GlobalSignOut answers {} and makes the refresh tokens unusable', async () => {
    const tokens = await passwordSignIn(cognito, NOBODY.email, NOBODY.password);
    const out = await rawCognito(cognito, 'GlobalSignOut', { AccessToken: tokens.accessToken });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({});

    const refresh = await rawCognito(cognito, 'GetTokensFromRefreshToken', {
      ClientId: cognito.clientId,
      RefreshToken: tokens.refreshToken,
    });
    expect(refresh.status).toBe(400);
    expect(refresh.json.__type).toBe('NotAuthorizedException');

    const invalid = await rawCognito(cognito, 'GlobalSignOut', { AccessToken: 'not-a-token' });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ __type: 'NotAuthorizedException' });

    // a fresh sign-in still works after a global sign-out
    await passwordSignIn(cognito, NOBODY.email, NOBODY.password);
  });

  it('answers CORS preflights and requests from another origin', async () => {
    const pre = await fetch(`${cognito.endpoint}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'cache-control']) expect(allowed).toContain(h);
    expect((pre.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toContain('POST');

    const res = await fetch(`${cognito.endpoint}/`, {
      method: 'POST',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: CLINICIAN.email, PASSWORD: 'bad' },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves an OpenID discovery document naming the real issuer and JWKS', async () => {
    const doc = (await (await fetch(`${cognito.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(cognito.issuer);
    expect(doc.jwks_uri).toBe(cognito.jwksUrl);
  });

  it('works with aws-amplify v6: signIn (USER_PASSWORD_AUTH), forced refresh, global signOut', async () => {
    const { Amplify } = await import('aws-amplify');
    const { signIn, fetchAuthSession, signOut } = await import('aws-amplify/auth');
    // record which Cognito targets amplify calls, and how they were answered
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      const target = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('x-amz-target');
      if (target) calls.push(`${target.split('.')[1]} ${res.status}`);
      return res;
    };
    try {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.clientId,
            userPoolEndpoint: cognito.endpoint,
          },
        },
      });
      const result = await signIn({
        username: CLINICIAN.email,
        password: CLINICIAN.password,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      expect(result.isSignedIn).toBe(true);
      const first = await fetchAuthSession();
      const firstId = first.tokens?.idToken?.toString();
      expect(firstId).toBeTruthy();
      expect(first.tokens?.idToken?.payload.given_name).toBe('Ada');

      await new Promise((r) => setTimeout(r, 1100)); // a new iat, so the refreshed token differs
      const refreshed = await fetchAuthSession({ forceRefresh: true });
      const refreshedId = refreshed.tokens?.idToken?.toString();
      expect(refreshedId).toBeTruthy();
      expect(refreshedId).not.toBe(firstId);
      const id = await verifyIdToken(cognito, refreshedId as string);
      expect(id.sub).toBe(cognito.subs[CLINICIAN.email]);
      expect(id['cognito:groups']).toEqual(['clinicians']);

      await signOut({ global: true });
      const after = await fetchAuthSession();
      expect(after.tokens).toBeUndefined();
      expect(calls).toEqual(['InitiateAuth 200', 'GetTokensFromRefreshToken 200', 'GlobalSignOut 200']);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('a second start on the same dataDir reuses pool, client and users', async () => {
    const before = { subs: { ...cognito.subs }, userPoolId: cognito.userPoolId, clientId: cognito.clientId };
    await cognito.stop();
    const again = await startCognitoLocal({ port: await freePort(), dataDir, users: USERS, groups: GROUPS });
    instances.push(again);
    expect(again.subs).toEqual(before.subs);
    expect(again.userPoolId).toBe(before.userPoolId);
    expect(again.clientId).toBe(before.clientId);
    const tokens = await passwordSignIn(again, CLINICIAN.email, CLINICIAN.password);
    const id = await verifyIdToken(again, tokens.idToken);
    expect(id.sub).toBe(before.subs[CLINICIAN.email]);
    expect(id['cognito:groups']).toEqual(['clinicians']);
    const groups = await callCognito<{ Groups: Array<{ GroupName: string }> }>(again.endpoint, 'ListGroups', {
      UserPoolId: again.userPoolId,
    });
    expect(groups.Groups.map((g) => g.GroupName).sort()).toEqual([...GROUPS].sort());
    cognito = again;
  });

  it('two instances with different ports and dataDirs run side by side', async () => {
    const [a, b] = await Promise.all([
      startCognitoLocal({ port: await freePort(), dataDir: tempDir(), users: [CLINICIAN], groups: GROUPS }),
      startCognitoLocal({ port: await freePort(), dataDir: tempDir(), users: [NOBODY], groups: GROUPS }),
    ]);
    instances.push(a, b);
    expect(a.endpoint).not.toBe(b.endpoint);
    expect(a.userPoolId).not.toBe(b.userPoolId);
    const ta = await passwordSignIn(a, CLINICIAN.email, CLINICIAN.password);
    const tb = await passwordSignIn(b, NOBODY.email, NOBODY.password);
    expect((await verifyIdToken(a, ta.idToken)).sub).toBe(a.subs[CLINICIAN.email]);
    expect((await verifyIdToken(b, tb.idToken)).sub).toBe(b.subs[NOBODY.email]);
    // tokens name their own instance: a's token does not pass as b's
    await expect(verifyIdToken(b, ta.idToken)).rejects.toThrow();
    await expect(passwordSignIn(b, CLINICIAN.email, CLINICIAN.password)).rejects.toBeInstanceOf(CognitoApiError);
    await Promise.all([a.stop(), b.stop()]);
    // ports are released
    const reuse = net.createServer();
    await new Promise<void>((resolve, reject) => {
      reuse.once('error', reject);
      reuse.listen(Number(new URL(a.endpoint).port), '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => reuse.close(() => resolve()));
  });
});
