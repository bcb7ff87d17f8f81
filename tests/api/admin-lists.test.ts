import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCognito } from '../../src/server/launcher/cognito-client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { DEMO, env, startApi, type TestApi } from './helpers';
import { parseContentRange, restQuery } from './rest-list';

/**
 * The super admins' lists this project defined itself (every clinician's licences, the pending sign-ups) in the simple
 * REST conventions: `?filter=&range=&sort=` (JSON texts), the rows as an array and `Content-Range: items a-b/total`.
 */
let api: TestApi;
const emulator = () => env().cognito;
beforeAll(async () => {
  api = await startApi();
  // Two more pending sign-ups beside the demo's, so that a range of one row has rows before and after it.
  for (const name of ['Ada', 'Bea']) {
    const email = `list.${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.test`;
    await callCognito(emulator().endpoint, 'SignUp', {
      ClientId: emulator().clientId,
      Username: email,
      Password: DEMO_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: name },
        { Name: 'family_name', Value: 'Lister' },
      ],
    });
    await callCognito(emulator().endpoint, 'AdminConfirmSignUp', { UserPoolId: emulator().userPoolId, Username: email });
  }
});
afterAll(async () => {
  await api.close();
});

const OTHERS = [DEMO.clinician, DEMO.staff, DEMO.auditor, DEMO.ops, DEMO.pending];

/** The refusals every list of the dialect gives (`field` one it sorts on): each a 400 in the project's format with a sentence. */
const badQueries = (field: string): Array<[string, RegExp]> => [
  ['filter=notjson', /^Filter must be JSON/],
  [`filter=${encodeURIComponent('{"nope":1}')}`, /is not an accepted field/],
  ['range=[2,1]', /^Range must end at or after its first row/],
  ['range=[0,5000]', /^Range must be at most \d+ rows/],
  [`sort=${encodeURIComponent('["password","ASC"]')}`, /^Sort field must be one of: /],
  [`sort=${encodeURIComponent(`["${field}","SIDEWAYS"]`)}`, /^Sort order must be ASC or DESC/],
  ['page=1&perPage=500', /is not an accepted field/],
];

describe('pending sign-ups: the list in the simple REST conventions', () => {
  const PATH = '/secure/admin/pendingSignUps';
  const FIELD = 'email';
  const list = (q: Parameters<typeof restQuery>[0], as: string = DEMO.superAdmin) => api.call('GET', `${PATH}?${restQuery(q)}`, { as });
  type Row = { id: string; email: string; createdAt: string | null; hasProfile: boolean };

  it('only super admins (every other role 403, no token 401)', async () => {
    for (const who of OTHERS) expect((await list({ range: [0, 9] }, who)).status, who).toBe(403);
    expect((await api.call('GET', `${PATH}?${restQuery({ range: [0, 9] })}`)).status).toBe(401);
  });

  it('answers the range as an array with Content-Range; newest first, or sorted as asked; filtered by profile', async () => {
    const whole = await list({ range: [0, 499] });
    expect(whole.status).toBe(200);
    const rows = whole.body as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(whole.headers['content-range']).toBe(`items 0-${rows.length - 1}/${rows.length}`);
    const created = rows.map((r) => r.createdAt ?? '');
    expect(created).toEqual([...created].sort().reverse());

    const second = await list({ range: [1, 1] });
    expect(second.body).toEqual([rows[1]]);
    expect(second.headers['content-range']).toBe(`items 1-1/${rows.length}`);

    const byEmail = await list({ range: [0, 499], sort: ['email', 'ASC'] });
    const emails = (byEmail.body as Row[]).map((r) => r.email);
    expect(emails).toEqual([...emails].sort());

    const noProfile = await list({ filter: { hasProfile: false }, range: [0, 499] });
    expect((noProfile.body as Row[]).every((r) => !r.hasProfile)).toBe(true);
    expect(parseContentRange(noProfile.headers['content-range']).total).toBe(rows.filter((r) => !r.hasProfile).length);

    const past = await list({ range: [1000, 1009] });
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe(`items */${rows.length}`);
  });

  it('refuses a malformed filter, range or sort with 400 and a sentence', async () => {
    for (const [query, reason] of badQueries(FIELD)) {
      const res = await api.call('GET', `${PATH}?${query}`, { as: DEMO.superAdmin });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ msg: 'Invalid request', reason: expect.stringMatching(reason) });
    }
  });
});

describe("every clinician's licences: the list in the simple REST conventions", () => {
  const PATH = '/secure/clinician/licences/all';
  const FIELD = 'state';
  const list = (q: Parameters<typeof restQuery>[0], as: string = DEMO.superAdmin) => api.call('GET', `${PATH}?${restQuery(q)}`, { as });
  type Row = { id: string; state: string; clinicianName: string; expirationDate: string; verified: boolean };
  const count = async (where = 'TRUE') => (await api.pool.query(`SELECT count(*)::int AS n FROM licences WHERE ${where}`)).rows[0].n as number;

  it('only super admins (every other role 403, no token 401)', async () => {
    for (const who of OTHERS) expect((await list({ range: [0, 9] }, who)).status, who).toBe(403);
    expect((await api.call('GET', `${PATH}?${restQuery({ range: [0, 9] })}`)).status).toBe(401);
  });

  it('answers the range as an array with Content-Range, sorted as asked, and filters the unverified ones', async () => {
    const total = await count();
    expect(total).toBeGreaterThan(3);
    const whole = await list({ range: [0, total - 1] });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-range']).toBe(`items 0-${total - 1}/${total}`);
    const rows = whole.body as Row[];
    expect(rows).toHaveLength(total);

    const page = await list({ range: [2, 3] });
    expect((page.body as Row[]).map((r) => r.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
    expect(page.headers['content-range']).toBe(`items 2-3/${total}`);

    const byExpiry = await list({ range: [0, total - 1], sort: ['expirationDate', 'DESC'] });
    const expiries = (byExpiry.body as Row[]).map((r) => r.expirationDate);
    expect(expiries).toEqual([...expiries].sort().reverse());
    const byState = await list({ range: [0, total - 1], sort: ['state', 'ASC'] });
    const states = (byState.body as Row[]).map((r) => r.state);
    expect(states).toEqual([...states].sort());

    await api.pool.query(`UPDATE licences SET verified_at = NULL WHERE id = $1`, [rows[0].id]);
    const unverified = await list({ filter: { verified: false }, range: [0, 99] });
    expect((unverified.body as Row[]).map((r) => r.id)).toEqual([rows[0].id]);
    expect(unverified.headers['content-range']).toBe('items 0-0/1');
    const verified = await list({ filter: { verified: true }, range: [0, 0] });
    expect(parseContentRange(verified.headers['content-range']).total).toBe(total - 1);
  });

  it('refuses a malformed filter, range or sort with 400 and a sentence', async () => {
    for (const [query, reason] of badQueries(FIELD)) {
      const res = await api.call('GET', `${PATH}?${query}`, { as: DEMO.superAdmin });
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ msg: 'Invalid request', reason: expect.stringMatching(reason) });
    }
  });
});
