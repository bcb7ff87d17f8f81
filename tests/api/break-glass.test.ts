import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAK_GLASS } from '../../src/domain/break-glass/break-glass';
import { BREAK_GLASS_TEXTS } from '../../src/domain/i18n/en/break-glass';
import { buildApp } from '../../src/server/app';
import { verifyAuditChain } from '../../src/server/audit/chain';
import { apiHeaders, DEMO, startApi, testConfig, tokenFor, type TestApi } from './helpers';
import { parseContentRange, restQuery } from './rest-list';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
/** Patients outside Jane's valid states (TX is expired, FL/PA never licensed), one per call, never the same twice. */
const taken: string[] = [];
async function outsidePatient(state = 'TX'): Promise<{ id: string }> {
  const p = await one(`SELECT id::text AS id FROM patients WHERE state = $1 AND NOT (id::text = ANY($2::text[])) ORDER BY id LIMIT 1`, [
    state,
    taken,
  ]);
  taken.push(p.id);
  return p;
}
const detail = (id: string, as: string = DEMO.clinician) => api.call('GET', `/secure/patient/detailsBySubId/${id}`, { as });
const start = (patientId: string, reason: unknown = 'Unconscious patient in the ER, allergies needed', as: string = DEMO.clinician) =>
  api.call('POST', '/secure/breakGlass', { as, body: { patientId, reason } });

/** Ends every running session (as if their time had passed), so that each test starts below the limit of running sessions. */
const endAll = () =>
  api.pool.query(`UPDATE break_glass_sessions SET started_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
  WHERE expires_at > now()`);

describe('break-glass: starting a session', () => {
  it('roles that are not licence-bound clinicians cannot start one (and never get clinical fields by it)', async () => {
    const p = await outsidePatient();
    for (const who of [DEMO.staff, DEMO.ops, DEMO.superAdmin, DEMO.auditor]) {
      const res = await start(p.id, 'emergency', who);
      expect(res.status, who).toBe(403);
    }
    expect(await one('SELECT count(*)::int AS n FROM break_glass_sessions')).toEqual({ n: 0 });
    for (const who of [DEMO.staff, DEMO.ops]) {
      const res = await detail(p.id, who);
      for (const field of ['allergies', 'symptoms', 'medication']) expect(res.body).not.toHaveProperty(field);
    }
  });
  it('needs a reason, an unknown patient is 404, a patient already in the licence states is refused', async () => {
    const p = await outsidePatient();
    for (const body of [{ patientId: p.id, reason: '' }, { patientId: p.id, reason: '  ' }, { patientId: p.id }]) {
      const res = await api.call('POST', '/secure/breakGlass', { as: DEMO.clinician, body });
      expect(res.status).toBe(400);
      expect(res.body.reason).toContain(BREAK_GLASS_TEXTS.reasonRequired);
    }
    expect((await start('00000000-0000-4000-8000-000000000000')).body.reason).toBe(BREAK_GLASS_TEXTS.noPatient);
    const nv = await one(`SELECT id::text AS id FROM patients WHERE state = 'NV' LIMIT 1`);
    const res = await start(nv.id);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe(BREAK_GLASS_TEXTS.alreadyInScope);
  });
  it('a reason over the limit says the limit, and starts nothing', async () => {
    const p = await outsidePatient();
    const res = await start(p.id, 'x'.repeat(BREAK_GLASS.reasonMax + 1));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'Invalid request', reason: 'Reason must be at most 1000 characters', field: 'reason' });
    expect(await one('SELECT count(*)::int AS n FROM break_glass_sessions WHERE patient_id = $1', [p.id])).toEqual({ n: 0 });
  });
  it('a second start while the session runs answers that session and keeps its new reason for the review (audited)', async () => {
    await endAll();
    const p = await outsidePatient();
    const first = await start(p.id, 'first reason');
    const { res: second, rows } = await api.audited(() => start(p.id, 'second reason: still in the ER'));
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(rows[0]).toMatchObject({ action: 'BREAK_GLASS', entity_ids: [first.body.id], patient_ids: [p.id] });
    await start(p.id, 'second reason: still in the ER'); // the same request again (a retry) adds nothing
    const s = (await api.call('GET', `/secure/breakGlass/${first.body.id}`, { as: DEMO.superAdmin })).body;
    expect(s.reason).toBe('first reason');
    expect(s.addedReasons).toEqual([{ at: expect.any(String), reason: 'second reason: still in the ER' }]);
    expect(await one('SELECT count(*)::int AS n FROM break_glass_sessions WHERE patient_id = $1', [p.id])).toEqual({ n: 1 });
  });
});

describe('break-glass: what a session opens', () => {
  it('without a session the patient is 404; with it the record opens for that patient only, on the very next request', async () => {
    const p = await outsidePatient();
    const other = await outsidePatient();
    expect((await detail(p.id)).status).toBe(404);
    const kits = () => api.call('GET', `/secure/patient/kits?patientId=${p.id}`, { as: DEMO.clinician });
    expect((await kits()).status).toBe(404);
    const started = await start(p.id);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ patientId: p.id, id: expect.any(String) });
    const minutes = (Date.parse(started.body.expiresAt) - Date.parse(started.body.startedAt)) / 60_000;
    expect(Math.round(minutes)).toBe(BREAK_GLASS.defaultMinutes);

    const { res, rows } = await api.audited(() => detail(p.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, masked: false, allergies: expect.anything() });
    expect(rows.map((r) => [r.patient_ids, r.break_glass])).toEqual([[[p.id], true]]);
    expect((await detail(other.id)).status).toBe(404);
    expect((await kits()).status).toBe(200);
    // An ordinary read of a patient in the licence states is not flagged.
    const nv = await one(`SELECT id::text AS id FROM patients WHERE state = 'NV' LIMIT 1`);
    const plain = await api.audited(() => detail(nv.id));
    expect(plain.rows.map((r) => r.break_glass)).toEqual([false]);
    // The PHI access log shows the flag and filters on it.
    const flagged = await api.call('GET', `/secure/auditLog?${restQuery({ filter: { patientId: p.id, breakGlass: 'true' } })}`, { as: DEMO.auditor });
    expect(flagged.status).toBe(200);
    expect(flagged.body.length).toBeGreaterThan(0);
    expect(flagged.body.every((r: { breakGlass: boolean; patientIds: string[] }) => r.breakGlass && r.patientIds.includes(p.id))).toBe(true);
    const unflagged = await api.call('GET', `/secure/auditLog?${restQuery({ filter: { patientId: nv.id, breakGlass: 'true' } })}`, {
      as: DEMO.auditor,
    });
    expect(unflagged.body).toEqual([]);
    // The session is the clinician's own: another licence-bound clinician still meets a 404.
    expect((await detail(p.id, DEMO.noLicence)).status).toBe(404);
    // A second start for the same running session answers it, no new session.
    expect((await start(p.id)).body.id).toBe(started.body.id);
    const mine = await api.call('GET', '/secure/breakGlass/mine', { as: DEMO.clinician });
    expect(mine.body.items.map((g: { patientId: string }) => g.patientId)).toContain(p.id);
    expect(mine.body.minutes).toBe(BREAK_GLASS.defaultMinutes);
    // The flagged rows keep the hash chain whole.
    expect((await verifyAuditChain(api.pool)).ok).toBe(true);
  });
  it('a patient search masks every out-of-state row but the break-glass patient', async () => {
    const p = await outsidePatient('FL');
    const name = await one('SELECT last_name AS "lastName" FROM patients WHERE id = $1', [p.id]);
    const search = () => api.call('POST', '/secure/patient/search', { as: DEMO.clinician, body: { type: 'patient_name', term: name.lastName } });
    const before = await search();
    expect(before.status).toBe(200);
    const clear = (body: { id: string; masked: boolean }[]) => body.some((r) => r.id === p.id && !r.masked);
    expect(clear(before.body)).toBe(false);
    await start(p.id);
    const after = await search();
    expect(clear(after.body)).toBe(true);
    expect(after.body.filter((r: { masked: boolean }) => !r.masked).length).toBeGreaterThan(0);
  });
  it('expiry ends the session without any write (a session of 2 seconds)', async () => {
    const app = await buildApp({
      config: { ...testConfig(api.databaseUrl, 'break-glass-expiry'), breakGlassMinutes: 2 / 60 },
      pool: api.pool,
      logger: false,
    });
    await app.ready();
    try {
      const token = await tokenFor(DEMO.clinician);
      const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const res = await app.inject({ method, url, headers: apiHeaders(url, payload, token), payload });
        return { status: res.statusCode, body: res.json() };
      };
      await endAll();
      const p = await outsidePatient();
      expect((await call('POST', '/secure/breakGlass', { patientId: p.id, reason: 'stroke alert' })).status).toBe(201);
      expect((await call('GET', `/secure/patient/detailsBySubId/${p.id}`)).status).toBe(200);
      const writes = await one('SELECT count(*)::int AS n FROM break_glass_sessions WHERE patient_id = $1', [p.id]);
      await new Promise((r) => setTimeout(r, 2200));
      expect((await call('GET', `/secure/patient/detailsBySubId/${p.id}`)).status).toBe(404);
      expect(await one('SELECT count(*)::int AS n FROM break_glass_sessions WHERE patient_id = $1 AND expires_at < now()', [p.id])).toEqual(writes);
    } finally {
      await app.close();
    }
  });
  it(`at most ${BREAK_GLASS.maxActive} running sessions per clinician (429)`, async () => {
    for (let i = 0; i < BREAK_GLASS.maxActive; i++)
      expect((await start((await outsidePatient('PA')).id, 'mass casualty', DEMO.noLicence)).status).toBe(201);
    const res = await start((await outsidePatient('PA')).id, 'mass casualty', DEMO.noLicence);
    expect(res.status).toBe(429);
    expect(res.body.reason).toBe(BREAK_GLASS_TEXTS.tooManyActive.replace('%{max}', String(BREAK_GLASS.maxActive)));
  });
});

describe('break-glass: super-admin review', () => {
  it('super admins list the sessions, see the count until reviewed, and review each once with a note (history + audit)', async () => {
    await endAll();
    const p = await outsidePatient();
    const s = (await start(p.id, 'chest pain, patient confused')).body;
    expect((await api.call('GET', '/secure/breakGlass', { as: DEMO.clinician })).status).toBe(403);
    const { res: list, rows: listAudit } = await api.audited(() =>
      api.call('GET', `/secure/breakGlass?${restQuery({ filter: { reviewed: false }, range: [0, 99] })}`, { as: DEMO.superAdmin }),
    );
    expect(list.status).toBe(200);
    // The list is a disclosure of the patients opened: its audit row names each session and patient.
    expect(listAudit[0]).toMatchObject({
      action: 'READ',
      entity_type: 'break_glass',
      entity_ids: expect.arrayContaining([s.id]),
      patient_ids: expect.arrayContaining([p.id]),
    });
    const row = list.body.find((r: { id: string }) => r.id === s.id);
    expect(row).toMatchObject({
      patientId: p.id,
      reason: 'chest pain, patient confused',
      active: true,
      reviewedAt: null,
      clinicianName: expect.any(String),
    });
    const before = (await api.call('GET', '/secure/breakGlass/count', { as: DEMO.superAdmin })).body.count;
    expect(before).toBe(parseContentRange(list.headers['content-range']).total);

    const blank = await api.call('PUT', `/secure/breakGlass/${s.id}/review`, { as: DEMO.superAdmin, body: { note: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.reason).toContain(BREAK_GLASS_TEXTS.noteRequired);
    expect((await api.call('PUT', `/secure/breakGlass/${s.id}/review`, { as: DEMO.clinician, body: { note: 'mine' } })).status).toBe(403);
    const { res, rows } = await api.audited(() =>
      api.call('PUT', `/secure/breakGlass/${s.id}/review`, { as: DEMO.superAdmin, body: { note: 'Justified: ER admission' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: s.id,
      reviewNote: 'Justified: ER admission',
      reviewedAt: expect.any(String),
      reviewedBy: expect.any(String),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'REVIEW', entity_type: 'break_glass', entity_ids: [s.id], patient_ids: [p.id] });
    expect(
      await one(
        `SELECT action, comment FROM record_history WHERE entity_type = 'break_glass' AND entity_id = $1 AND action = 'BREAK_GLASS_REVIEWED'`,
        [s.id],
      ),
    ).toEqual({ action: 'BREAK_GLASS_REVIEWED', comment: 'Justified: ER admission' });
    expect((await api.call('GET', '/secure/breakGlass/count', { as: DEMO.superAdmin })).body.count).toBe(before - 1);
    const again = await api.call('PUT', `/secure/breakGlass/${s.id}/review`, { as: DEMO.superAdmin, body: { note: 'again' } });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe(BREAK_GLASS_TEXTS.alreadyReviewed);
    // The runtime role cannot erase a session.
    await expect(api.pool.query('DELETE FROM break_glass_sessions WHERE id = $1', [s.id])).rejects.toThrow(/permission denied/);
  });
});

describe('break-glass: the review list in the simple REST dialect (filter, range, sort; Content-Range)', () => {
  const list = (q: Parameters<typeof restQuery>[0], as: string = DEMO.superAdmin) => api.call('GET', `/secure/breakGlass?${restQuery(q)}`, { as });
  type Row = { id: string; startedAt: string; reviewedAt: string | null };

  it('only super admins list the sessions (every other role 403, no token 401)', async () => {
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.auditor, DEMO.ops, DEMO.pending]) {
      expect((await list({ range: [0, 9] }, who)).status, who).toBe(403);
    }
    expect((await api.call('GET', `/secure/breakGlass?${restQuery({ range: [0, 9] })}`)).status).toBe(401);
  });

  it('answers the rows of the range as an array with Content-Range, newest first unless sorted', async () => {
    await endAll();
    for (const state of ['TX', 'TX', 'FL']) {
      expect((await start((await outsidePatient(state)).id, `list test ${state}`)).status).toBe(201);
      await endAll();
    }
    const whole = await list({ range: [0, 99] });
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    const total = (await one('SELECT count(*)::int AS n FROM break_glass_sessions')).n as number;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(whole.headers['content-range']).toBe(`items 0-${total - 1}/${total}`);
    const newestFirst = (whole.body as Row[]).map((r) => r.startedAt);
    expect(newestFirst).toEqual([...newestFirst].sort().reverse());

    const second = await list({ range: [1, 2], sort: ['startedAt', 'DESC'] });
    expect(second.headers['content-range']).toBe(`items 1-2/${total}`);
    expect((second.body as Row[]).map((r) => r.id)).toEqual((whole.body as Row[]).slice(1, 3).map((r) => r.id));

    const oldest = await list({ range: [0, 0], sort: ['startedAt', 'ASC'] });
    expect((oldest.body as Row[]).map((r) => r.id)).toEqual([(whole.body as Row[]).at(-1)!.id]);

    const past = await list({ range: [total + 10, total + 19] });
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe(`items */${total}`);

    // Without a range: the first 25 rows.
    const plain = await api.call('GET', '/secure/breakGlass', { as: DEMO.superAdmin });
    expect(parseContentRange(plain.headers['content-range'])).toEqual({ first: 0, last: Math.min(total, 25) - 1, total });
  });

  it('filters reviewed (true) or waiting (false) sessions; the count header counts the filtered rows', async () => {
    const waiting = await list({ filter: { reviewed: false }, range: [0, 99] });
    const reviewed = await list({ filter: { reviewed: true }, range: [0, 99] });
    expect((waiting.body as Row[]).every((r) => r.reviewedAt === null)).toBe(true);
    expect((reviewed.body as Row[]).every((r) => r.reviewedAt !== null)).toBe(true);
    const count = (res: typeof waiting) => parseContentRange(res.headers['content-range']).total;
    expect(count(waiting)).toBe((await api.call('GET', '/secure/breakGlass/count', { as: DEMO.superAdmin })).body.count);
    expect(Number(count(waiting)) + Number(count(reviewed))).toBe((await one('SELECT count(*)::int AS n FROM break_glass_sessions')).n);
  });

  it('refuses a malformed filter, range or sort with 400 and a sentence naming the parameter (nothing listed, nothing audited)', async () => {
    const cases: Array<[string, RegExp]> = [
      ['filter=notjson', /^Filter must be JSON/],
      [`filter=${encodeURIComponent('{"reviewed":"yes"}')}`, /Reviewed must be true or false/],
      [`filter=${encodeURIComponent('{"clinician":"x"}')}`, /is not an accepted field/],
      ['range=[0]', /^Range must be two whole numbers/],
      ['range=[5,2]', /^Range must end at or after its first row/],
      ['range=[-1,3]', /^Range cannot start before row 0/],
      ['range=[0,500]', /^Range must be at most 100 rows/],
      [`sort=${encodeURIComponent('["patientId","ASC"]')}`, /^Sort field must be one of: startedAt/],
      [`sort=${encodeURIComponent('["startedAt","UP"]')}`, /^Sort order must be ASC or DESC/],
      ['page=1&perPage=25', /is not an accepted field/],
    ];
    for (const [query, reason] of cases) {
      const { res, rows } = await api.audited(() => api.call('GET', `/secure/breakGlass?${query}`, { as: DEMO.superAdmin }));
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ msg: 'Invalid request', reason: expect.stringMatching(reason) });
      expect(
        rows.filter((r) => r.action === 'READ' && r.entity_type === 'break_glass'),
        query,
      ).toEqual([]);
    }
  });
});
