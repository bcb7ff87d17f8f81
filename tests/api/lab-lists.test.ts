import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestResultContradiction } from '../../src/domain/shared/statuses';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const jane = () => env().cognito.subs[DEMO.clinician];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

describe('lab lists: queryType, My States, paging, sorting, search', () => {
  it('ALL pages through every test result with the total computed in SQL, masking those outside the valid licence states', async () => {
    const { n } = await one('SELECT count(*)::int AS n FROM test_results');
    const res = await api.call('GET', '/secure/testResult?queryType=ALL&page=1&perPage=50', { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(n);
    expect(res.body.items).toHaveLength(50);
    const outside = (
      await api.pool.query(`SELECT kit_id FROM test_results tr JOIN kits k USING (kit_id)
      WHERE k.patient_id IS NOT NULL AND NOT (tr.patient_state = ANY(ARRAY['NV','CO','CA','NY']))`)
    ).rows.map((r) => r.kit_id);
    for (const r of res.body.items) expect(r.masked, r.kitId).toBe(outside.includes(r.kitId));
    expect(res.body.items.some((r: { masked: boolean }) => r.masked)).toBe(true);
    const dates = res.body.items.map((r: { createDateTime: string }) => r.createDateTime);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await api.call('GET', '/secure/testResult?queryType=ALL&page=2&perPage=50', { as: DEMO.clinician });
    const ids1 = new Set(res.body.items.map((r: { kitId: string }) => r.kitId));
    expect(page2.body.items.some((r: { kitId: string }) => ids1.has(r.kitId))).toBe(false);
  });
  it('ASSIGNED and UNASSIGNED', async () => {
    const assigned = await api.call('GET', '/secure/labRequest?queryType=ASSIGNED&perPage=200', { as: DEMO.clinician });
    expect(assigned.body.total).toBe((await one('SELECT count(*)::int AS n FROM lab_requests WHERE clinician_id = $1', [jane()])).n);
    expect(
      assigned.body.items.every((r: { clinician: { userId: string } | null; masked: boolean }) => r.masked || r.clinician?.userId === jane()),
    ).toBe(true);
    const unassigned = await api.call('GET', '/secure/labRequest?queryType=UNASSIGNED', { as: DEMO.clinician });
    expect(unassigned.body.total).toBe((await one('SELECT count(*)::int AS n FROM lab_requests WHERE clinician_id IS NULL')).n);
    // A masked row does not tell whether it is assigned.
    expect(unassigned.body.items.every((r: { clinician: unknown; masked: boolean }) => r.masked || r.clinician === null)).toBe(true);
    expect(unassigned.body.items.filter((r: { masked: boolean }) => r.masked).every((r: { clinician: unknown }) => r.clinician !== null)).toBe(true);
  });
  it('My States keeps only the clinician valid licence states', async () => {
    const res = await api.call('GET', '/secure/testResult?myStates=true&perPage=200', { as: DEMO.clinician });
    expect(res.body.total).toBe((await one(`SELECT count(*)::int AS n FROM test_results WHERE patient_state IN ('NV','CO','CA','NY')`)).n);
    expect(new Set(res.body.items.map((r: { patientState: string }) => r.patientState))).toEqual(new Set(['NV', 'CO', 'CA', 'NY']));
  });
  it('sorts by kit id ascending and searches by name, e-mail or kit id', async () => {
    const asc = await api.call('GET', '/secure/labRequest?sort=kitId&order=ASC&perPage=5', { as: DEMO.superAdmin });
    expect(asc.body.items.map((r: { kitId: string }) => r.kitId)).toEqual(['KT0000001', 'KT0000002', 'KT0000003', 'KT0000004', 'KT0000005']);
    const p = await one(`SELECT p.last_name, p.email FROM kits k JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = 'KT0000010'`);
    const byName = await api.call('GET', `/secure/labRequest?q=${encodeURIComponent(p.last_name)}&perPage=200`, { as: DEMO.superAdmin });
    expect(byName.body.items.map((r: { kitId: string }) => r.kitId)).toContain('KT0000010');
    const byKit = await api.call('GET', '/secure/labRequest?q=KT0000010', { as: DEMO.superAdmin });
    expect(byKit.body.items.map((r: { kitId: string }) => r.kitId)).toEqual(['KT0000010']);
    expect(byKit.body.total).toBe(1);
  });
  it('400 for bad list parameters, with nothing read', async () => {
    for (const q of ['perPage=500', 'queryType=MINE', 'sort=password', 'page=0', 'myStates=yes', 'extra=1']) {
      const res = await api.call('GET', `/secure/testResult?${q}`, { as: DEMO.clinician });
      expect(res.status, q).toBe(400);
      expect(res.body.msg).toBe('Invalid request');
    }
  });
});

describe('masking and roles (spec 1 §6)', () => {
  it('rows outside the clinician valid states (TX expired, and unlicensed ones) are XXXXXX but kitId and createDateTime, and flagged', async () => {
    const res = await api.call('GET', `/secure/testResult?q=&perPage=200&sort=patientState&order=DESC`, { as: DEMO.clinician });
    const tx = res.body.items.filter((r: { masked: boolean }) => r.masked);
    const { n } = await one(`SELECT count(*)::int AS n FROM test_results WHERE patient_state = 'TX'`);
    expect(n).toBeGreaterThan(0);
    const all = await api.call('GET', `/secure/testResult?perPage=200&page=1&sort=kitId`, { as: DEMO.clinician });
    const masked = [...tx, ...all.body.items.filter((r: { masked: boolean }) => r.masked)][0];
    expect(masked.kitId).toMatch(/^KT\d+$/);
    expect(masked.createDateTime).toMatch(/^\d{4}-/);
    expect(masked.status).toBe('XXXXXX');
    expect(masked.patientState).toBe('XXXXXX');
    expect(masked.user.email).toBe('XXXXXX');
    expect(masked.user.address.region).toBe('XXXXXX');
    expect(JSON.stringify(masked)).not.toMatch(/@example\.com/);
  });
  it.each(['/secure/testResult', '/secure/labRequest'])(
    '%s for a licence-bound clinician in All States: in clear only in her valid licence states',
    async (path) => {
      // Jane Doe holds valid licences in NV, CO, CA and NY only (TX expired); PA, FL, WA... are states she holds no licence in.
      const valid = ['NV', 'CO', 'CA', 'NY'];
      for (const page of [1, 2, 3]) {
        const res = await api.call('GET', `${path}?queryType=ALL&myStates=false&perPage=200&page=${page}&sort=createDateTime&order=DESC`, {
          as: DEMO.clinician,
        });
        expect(res.status).toBe(200);
        const items = res.body.items as { kitId: string; masked: boolean; patientState: string | null }[];
        const { rows } = await api.pool.query<{ kit_id: string; state: string | null }>(
          `SELECT k.kit_id, p.state FROM kits k LEFT JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = ANY($1)`,
          [items.map((r) => r.kitId)],
        );
        const stateOf = new Map(rows.map((r) => [r.kit_id, r.state]));
        const unlicensed = items.filter((r) => stateOf.get(r.kitId) && !valid.includes(stateOf.get(r.kitId)!));
        expect(unlicensed.length).toBeGreaterThan(0);
        expect(unlicensed.filter((r) => !r.masked).map((r) => `${r.kitId}:${stateOf.get(r.kitId)}`)).toEqual([]);
        expect(items.filter((r) => !r.masked && r.patientState !== null).every((r) => valid.includes(r.patientState!))).toBe(true);
      }
    },
  );
  it('one TX result is 404 for the clinician (like a missing one); the auditor reads it unmasked', async () => {
    const kit = (await one(`SELECT kit_id FROM test_results WHERE patient_state = 'TX' LIMIT 1`)).kit_id;
    const clin = await api.call('GET', `/secure/testResult/${kit}`, { as: DEMO.clinician });
    const aud = await api.call('GET', `/secure/testResult/${kit}`, { as: DEMO.auditor });
    expect(clin.status).toBe(404);
    expect(clin.body.reason).toBe(`no test result yet for kit ${kit}`);
    expect(aud.body).toMatchObject({ kitId: kit, masked: false, patientState: 'TX' });
    expect(aud.body.user.email).toMatch(/@example\.com$/);
  });
  it.each([DEMO.staff, DEMO.ops])('%s has no clinical data access', async (who) => {
    expect((await api.call('GET', '/secure/testResult', { as: who })).status).toBe(403);
    expect((await api.call('GET', '/secure/labRequest', { as: who })).status).toBe(403);
  });
  it('a missing test result is 404 (not yet available)', async () => {
    const kit = (await one(`SELECT k.kit_id FROM kits k LEFT JOIN test_results tr ON tr.kit_id = k.kit_id WHERE tr.id IS NULL LIMIT 1`)).kit_id;
    expect((await api.call('GET', `/secure/testResult/${kit}`, { as: DEMO.clinician })).status).toBe(404);
  });
  it('lists by status', async () => {
    const res = await api.call('GET', '/secure/testResult/status/NO_PATIENT?perPage=10', { as: DEMO.superAdmin });
    expect(res.body.total).toBe((await one(`SELECT count(*)::int AS n FROM test_results WHERE status = 'NO_PATIENT'`)).n);
    expect(res.body.items.every((r: { status: string; user: unknown }) => r.status === 'NO_PATIENT' && r.user === null)).toBe(true);
    expect((await api.call('GET', '/secure/testResult/status/BOGUS', { as: DEMO.superAdmin })).status).toBe(400);
  });
  it('every returned record is audited with its patient id, no PHI', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/labRequest?perPage=20', { as: DEMO.auditor }));
    expect(res.body.items).toHaveLength(20);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_type: 'lab_request', action: 'READ' });
    const kits = res.body.items.map((r: { kitId: string }) => r.kitId);
    const patients = (
      await api.pool.query(`SELECT DISTINCT patient_id FROM kits WHERE kit_id = ANY($1) AND patient_id IS NOT NULL`, [kits])
    ).rows.map((r) => r.patient_id);
    expect([...rows[0].entity_ids].sort()).toEqual([...kits].sort());
    expect([...rows[0].patient_ids].sort()).toEqual(patients.sort());
  });
});

describe('seeded dates', () => {
  it('no lab date, collection or receipt date lies in the future', async () => {
    expect((await one(`SELECT count(*)::int AS n FROM test_results WHERE created_at > now()`)).n).toBe(0);
    expect((await one(`SELECT count(*)::int AS n FROM kits WHERE sample_taken_date > now() OR received_date > now()`)).n).toBe(0);
  });
  it('no lab request status contradicts its test result status (e.g. a REGISTERED request with a COMPLETE result)', async () => {
    const { rows } = await api.pool.query<{ kit_id: string; request: string; result: string | null }>(
      `SELECT lr.kit_id, lr.status AS request, tr.status AS result FROM lab_requests lr LEFT JOIN test_results tr ON tr.kit_id = lr.kit_id`,
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => requestResultContradiction(r.request, r.result)).slice(0, 5)).toEqual([]);
    // The field test's example: KT0000600 was a REGISTERED request with a COMPLETE result.
    expect(rows.find((r) => r.kit_id === 'KT0000600')).toMatchObject({ request: 'COMPLETE', result: 'COMPLETE' });
  });
});

describe('sorting by patient name', () => {
  it('sorts by surname, then first name', async () => {
    const res = await api.call('GET', '/secure/testResult?sort=patientName&order=ASC&perPage=200', { as: DEMO.auditor });
    const names = res.body.items.filter((r: { user: unknown }) => r.user).map((r: { user: { firstName: string; lastName: string } }) => r.user);
    for (let i = 1; i < names.length; i += 1) {
      if (names[i].lastName !== names[i - 1].lastName) continue;
      expect(
        names[i].firstName.localeCompare(names[i - 1].firstName, 'en', { sensitivity: 'base' }),
        `${names[i - 1].firstName} ${names[i].lastName}`,
      ).toBeGreaterThanOrEqual(0);
    }
    expect(names.some((n: { lastName: string }, i: number) => i > 0 && n.lastName === names[i - 1].lastName)).toBe(true);
  });
});

describe('CSV export', () => {
  it('streams every matching row with a header, masked like the list', async () => {
    const res = await api.call('GET', '/secure/testResult/export?myStates=true', { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Patient Name,Preferred Name,Patient Email,Kit ID,Results Status/);
    expect(lines.length - 1).toBe((await one(`SELECT count(*)::int AS n FROM test_results WHERE patient_state IN ('NV','CO','CA','NY')`)).n);
  });

  it('the Lab Requests export writes the Lab Request columns: Status (AUTO APPROVED kept), Request Date, no results', async () => {
    const auto = await one(`SELECT kit_id, created_at FROM lab_requests WHERE status = 'APPROVED' AND auto_approved LIMIT 1`);
    const res = await api.call('GET', `/secure/labRequest/export?q=${auto.kit_id}`, { as: DEMO.auditor });
    expect(res.status).toBe(200);
    const lines = String(res.body).trim().split('\r\n');
    const header = lines[0].split(',');
    expect(header.slice(3, 7)).toEqual(['Kit ID', 'Status', 'Clinician', 'Request Date']);
    expect(header).not.toContain('Results');
    expect(header).not.toContain('Results Status');
    expect(header).not.toContain('Lab Date');
    const row = lines.find((l) => l.includes(auto.kit_id))!;
    expect(row).toContain(',AUTO APPROVED,');
    const stamp = (auto.created_at as Date).toISOString();
    expect(row).toContain(`${stamp.slice(0, 10)} ${stamp.slice(11, 16)} UTC`);
  });

  it('the Lab Results export writes dates labelled UTC and results with their units', async () => {
    const withUnits = await one(`SELECT kit_id FROM test_results, jsonb_array_elements(results) r WHERE coalesce(r->>'units', '') <> '' LIMIT 1`);
    const res = await api.call('GET', `/secure/testResult/export?q=${withUnits.kit_id}`, { as: DEMO.auditor });
    const line = String(res.body)
      .trim()
      .split('\r\n')
      .find((l) => l.includes(withUnits.kit_id))!;
    expect(line).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const units = await one(
      `SELECT r->>'testName' AS name, r->>'result' AS result, r->>'units' AS units FROM test_results, jsonb_array_elements(results) r
      WHERE kit_id = $1 AND coalesce(r->>'units', '') <> '' LIMIT 1`,
      [withUnits.kit_id],
    );
    expect(line).toContain(`${units.name}: ${units.result} ${units.units}`);
  });
});
