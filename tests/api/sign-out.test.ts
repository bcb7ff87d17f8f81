import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forge } from './forge';
import { DEMO, env, signInAt, startApi, type TestApi } from './helpers';

/**
 * Sign-out everywhere (spec 1 §4) against whole-second token times: every token issued up to the sign-out, the same
 * second included, is refused; a sign-in from the next whole second on (the answer's signInAfter) is accepted.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const ENDED = 'session ended, sign in again';
const status = async (token: string) => api.call('GET', '/secure/account/status', { token });
const signIn = (email: string) => signInAt(env().cognito.endpoint, env().cognito.clientId, email);
const iatOf = (token: string) => decodeJwt(token).iat as number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for the start of a whole second, so that what follows at once happens within that second. */
async function startOfSecond() {
  await sleep(1000 - (Date.now() % 1000) + 5);
}
const second = () => Math.floor(Date.now() / 1000);

describe('sign-out and tokens of the same second', () => {
  it("two tokens issued in the sign-out's own second are both refused after it, and the refusal lasts", async () => {
    const sub = env().cognito.subs[DEMO.staff];
    let done = false;
    for (let attempt = 0; attempt < 5 && !done; attempt++) {
      await startOfSecond();
      const iat = second();
      const t1 = await forge({ sub, groups: ['staff'], iat, authTime: iat });
      const t2 = await forge({ sub, groups: ['staff'], iat, authTime: iat });
      expect((await status(t1)).status).toBe(200);
      const out = await api.call('POST', '/secure/account/signOut', { token: t1 });
      if (second() !== iat) continue; // the sign-out slipped into the next second: try again
      done = true;
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ signedOut: true, signInAfter: new Date((iat + 1) * 1000).toISOString() });
      for (const t of [t1, t2]) {
        const res = await status(t);
        expect(res.status).toBe(401);
        expect(res.body.reason).toBe(ENDED);
      }
      await sleep(1100);
      for (const t of [t1, t2]) expect((await status(t)).status).toBe(401);
    }
    expect(done).toBe(true);
  });

  it('real emulator sign-ins of one second: signing out with one ends both; a fresh sign-in once signInAfter has passed works', async () => {
    let pair: [string, string] | null = null;
    for (let attempt = 0; attempt < 5 && !pair; attempt++) {
      await startOfSecond();
      const [t1, t2] = [await signIn(DEMO.ops), await signIn(DEMO.ops)];
      if (iatOf(t1) === iatOf(t2)) pair = [t1, t2];
    }
    expect(pair).not.toBeNull();
    const [t1, t2] = pair!;
    const out = await api.call('POST', '/secure/account/signOut', { token: t1 });
    expect(out.status).toBe(200);
    for (const t of [t1, t2]) expect((await status(t)).status).toBe(401);
    // Cognito's iat and auth_time are whole seconds: a sign-in in the rest of the sign-out's second cannot be told
    // from one made before it, so the portal waits until signInAfter (at most one second) before signing in again.
    const wait = Date.parse(out.body.signInAfter) - Date.now();
    expect(wait).toBeLessThanOrEqual(1000);
    await sleep(Math.max(0, wait));
    const fresh = await signIn(DEMO.ops);
    expect(iatOf(fresh) * 1000).toBeGreaterThanOrEqual(Date.parse(out.body.signInAfter));
    expect((await status(fresh)).status).toBe(200);
  });

  it('a token refreshed after the sign-out from a sign-in before it (auth_time earlier, iat later) stays refused', async () => {
    const sub = env().cognito.subs[DEMO.auditor];
    const signedIn = second() - 30;
    const before = await forge({ sub, groups: ['auditor_read_only'], iat: signedIn, authTime: signedIn });
    expect((await status(before)).status).toBe(200);
    const out = await api.call('POST', '/secure/account/signOut', { token: before });
    expect(out.status).toBe(200);
    await sleep(Math.max(0, Date.parse(out.body.signInAfter) - Date.now()));
    const refreshed = await forge({ sub, groups: ['auditor_read_only'], iat: second(), authTime: signedIn });
    expect((await status(refreshed)).status).toBe(401);
    const newSignIn = await forge({ sub, groups: ['auditor_read_only'], iat: second(), authTime: second() });
    expect((await status(newSignIn)).status).toBe(200);
  });
});
