import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/bookings/bookings';
import { todayUtc } from '../../src/domain/clinician/licenses';
import { LICENCE_TEXT } from '../../src/domain/i18n/en/profile';
import { DEMO, startApi, type TestApi } from './helpers';

/**
 * A licence the clinician adds or changes widens the patient scope only once a super admin verified it; an expired
 * licence cannot be verified. (Attack: any clinician added a made-up licence for a state and read its patients.)
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const future = () => addDays(todayUtc(), 3 * 365);

async function flTargets() {
  const p = await one(`SELECT id::text FROM patients WHERE state = 'FL' ORDER BY id LIMIT 1`);
  const r = await one(`SELECT kit_id FROM test_results WHERE patient_state = 'FL' ORDER BY kit_id LIMIT 1`);
  return { patientId: p.id as string, kitId: r.kit_id as string };
}
const reads = async (who: string, t: { patientId: string; kitId: string }) => [
  (await api.call('GET', `/secure/patient/detailsBySubId/${t.patientId}`, { as: who })).status,
  (await api.call('GET', `/secure/testResult/${t.kitId}`, { as: who })).status,
];
const verify = (id: string) => api.call('PATCH', '/secure/clinician/verifyLicence', { as: DEMO.superAdmin, body: { id } });

describe('seeded licences are verified', () => {
  it('every demo licence was verified by the seed', async () => {
    expect((await one(`SELECT count(*)::int AS n FROM licences WHERE verified_at IS NULL`)).n).toBe(0);
  });
});

describe('a self-declared licence does not widen the scope until a super admin verifies it', () => {
  it('PATCH addLicence (FL) as the clinician without a calendar link: FL stays 404 until verified, then reads', async () => {
    const t = await flTargets();
    expect(await reads(DEMO.noCalendar, t)).toEqual([404, 404]);
    const add = await api.call('PATCH', '/secure/clinician/addLicence', {
      as: DEMO.noCalendar,
      body: { state: 'FL', licenseId: 'FAKE-1', expirationDate: future(), goodStanding: true, acknowledgement: true },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ state: 'FL', verified: false, valid: true });
    expect(await reads(DEMO.noCalendar, t)).toEqual([404, 404]);
    // the licence screens say it is pending verification; FL is neither a valid nor an invalid state
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noCalendar })).body).toMatchObject({
      validLicenseStates: ['CO'],
      pendingLicenseStates: ['FL'],
      inValidLicenseStates: [],
      hasExpiredOrInValidLicense: false,
    });
    expect((await api.call('GET', '/secure/license/validStates', { as: DEMO.noCalendar })).body).toEqual(['CO']);
    const v = await verify(add.body.id);
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ id: add.body.id, verified: true });
    expect(await reads(DEMO.noCalendar, t)).toEqual([200, 200]);
    expect((await api.call('GET', '/secure/clinician/profile', { as: DEMO.noCalendar })).body).toMatchObject({
      validLicenseStates: ['CO', 'FL'],
      pendingLicenseStates: [],
    });
  });

  it('POST /secure/license (FL) as Jane: FL lab results stay masked until verified', async () => {
    const t = await flTargets();
    const row = async () => (await api.call('GET', `/secure/testResult?q=${t.kitId}`, { as: DEMO.clinician })).body.items[0];
    expect(await row()).toMatchObject({ kitId: t.kitId, masked: true });
    const add = await api.call('POST', '/secure/license', {
      as: DEMO.clinician,
      body: { state: 'FL', licenseId: 'FL-JANE-1', expirationDate: future(), goodStanding: true, acknowledgement: true },
    });
    expect(add.status).toBe(201);
    expect(add.body.verified).toBe(false);
    expect(await row()).toMatchObject({ masked: true });
    expect(await reads(DEMO.clinician, t)).toEqual([404, 404]);
    expect((await verify(add.body.id)).status).toBe(200);
    expect((await row()).masked).toBeFalsy();
  });

  it('a licence the clinician edits (state, number or expiry) is unverified again and leaves the scope', async () => {
    const t = await flTargets();
    const add = await api.call('PATCH', '/secure/clinician/addLicence', {
      as: DEMO.noLicence,
      body: { state: 'FL', licenseId: 'FL-SR-1', expirationDate: future(), goodStanding: true, acknowledgement: true },
    });
    expect((await verify(add.body.id)).status).toBe(200);
    expect(await reads(DEMO.noLicence, t)).toEqual([200, 200]);
    for (const change of [{ licenseId: 'FL-SR-2' }, { expirationDate: addDays(future(), 1) }, { state: 'GA' }]) {
      const cur = (await api.call('GET', '/secure/license', { as: DEMO.noLicence })).body.find((l: { id: string }) => l.id === add.body.id);
      const upd = await api.call('PATCH', '/secure/clinician/updateLicence', {
        as: DEMO.noLicence,
        body: {
          id: add.body.id,
          state: cur.state,
          licenseId: cur.licenseId,
          expirationDate: cur.expirationDate,
          goodStanding: true,
          acknowledgement: true,
          ...change,
        },
      });
      expect(upd.status).toBe(200);
      expect(upd.body.verified).toBe(false);
      expect(await reads(DEMO.noLicence, t)).toEqual([404, 404]);
      expect((await verify(add.body.id)).status).toBe(200);
    }
    expect((await one(`SELECT verified_at IS NOT NULL AS v FROM licences WHERE id = $1`, [add.body.id])).v).toBe(true);
  });
});

describe('an expired licence cannot be verified', () => {
  it('the super admin is refused with the reason, and the licence stays unverified', async () => {
    // A licence added while valid that has expired since (one already expired is refused on arrival).
    const add = await api.call('PATCH', '/secure/clinician/addLicence', {
      as: DEMO.noLicence,
      body: { state: 'OR', licenseId: 'OR-OLD-1', expirationDate: addDays(todayUtc(), 30), goodStanding: true, acknowledgement: true },
    });
    expect(add.status).toBe(200);
    await one(`UPDATE licences SET expiration_date = $2 WHERE id = $1`, [add.body.id, addDays(todayUtc(), -1)]);
    expect(
      (await api.call('GET', '/secure/license/all', { as: DEMO.noLicence })).body.find((l: { id: string }) => l.id === add.body.id),
    ).toMatchObject({ verified: false, valid: false });
    const res = await verify(add.body.id);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe(LICENCE_TEXT.expiredNotVerifiable);
    expect(await one(`SELECT verified_at, verified_by FROM licences WHERE id = $1`, [add.body.id])).toEqual({ verified_at: null, verified_by: null });
  });
});
