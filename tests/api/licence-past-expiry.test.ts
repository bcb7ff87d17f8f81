import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/bookings/bookings';
import { LICENCE_RULE_TEXT, todayUtc } from '../../src/domain/clinician/licenses';
import { DEMO, startApi, type TestApi } from './helpers';

/** A licence whose expiration date is already past is refused when added or changed (spec 3 §5), with the reason. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const count = async () => (await api.pool.query(`SELECT count(*)::int AS n FROM licences`)).rows[0].n as number;
const licence = (state: string, expirationDate: string) => ({
  state,
  licenseId: `${state}-RN-1`,
  expirationDate,
  goodStanding: true,
  acknowledgement: true,
});
const yesterday = () => addDays(todayUtc(), -1);

describe('a licence expired on arrival is refused', () => {
  it('POST /secure/license and PATCH addLicence: 400 "The expiration date is in the past", nothing stored', async () => {
    const before = await count();
    for (const [method, path] of [
      ['POST', '/secure/license'],
      ['PATCH', '/secure/clinician/addLicence'],
    ] as const) {
      const res = await api.call(method, path, { as: DEMO.noLicence, body: licence('OR', yesterday()) });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ msg: 'Invalid request', reason: LICENCE_RULE_TEXT.pastExpiry });
    }
    expect(await count()).toBe(before);
  });

  it('the last day counts: a licence expiring today is accepted', async () => {
    const res = await api.call('POST', '/secure/license', { as: DEMO.noLicence, body: licence('WA', todayUtc()) });
    expect(res.status).toBe(201);
  });

  it('PATCH updateLicence to a past date: 400 with the reason, the licence unchanged', async () => {
    const added = await api.call('PATCH', '/secure/clinician/addLicence', { as: DEMO.noLicence, body: licence('ID', '2031-01-01') });
    expect(added.status).toBe(200);
    const res = await api.call('PATCH', '/secure/clinician/updateLicence', {
      as: DEMO.noLicence,
      body: { id: added.body.id, ...licence('ID', yesterday()) },
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe(LICENCE_RULE_TEXT.pastExpiry);
    const stored = (await api.pool.query(`SELECT expiration_date::text AS d FROM licences WHERE id = $1`, [added.body.id])).rows[0];
    expect(stored.d).toBe('2031-01-01');
  });
});
