import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, NOTIFIED, startApi, tokenFor, type TestApi } from './helpers';
import { forge } from './forge';

let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await startApi();
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  port = (api.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await api.close();
});

/** One raw HTTP/1.1 request, so the request line reaches the server exactly as written (no client normalisation). */
function rawGet(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\naddressee-type: C\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

const TARGETS = [
  '/secure/kit/testCompendium',
  '/secure/clinician/profile',
  '/secure/npi?name=x',
  '/api/cms/bookingServices',
  '/secure/booking/v1/get/BK000001',
  '/default/order/status/CREATED',
];

/** Ways to spell a secure path that a prefix check on the raw URL would not have recognised. */
function disguises(path: string): string[] {
  const [first, ...rest] = path.slice(1).split('/');
  const tail = rest.join('/');
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return [
    path,
    `/${encodedFirst}/${tail}`, // percent-encoded letter
    `/${encodedFirst.replace('%', '%25')}/${tail}`, // double-encoded
    `/${first}%2f${tail}`, // encoded slash
    `/${first}%2F${tail}`,
    `//${first}/${tail}`,
    `/./${first}/${tail}`,
    `/x/../${first}/${tail}`,
    `/${first}/${tail};jsessionid=1`,
    `/${first.toUpperCase()}/${tail}`,
    `http://127.0.0.1/${first}/${tail}`, // absolute-form request target
    `http://127.0.0.1/${encodedFirst}/${tail}`,
  ];
}

describe('one boundary: no spelling of a secure path reaches a handler without a token', () => {
  for (const target of TARGETS) {
    it(`${target}: every disguise answers 401 or 404, never data, never 500`, async () => {
      for (const d of disguises(target)) {
        const res = await rawGet(d);
        expect([401, 404], `${d} -> ${res.status} ${res.body.slice(0, 120)}`).toContain(res.status);
      }
    });
  }

  it('an unauthenticated probe is audited only as a refusal: DENIED 401 rows, never a record read by anonymous', async () => {
    await rawGet('/%73ecure/booking/v1/get/BK000001');
    const { rows } = await api.pool.query(`SELECT outcome, status_code, entity_ids, patient_ids FROM audit_log
      WHERE actor_sub = 'anonymous' AND route = '/secure/booking/v1/get/:id'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.outcome === 'DENIED' && r.status_code === 401 && r.entity_ids.length === 0 && r.patient_ids.length === 0)).toBe(true);
    const { rows: other } = await api.pool.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_sub = 'anonymous' AND outcome <> 'DENIED'`);
    expect(other[0].n).toBe(0);
  });

  it('responses of the secure scope are never cached', async () => {
    const res = await api.call('GET', '/secure/license/validStates', { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a JSON body that tries prototype pollution', async () => {
    const res = await api.call('POST', '/secure/booking/v1/findBookings', {
      as: DEMO.clinician,
      body: '{"__proto__": {"isAdmin": true}, "searchBy": "TODAY"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('server-side session revocation', () => {
  it('sign-out ends every earlier token of that user on the server; a new sign-in works', async () => {
    const before = await forge({ sub: env().cognito.subs[DEMO.staff], groups: ['staff'], iat: Math.floor(Date.now() / 1000) - 30 });
    expect((await api.call('GET', '/secure/license/validStates', { token: before })).status).toBe(200);
    const out = await api.call('POST', '/secure/account/signOut', { token: before });
    expect(out.status).toBe(200);
    const after = await api.call('GET', '/secure/license/validStates', { token: before });
    expect(after.status).toBe(401);
    expect(after.body.reason).toBe('session ended, sign in again');
    const fresh = await forge({ sub: env().cognito.subs[DEMO.staff], groups: ['staff'], iat: Math.floor(Date.now() / 1000) + 1 });
    expect((await api.call('GET', '/secure/license/validStates', { token: fresh })).status).toBe(200);
  });

  it('an auditor (read-only) and an INACTIVE clinician may still sign out', async () => {
    expect((await api.call('POST', '/secure/account/signOut', { as: DEMO.auditor })).status).toBe(200);
    expect((await api.call('POST', '/secure/account/signOut', { as: DEMO.inactive })).status).toBe(200);
  });

  it('setting a clinician INACTIVE revokes the tokens issued before', async () => {
    const sub = env().cognito.subs[DEMO.noCalendar];
    const token = await forge({ sub, groups: ['clinicians'], iat: Math.floor(Date.now() / 1000) - 30 });
    expect((await api.call('GET', '/secure/calendar/link', { token })).status).toBe(200);
    await api.pool.query(`UPDATE clinicians SET status = 'INACTIVE' WHERE id = $1`, [sub]);
    await api.pool.query(`UPDATE clinicians SET status = 'ACTIVE' WHERE id = $1`, [sub]);
    // A write made straight in the database reaches this instance's identity cache by its notification, not before
    // the next request: the CI run that answered 200 here had the notification a moment later.
    await expect.poll(async () => (await api.call('GET', '/secure/calendar/link', { token })).status, NOTIFIED).toBe(401);
  });

  it('a real emulator token keeps working for users who did not sign out (control)', async () => {
    expect((await api.call('GET', '/secure/license/validStates', { as: DEMO.clinician })).status).toBe(200);
    expect((await tokenFor(DEMO.clinician)).split('.')).toHaveLength(3);
  });
});
