import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, bookingFixtures } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';
import { restQuery } from './rest-list';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});
const fx = bookingFixtures(() => api);

/** A NUL (or any other control character) in a query string, path or JSON string is refused before any handler runs. */
describe('control characters in requests', () => {
  it.each([
    ['GET', '/secure/testResult?q=a%00b', DEMO.clinician, 'q'],
    ['GET', '/secure/patient?name=a%00b', DEMO.clinician, 'name'],
    ['GET', '/secure/message/recipients?type=patient_name&term=a%00b', DEMO.clinician, 'term'],
    ['GET', '/secure/chartNote/kit/KT0001052?q=a%00b', DEMO.clinician, 'q'],
    ['GET', '/secure/chartNote/kit/KT00%0001052', DEMO.clinician, 'id'],
    ['GET', `/secure/auditLog?${restQuery({ filter: { actorSub: 'a\u0000b' } })}`, DEMO.auditor, 'filter.actorSub'],
    ['GET', '/secure/labRequest/export?q=a%00b', DEMO.superAdmin, 'q'],
    ['GET', '/secure/testResult?q=a%01b', DEMO.clinician, 'q'],
    ['GET', '/secure/testResult?q=a%0Ab', DEMO.clinician, 'q'], // a query is one line: newlines too
  ] as const)('%s %s answers 400 naming the field', async (method, url, as, field) => {
    const res = await api.call(method, url, { as });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ msg: 'Invalid request', field });
    expect(res.body.reason).toMatch(/contains characters that are not allowed$/);
  });

  it('JSON bodies: patient search and booking search', async () => {
    for (const [url, body, field] of [
      ['/secure/patient/search', { type: 'patient_name', term: 'a\u0000b' }, 'term'],
      [`${B}/findBookings`, { searchType: 'EMAIL_ID', emailId: 'a\u0000b@example.com' }, 'emailId'],
    ] as const) {
      const res = await api.call('POST', url, { as: DEMO.clinician, body });
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({
        msg: 'Invalid request',
        reason: expect.stringMatching(/contains characters that are not allowed$/),
        field,
      });
    }
  });

  it('a write with a NUL changes nothing; a multi-line note keeps its newlines and tabs', async () => {
    const id = await fx.booking({ state: 'NV' });
    await fx.refusedUnchanged(id, () => api.call('PATCH', `${B}/addNotes/${id}`, { as: DEMO.staff, body: { notes: 'late\u0000' } }), 400);
    await fx.refusedUnchanged(id, () => api.call('PATCH', `${B}/addNotes/${id}`, { as: DEMO.staff, body: { notes: 'late\u0007 bell' } }), 400);
    const ok = await api.call('PATCH', `${B}/addNotes/${id}`, { as: DEMO.staff, body: { notes: 'Line one\r\nLine\ttwo' } });
    expect(ok.status).toBe(200);
  });

  it('the CSV export answers a whole 400, not a dropped stream', async () => {
    const res = await api.call('GET', '/secure/labRequest/export?q=a%00b', { as: DEMO.superAdmin });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('q');
  });

  it('the role check still comes first (403), and anonymous callers still get 401', async () => {
    const nul = `/secure/auditLog?${restQuery({ filter: { actorSub: 'a\u0000b' } })}`;
    expect((await api.call('GET', nul, { as: DEMO.clinician })).status).toBe(403);
    expect((await api.call('GET', nul)).status).toBe(401);
  });
});
