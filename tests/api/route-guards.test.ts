import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

type Who = keyof typeof DEMO;
const ALL: Who[] = Object.keys(DEMO) as Who[];
const LICENCE_READS = [
  '/secure/license',
  '/secure/license/all',
  '/secure/license/valid',
  '/secure/license/allStates',
  '/secure/license/validStates',
  '/secure/license/inValidStates',
  '/secure/license/validAndInvalidStates',
];

/** Expected status per identity for each endpoint (spec 1 §6: pending users in no group are refused; INACTIVE only sees its profile). */
const expectations: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; expect: Record<Who, number> }> = [
  {
    method: 'GET',
    url: '/secure/account/status',
    expect: { clinician: 200, noLicence: 200, noCalendar: 200, inactive: 200, superAdmin: 200, staff: 200, auditor: 200, ops: 200, pending: 200 },
  },
  {
    method: 'GET',
    url: '/secure/clinician/profile',
    expect: { clinician: 200, noLicence: 200, noCalendar: 200, inactive: 200, superAdmin: 200, staff: 404, auditor: 404, ops: 404, pending: 403 },
  },
  {
    method: 'GET',
    url: '/secure/calendar/link',
    expect: { clinician: 200, noLicence: 200, noCalendar: 200, inactive: 403, superAdmin: 200, staff: 404, auditor: 404, ops: 404, pending: 403 },
  },
  ...LICENCE_READS.map((url) => ({
    method: 'GET' as const,
    url,
    expect: { clinician: 200, noLicence: 200, noCalendar: 200, inactive: 403, superAdmin: 200, staff: 200, auditor: 200, ops: 200, pending: 403 },
  })),
];

describe('route guard matrix', () => {
  for (const e of expectations) {
    it.each(ALL)(`${e.method} ${e.url} as %s`, async (who) => {
      const res = await api.call(e.method, e.url, { as: DEMO[who], body: e.body });
      expect(res.status).toBe(e.expect[who]);
      if (res.status >= 400) expect(Object.keys(res.body).sort()).toEqual(['msg', 'reason']);
    });
  }

  it.each(ALL)('POST /secure/license as %s', async (who) => {
    const body = { state: 'WA', licenseId: `WA-${who}`, expirationDate: '2029-01-31', goodStanding: true, acknowledgement: true };
    const expected: Record<Who, number> = {
      clinician: 201,
      noLicence: 201,
      noCalendar: 201,
      inactive: 403,
      superAdmin: 201,
      staff: 404,
      auditor: 403,
      ops: 404,
      pending: 403,
    };
    const before = await api.pool.query('SELECT count(*)::int AS n FROM licences');
    const res = await api.call('POST', '/secure/license', { as: DEMO[who], body });
    expect(res.status).toBe(expected[who]);
    const after = await api.pool.query('SELECT count(*)::int AS n FROM licences');
    expect(after.rows[0].n - before.rows[0].n).toBe(res.status === 201 ? 1 : 0);
  });
});
