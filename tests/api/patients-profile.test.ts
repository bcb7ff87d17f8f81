import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, DEMO, startApi, tokenFor, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const patientIn = (state: string, extra = 'TRUE') =>
  one(`SELECT p.id::text AS id, p.email FROM patients p WHERE p.state = $1 AND ${extra} ORDER BY p.id LIMIT 1`, [state]);

describe('the profile patient (detailsBySubId, detail/email)', () => {
  it('clinical fields only for clinical access; staff and operation support never receive them', async () => {
    const p = await patientIn('NV');
    const clinician = await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: DEMO.clinician });
    expect(clinician.body).toMatchObject({
      id: p.id,
      userId: p.id,
      subUUID: p.id,
      email: p.email,
      allergies: expect.any(String),
      address: { region: 'NV', postal_code: expect.any(String) },
      age: expect.any(Number),
    });
    for (const who of [DEMO.staff, DEMO.ops]) {
      const res = await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who });
      expect(res.status).toBe(200);
      for (const field of ['allergies', 'symptoms', 'medication']) expect(res.body).not.toHaveProperty(field);
    }
  });
  it('by e-mail (any case): the same patient, audited; 404 outside the scope and for an unknown e-mail', async () => {
    const p = await patientIn('CO');
    const { res, rows } = await api.audited(() =>
      api.call('GET', `/secure/patient/detail/email/${encodeURIComponent(p.email.toUpperCase())}`, { as: DEMO.clinician }),
    );
    expect(res.body).toMatchObject({ id: p.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].patient_ids).toEqual([p.id]);
    const tx = await patientIn('TX');
    expect((await api.call('GET', `/secure/patient/detail/email/${encodeURIComponent(tx.email)}`, { as: DEMO.clinician })).status).toBe(404);
    expect((await api.call('GET', '/secure/patient/detail/email/nobody%40example.com', { as: DEMO.staff })).status).toBe(404);
    expect((await api.call('GET', '/secure/patient/detail/email/not-an-email', { as: DEMO.staff })).status).toBe(400);
  });
});

const update = (over: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  preferredName: 'Ady',
  phoneNumber: '+17025550123',
  dob: '1990-01-02',
  genderAtBirth: 'female',
  currentGenderIdentity: 'Female',
  pronoun: 'She/her/hers',
  race: 'white',
  ethnicity: 'not-hispani',
  sexualOrientationPreference: 'Bisexual',
  address: { street_address: '1 Main St', street_address2: null, locality: 'Las Vegas', region: 'NV', postal_code: '89104-1234', ...address },
  ...over,
});

describe('PUT /secure/patient/{id} (the basic-details card)', () => {
  it('saves the account details with history, event and one audit row; answers the patient', async () => {
    const p = await patientIn('NV', 'p.pass_member = false');
    const { res, rows } = await api.audited(() => api.call('PUT', `/secure/patient/${p.id}`, { as: DEMO.staff, body: update() }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.id,
      name: 'Ada Lovelace',
      preferredName: 'Ady',
      email: p.email,
      dob: '1990-01-02',
      race: 'white',
      address: { postal_code: '89104-1234', locality: 'Las Vegas' },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'UPDATE', entity_type: 'patient', patient_ids: [p.id] });
    const h = await one(`SELECT comment FROM record_history WHERE entity_type = 'patient' AND entity_id = $1 AND action = 'UPDATE_PATIENT_DETAILS'`, [
      p.id,
    ]);
    expect(h.comment).toContain('firstName');
    expect(h.comment).not.toContain('Ada');
    expect(
      await one(`SELECT count(*)::int AS n FROM patient_events WHERE patient_id = $1 AND event_type = 'PATIENT_DETAILS_UPDATED'`, [p.id]),
    ).toEqual({ n: 1 });
  });
  it('an invalid zip, an e-mail in the body or an unknown option is 400 and changes nothing', async () => {
    const p = await patientIn('NV', "p.pass_member = false AND p.id::text > '8'");
    const before = await one('SELECT * FROM patients WHERE id = $1', [p.id]);
    for (const body of [
      update({}, { postal_code: '8910' }),
      update({}, { postal_code: '89104-12' }),
      update({ email: 'x@example.com' }),
      update({ pronoun: 'Whatever' }),
      update({ firstName: '' }),
    ]) {
      const res = await api.call('PUT', `/secure/patient/${p.id}`, { as: DEMO.superAdmin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const zip = await api.call('PUT', `/secure/patient/${p.id}`, { as: DEMO.superAdmin, body: update({}, { postal_code: 'abcde' }) });
    expect(zip.body.reason).toContain('Please enter a valid Zip Code.');
    expect(await one('SELECT * FROM patients WHERE id = $1', [p.id])).toEqual(before);
  });
  it('auditors may not write (403); a patient outside the clinician states is 404 and unchanged', async () => {
    const nv = await patientIn('NV');
    expect((await api.call('PUT', `/secure/patient/${nv.id}`, { as: DEMO.auditor, body: update() })).status).toBe(403);
    const tx = await patientIn('TX');
    const before = await one('SELECT * FROM patients WHERE id = $1', [tx.id]);
    const res = await api.call('PUT', `/secure/patient/${tx.id}`, { as: DEMO.clinician, body: update({}, { region: 'TX' }) });
    expect(res.status).toBe(404);
    expect(await one('SELECT * FROM patients WHERE id = $1', [tx.id])).toEqual(before);
  });
});

describe('GET /secure/user/patientProfilePic/{id}', () => {
  it('the picture from object storage; 404 when none and outside the scope', async () => {
    const withPic = await patientIn('NV', 'p.profile_pic_key IS NOT NULL');
    const res = await api.app.inject({
      method: 'GET',
      url: `/secure/user/patientProfilePic/${withPic.id}`,
      headers: await headersFor(DEMO.staff, `/secure/user/patientProfilePic/${withPic.id}`),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const none = await patientIn('NV', 'p.profile_pic_key IS NULL');
    expect((await api.call('GET', `/secure/user/patientProfilePic/${none.id}`, { as: DEMO.staff })).status).toBe(404);
    const tx = await patientIn('TX', 'p.profile_pic_key IS NOT NULL');
    expect((await api.call('GET', `/secure/user/patientProfilePic/${tx.id}`, { as: DEMO.clinician })).status).toBe(404);
  });
});

/** The spec's headers for a raw inject (the picture is bytes, not JSON). */
const headersFor = async (email: string, url: string) => apiHeaders(url, undefined, await tokenFor(email));

describe("the profile's lists", () => {
  const list = (path: string, q: Record<string, string>, as: string = DEMO.clinician) => api.call('GET', `${path}?${new URLSearchParams(q)}`, { as });
  it('bookings: upcoming (end after now, soonest first) and past (latest first), products and clinician; audited per booking', async () => {
    const p = await one(`SELECT b.patient_id::text AS id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV'
      GROUP BY b.patient_id HAVING bool_or(b.start_at > now() + interval '1 day') AND bool_or(b.start_at < now() - interval '1 day') LIMIT 1`);
    const up = await list('/secure/patient/bookings', { patientId: p.id, when: 'upcoming' });
    const past = await list('/secure/patient/bookings', { patientId: p.id, when: 'past' });
    expect(up.body.items.length).toBeGreaterThan(0);
    expect(past.body.items.length).toBeGreaterThan(0);
    const now = Date.now();
    for (const b of up.body.items) expect(new Date(b.appntEnd ?? b.appntStart).getTime()).toBeGreaterThan(now);
    for (const b of past.body.items) expect(new Date(b.appntEnd ?? b.appntStart).getTime()).toBeLessThanOrEqual(now);
    const starts = up.body.items.map((b: { appntStart: string }) => b.appntStart);
    expect(starts).toEqual([...starts].sort());
    expect(up.body.items[0]).toMatchObject({ products: expect.any(Array), status: expect.any(String) });
  });
  it('kits: REPORT_READY in both Active and Previous, COMPLETE only in Previous; results only for clinical roles', async () => {
    const p = await one(`SELECT k.patient_id::text AS id FROM kits k JOIN patients p ON p.id = k.patient_id WHERE p.state = 'NV'
      GROUP BY k.patient_id HAVING bool_or(k.status = 'REPORT_READY') LIMIT 1`);
    const group = async (g: string) =>
      (await list('/secure/patient/kits', { patientId: p.id, group: g, perPage: '500' })).body.items as { kitId: string; kitStatus: string }[];
    const [all, active, previous] = [await group('all'), await group('active'), await group('previous')];
    const ready = all.find((k) => k.kitStatus === 'REPORT_READY')!;
    expect(active.map((k) => k.kitId)).toContain(ready.kitId);
    expect(previous.map((k) => k.kitId)).toContain(ready.kitId);
    expect(active.every((k) => k.kitStatus !== 'COMPLETE')).toBe(true);
    expect(previous.every((k) => ['COMPLETE', 'REPORT_READY'].includes(k.kitStatus))).toBe(true);
    const withResult = await one(
      `SELECT k.kit_id AS "kitId" FROM kits k JOIN test_results t ON t.kit_id = k.kit_id JOIN patients p ON p.id = k.patient_id WHERE p.state = 'NV' LIMIT 1`,
    );
    const result = await api.call('GET', `/secure/patient/kits/${withResult.kitId}/result`, { as: DEMO.clinician });
    expect(result.body).toMatchObject({
      kitId: withResult.kitId,
      results: expect.arrayContaining([expect.objectContaining({ testName: expect.any(String) })]),
    });
    expect((await api.call('GET', `/secure/patient/kits/${withResult.kitId}/result`, { as: DEMO.staff })).status).toBe(403);
    const txKit = await one(`SELECT k.kit_id AS "kitId" FROM kits k JOIN patients p ON p.id = k.patient_id WHERE p.state = 'TX' LIMIT 1`);
    expect((await api.call('GET', `/secure/patient/kits/${txKit.kitId}/result`, { as: DEMO.clinician })).status).toBe(404);
  });
  it('orders (LABCORP or all, newest first) and events (newest first)', async () => {
    const p = await one(
      `SELECT o.patient_id::text AS id FROM orders o JOIN patients p ON p.id = o.patient_id WHERE o.vendor = 'LABCORP' AND p.state = 'NV' LIMIT 1`,
    );
    const lab = await list('/secure/patient/orders', { patientId: p.id, vendor: 'LABCORP' });
    expect(lab.body.items.length).toBeGreaterThan(0);
    expect(lab.body.items.every((o: { vendor: string }) => o.vendor === 'LABCORP')).toBe(true);
    const all = await list('/secure/patient/orders', { patientId: p.id });
    const created = all.body.items.map((o: { createdAt: string }) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect((await list('/secure/patient/orders', { patientId: p.id }, DEMO.ops)).status).toBe(403);
    const e = await one(`SELECT e.patient_id::text AS id FROM patient_events e JOIN patients p ON p.id = e.patient_id WHERE p.state = 'NV'
      GROUP BY 1 HAVING count(*) > 2 LIMIT 1`);
    const { res, rows } = await api.audited(() => list('/secure/patient/events', { patientId: e.id }, DEMO.staff));
    const times = res.body.items.map((x: { created: string }) => x.created);
    expect(times.length).toBeGreaterThan(2);
    expect(times).toEqual([...times].sort().reverse());
    expect(rows).toHaveLength(1);
    expect(rows[0].entity_ids).toEqual(res.body.items.map((x: { id: string }) => x.id));
  });
  it('a patient without anything has empty lists; a patient outside the scope is 404 on every list', async () => {
    const empty = await one(`SELECT id::text AS id FROM patients WHERE last_name = 'Emptyfield'`);
    for (const path of ['/secure/patient/bookings', '/secure/patient/kits', '/secure/patient/orders', '/secure/patient/events']) {
      expect((await list(path, { patientId: empty.id })).body, path).toEqual({ items: [], total: 0 });
    }
    const tx = await patientIn('TX');
    for (const path of ['/secure/patient/bookings', '/secure/patient/kits', '/secure/patient/orders', '/secure/patient/events']) {
      const res = await list(path, { patientId: tx.id });
      expect(res.status, path).toBe(404);
      expect((await list(path, { patientId: tx.id }, DEMO.superAdmin)).status, path).toBe(200);
    }
  });
});
