import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_TEXT_NOT_PENDING } from '../../src/domain/super-admin/sign-ups';
import { callCognito } from '../../src/server/launcher/cognito-client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { DEMO, env, startApi, type TestApi } from './helpers';

/** Add to group is for pending sign-ups only (confirmed, enabled, in no portal group), and so happens once. */
let api: TestApi;
const emulator = () => env().cognito;
const url = (id: string) => `/secure/admin/pendingSignUps/${id}/group`;
const groupsOf = async (who: string) =>
  (
    await callCognito<{ Groups?: { GroupName: string }[] }>(emulator().endpoint, 'AdminListGroupsForUser', {
      UserPoolId: emulator().userPoolId,
      Username: who,
    })
  ).Groups?.map((g) => g.GroupName).sort() ?? [];
const historyOf = async (id: string) =>
  (await api.pool.query(`SELECT action FROM record_history WHERE entity_type = 'account' AND entity_id = $1`, [id])).rows.map((r) => r.action);

async function signUp(confirm: boolean) {
  const email = `once.${randomUUID().slice(0, 8)}@example.test`;
  const out = await callCognito<{ UserSub: string }>(emulator().endpoint, 'SignUp', {
    ClientId: emulator().clientId,
    Username: email,
    Password: DEMO_PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Ola' },
      { Name: 'family_name', Value: 'Berg' },
    ],
  });
  if (confirm) await callCognito(emulator().endpoint, 'AdminConfirmSignUp', { UserPoolId: emulator().userPoolId, Username: email });
  return { email, sub: out.UserSub };
}

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

describe('POST /secure/admin/pendingSignUps/{id}/group: only a pending sign-up', () => {
  it('an account already in a portal group is refused (409, the reason), its groups unchanged and nothing written', async () => {
    const clinician = emulator().subs[DEMO.clinician];
    const before = await groupsOf(DEMO.clinician);
    const res = await api.call('POST', url(clinician), { as: DEMO.superAdmin, body: { group: 'super_admin' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ msg: 'Conflict', reason: SIGN_UP_TEXT_NOT_PENDING });
    expect(await groupsOf(DEMO.clinician)).toEqual(before);
    expect(await historyOf(clinician)).toEqual([]);
  });

  it('an account that has not confirmed its e-mail is not a pending sign-up (409)', async () => {
    const { email, sub } = await signUp(false);
    const res = await api.call('POST', url(sub), { as: DEMO.superAdmin, body: { group: 'clinicians' } });
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe(SIGN_UP_TEXT_NOT_PENDING);
    expect(await groupsOf(email)).toEqual([]);
  });

  it('a pending sign-up is added once: the second call (another group) is refused and adds nothing', async () => {
    const { email, sub } = await signUp(true);
    expect((await api.call('POST', url(sub), { as: DEMO.superAdmin, body: { group: 'clinicians' } })).status).toBe(200);
    const again = await api.call('POST', url(sub), { as: DEMO.superAdmin, body: { group: 'staff' } });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe(SIGN_UP_TEXT_NOT_PENDING);
    expect(await groupsOf(email)).toEqual(['clinicians']);
    expect(await historyOf(sub)).toEqual(['GROUP_ADDED']);
  });
});
