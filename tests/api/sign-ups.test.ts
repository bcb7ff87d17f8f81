import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { callCognito } from '../../src/server/launcher/cognito-client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { DEMO, env, signInAt, startApi, type TestApi } from './helpers';

/**
 * Pending sign-ups: a super admin adds a confirmed account in no group to a Cognito group through the
 * identity emulator's admin API. The emulator is shared by the whole run: only accounts this file signs up change.
 */
let api: TestApi;
let email: string;
let sub: string;
const emulator = () => env().cognito;
const signIn = (who: string) => signInAt(emulator().endpoint, emulator().clientId, who);
const groupsOf = async (who: string) =>
  (
    await callCognito<{ Groups?: { GroupName: string }[] }>(emulator().endpoint, 'AdminListGroupsForUser', {
      UserPoolId: emulator().userPoolId,
      Username: who,
    })
  ).Groups?.map((g) => g.GroupName) ?? [];
const url = (id: string) => `/secure/admin/pendingSignUps/${id}/group`;
const historyOf = async (id: string) =>
  (await api.pool.query(`SELECT action, comment, actor_sub AS "actorSub" FROM record_history WHERE entity_type = 'account' AND entity_id = $1`, [id]))
    .rows;

beforeAll(async () => {
  api = await startApi();
  // A new account as the sign-up page makes it: SignUp, then the code step (here confirmed by the admin API).
  email = `signup.${randomUUID().slice(0, 8)}@example.test`;
  const out = await callCognito<{ UserSub: string }>(emulator().endpoint, 'SignUp', {
    ClientId: emulator().clientId,
    Username: email,
    Password: DEMO_PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Nia' },
      { Name: 'family_name', Value: 'Okafor' },
    ],
  });
  sub = out.UserSub;
  await callCognito(emulator().endpoint, 'AdminConfirmSignUp', { UserPoolId: emulator().userPoolId, Username: email });
});
afterAll(async () => {
  await api.close();
});

describe('pending sign-ups: attacks first', () => {
  it('every other role, and a pending user, gets 403 on both routes; nothing is written and no group added', async () => {
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.auditor, DEMO.ops, DEMO.pending]) {
      expect((await api.call('GET', '/secure/admin/pendingSignUps', { as: who })).status, who).toBe(403);
      expect((await api.call('POST', url(sub), { as: who, body: { group: 'clinicians' } })).status, who).toBe(403);
    }
    const self = await signIn(email);
    expect((await api.call('POST', url(sub), { token: self, body: { group: 'super_admin' } })).status).toBe(403);
    expect((await api.call('GET', '/secure/admin/pendingSignUps')).status).toBe(401);
    expect(await groupsOf(email)).toEqual([]);
    expect(await historyOf(sub)).toEqual([]);
    for (const r of api.app.declaredRoutes.filter((d) => d.url.startsWith('/secure/admin/pendingSignUps') && d.method !== 'HEAD')) {
      expect(r.access.roles).toEqual(['super_admin']);
    }
  });

  it('an invalid group is a 400, an unknown account a 404, a malformed id a 400', async () => {
    for (const body of [{ group: 'admins' }, {}, { group: 'clinicians', extra: 1 }, { group: 'SUPER_ADMIN' }]) {
      expect((await api.call('POST', url(sub), { as: DEMO.superAdmin, body })).status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await api.call('POST', url(randomUUID()), { as: DEMO.superAdmin, body: { group: 'clinicians' } });
    expect(unknown.status).toBe(404);
    expect((await api.call('POST', url('not-a-sub'), { as: DEMO.superAdmin, body: { group: 'clinicians' } })).status).toBe(400);
    expect(await groupsOf(email)).toEqual([]);
    expect(await historyOf(sub)).toEqual([]);
  });
});

describe('pending sign-ups: the super admin adds a user to a group', () => {
  it('lists confirmed accounts in no group (with the profile once created), never members', async () => {
    const token = await signIn(email);
    expect(
      (await api.call('POST', '/secure/clinician/profile/create', { token, body: { firstName: 'Nia', lastName: 'Okafor', mobile: '4045550123' } }))
        .status,
    ).toBe(201);
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/admin/pendingSignUps', { as: DEMO.superAdmin }));
    expect(res.status).toBe(200);
    const mine = res.body.find((p: { id: string }) => p.id === sub);
    expect(mine).toMatchObject({ id: sub, email, firstName: 'Nia', lastName: 'Okafor', hasProfile: true });
    expect(res.body.map((p: { email: string }) => p.email)).toContain(DEMO.pending);
    for (const member of [DEMO.clinician, DEMO.superAdmin, DEMO.staff]) {
      expect(res.body.map((p: { email: string }) => p.email)).not.toContain(member);
    }
    expect(rows.map((r) => [r.action, r.entity_type])).toEqual([['READ', 'account']]);
  });

  it('adds the group (history, audit), ends the pending sessions; the next sign-in carries the group and reaches the profile', async () => {
    const pendingToken = await signIn(email);
    expect((await api.call('GET', '/secure/clinician/profile', { token: pendingToken })).status).toBe(403);
    // revocation is by whole seconds: let the pending token be from an earlier second
    await new Promise((r) => setTimeout(r, 1100));
    const { res, rows } = await api.audited(() => api.call('POST', url(sub), { as: DEMO.superAdmin, body: { group: 'clinicians' } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: sub, group: 'clinicians' });
    expect(await groupsOf(email)).toEqual(['clinicians']);
    expect(await historyOf(sub)).toEqual([{ action: 'GROUP_ADDED', comment: 'group clinicians', actorSub: emulator().subs[DEMO.superAdmin] }]);
    expect(rows.map((r) => [r.action, r.entity_type, r.entity_ids])).toEqual([['UPDATE', 'account', [sub]]]);
    expect((await api.call('GET', '/secure/account/status', { token: pendingToken })).status).toBe(401);

    // The revocation includes its own second (token times are whole seconds): a sign-in is accepted from the next one.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
    const fresh = await signIn(email);
    expect(decodeJwt(fresh)['cognito:groups']).toEqual(['clinicians']);
    const profile = await api.call('GET', '/secure/clinician/profile', { token: fresh });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: sub, email });
    const list = await api.call('GET', '/secure/admin/pendingSignUps', { as: DEMO.superAdmin });
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(sub);
  });
});
