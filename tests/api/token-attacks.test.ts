import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forge } from './forge';
import { DEMO, startApi, tokenFor, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const status = async (token: string | undefined, header?: string) =>
  (await api.call('GET', '/secure/license/validStates', { token, headers: header ? { authorization: header } : undefined })).status;

describe('id token verification on /secure', () => {
  it('accepts a real emulator id token (control)', async () => {
    expect(await status(await tokenFor(DEMO.clinician))).toBe(200);
  });
  it('accepts a token signed by the emulator key with every claim right (control for the forgeries below)', async () => {
    expect(await status(await forge())).toBe(200);
  });
  it('401 without a token, or with a malformed one', async () => {
    const r = await api.call('GET', '/secure/license/validStates');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ msg: 'Unauthorized', reason: 'missing bearer token' });
    expect(await status(undefined, 'Bearer not-a-jwt')).toBe(401);
    expect(await status(undefined, 'Basic dXNlcjpwYXNz')).toBe(401);
    expect(await status('aaa.bbb.ccc')).toBe(401);
  });
  it('401 for an expired token', async () => {
    expect(await status(await forge({ exp: Math.floor(Date.now() / 1000) - 60 }))).toBe(401);
  });
  it('401 for a token issued in the future, or older than the longest id token Cognito issues (one day), whatever its exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const year = 365 * 24 * 3600;
    expect(await status(await forge({ iat: now + year, exp: now + year + 600 }))).toBe(401);
    expect(await status(await forge({ iat: now - 25 * 3600, exp: now + 10 * year }))).toBe(401);
    expect(await status(await forge({ iat: now - 23 * 3600, exp: now + 600 }))).toBe(200); // within a day: control
  });
  it('a token accepted once (and kept as verified) is refused once it expires', async () => {
    const token = await forge({ exp: Math.floor(Date.now() / 1000) - 5 + 2 }); // the 5 s clock tolerance runs out in 2 s
    expect(await status(token)).toBe(200);
    expect(await status(token)).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    const r = await api.call('GET', '/secure/license/validStates', { token });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ msg: 'Unauthorized', reason: 'token expired' });
  });
  it('401 for the wrong audience or issuer', async () => {
    expect(await status(await forge({ aud: 'some-other-client' }))).toBe(401);
    expect(await status(await forge({ iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_evil' }))).toBe(401);
  });
  it('401 for an access token used as id token, and for a token without token_use', async () => {
    expect(await status(await forge({ tokenUse: 'access' }))).toBe(401);
    expect(await status(await forge({ tokenUse: null }))).toBe(401);
  });
  it('401 for alg none', async () => {
    const real = await tokenFor(DEMO.clinician);
    const [, payload] = real.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await status(`${header}.${payload}.`)).toBe(401);
  });
  it('401 for a token signed with a foreign key, even with the emulator kid', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    await exportJWK(publicKey);
    expect(await status(await forge({ key: privateKey }))).toBe(401);
    expect(await status(await forge({ key: privateKey, kid: 'attacker' }))).toBe(401);
  });
  it('401 for a real token with a tampered payload', async () => {
    const [h, p, s] = (await tokenFor(DEMO.staff)).split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    claims['cognito:groups'] = ['super_admin'];
    expect(await status(`${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`)).toBe(401);
  });
});
