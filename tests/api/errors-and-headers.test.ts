import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveApiKey } from '../../src/domain/shared/headers';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const licence = { state: 'OR', licenseId: 'OR-77', expirationDate: '2029-05-01', goodStanding: true, acknowledgement: true };
const countLicences = async () => (await api.pool.query('SELECT count(*)::int AS n FROM licences')).rows[0].n as number;

describe('spec request headers', () => {
  it('refuses a missing or wrong addressee-type', async () => {
    expect((await api.call('GET', '/secure/license', { as: DEMO.clinician, headers: { 'addressee-type': undefined } })).body).toEqual({
      msg: 'Invalid request',
      reason: 'header addressee-type must be C',
    });
    expect((await api.call('GET', '/secure/license', { as: DEMO.clinician, headers: { 'addressee-type': 'P' } })).status).toBe(400);
  });
  it('refuses an api-key not derived from this path', async () => {
    const res = await api.call('GET', '/secure/license', { as: DEMO.clinician, headers: { 'api-key': deriveApiKey('/secure/license/all') } });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('header api-key does not match the request');
  });
  it('refuses an api-key derived from another body, and writes nothing', async () => {
    const before = await countLicences();
    const res = await api.call('POST', '/secure/license', {
      as: DEMO.clinician,
      body: licence,
      headers: { 'api-key': deriveApiKey('/secure/license', JSON.stringify({ ...licence, state: 'WA' })) },
    });
    expect(res.status).toBe(400);
    expect(await countLicences()).toBe(before);
  });
});

describe('error format', () => {
  it('unknown routes answer 404 { msg, reason }', async () => {
    const res = await api.call('GET', '/secure/nothing-here', { as: DEMO.clinician });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: 'Not found', reason: 'No route GET /secure/nothing-here' });
    expect((await api.call('GET', '/nope')).body).toEqual({ msg: 'Not found', reason: 'No route GET /nope' });
  });
  it.each([
    ['an unknown state', { ...licence, state: 'ZZ' }, 'state', 'Unknown state'],
    ['a missing licenseId', { ...licence, licenseId: undefined }, 'licenseId', 'License ID is required'],
    ['a bad date', { ...licence, expirationDate: '31/12/2029' }, 'expirationDate', 'expirationDate must be a date (yyyy-mm-dd)'],
    ['a string boolean', { ...licence, goodStanding: 'yes' }, 'goodStanding', 'Good standing must be true or false'],
    ['an unknown field', { ...licence, clinicianId: 'someone-else' }, 'clinicianId', 'Clinician ID is not an accepted field'],
  ])('400 for %s naming the field in words, nothing written', async (_, body, field, reason) => {
    const before = await countLicences();
    const res = await api.call('POST', '/secure/license', { as: DEMO.clinician, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'Invalid request', reason, field });
    expect(await countLicences()).toBe(before);
  });
  it("a too long query value says the limit in words, never the validator's text", async () => {
    const res = await api.call('GET', `/secure/patient?name=${'a'.repeat(121)}`, { as: DEMO.clinician });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'Invalid request', reason: 'Name must be at most 120 characters', field: 'name' });
  });
  it('400 for malformed JSON', async () => {
    const res = await api.call('POST', '/secure/license', { as: DEMO.clinician, body: '{"state": ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'Invalid request', reason: 'body is not valid JSON' });
  });
});

describe('public endpoints', () => {
  it('health reports the database', async () => {
    expect((await api.call('GET', '/health')).body).toEqual({ status: 'ok', db: 'ok' });
  });
  it('config.json gives the portal its identity settings, no secrets', async () => {
    const res = await api.call('GET', '/config.json');
    expect(res.body).toMatchObject({ region: 'us-east-1', authFlowType: 'USER_PASSWORD_AUTH' });
    expect(Object.keys(res.body).sort()).toEqual([
      'authFlowType',
      'bookingPublicUrl',
      'followUpCalendarUrls',
      'idleTimeoutSeconds',
      'idleWarningSeconds',
      'payment',
      'prescribing',
      'region',
      'userPoolClientId',
      'userPoolEndpoint',
      'userPoolId',
    ]);
    expect(res.body).toMatchObject({ idleTimeoutSeconds: 900, idleWarningSeconds: 60 }); // 15 minutes, warned one minute before
    // Follow-up scheduling's calendar link per city: by default the public booking page of each city.
    expect(res.body.followUpCalendarUrls).toEqual({
      NV: 'https://book.example.com/follow-up/las-vegas',
      CO: 'https://book.example.com/follow-up/denver',
    });
    expect(res.body.prescribing).toEqual({ provider: 'local' }); // e-prescribing: the local prescribe form
  });
  it('the OpenAPI document lists the foundation endpoints with their schemas', async () => {
    const doc = (await api.call('GET', '/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/secure/clinician/profile',
      '/secure/license',
      '/secure/license/validAndInvalidStates',
      '/secure/calendar/link',
      '/secure/account/status',
    ]) {
      expect(doc.paths[p]).toBeDefined();
    }
    expect(doc.paths['/secure/license'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['state', 'licenseId', 'expirationDate']),
    );
  });
});
