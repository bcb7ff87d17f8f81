import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, env, startApi, type TestApi } from './helpers';

/** One audit row per request (the interaction), through the real app and the demo data. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const sub = (email: string) => env().cognito.subs[email];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

describe('reads', () => {
  it('a list read writes one row carrying every returned record and patient id, and no PHI', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=7', { as: DEMO.staff }));
    expect(res.status).toBe(200);
    const kitIds: string[] = res.body.items.map((r: { kitId: string }) => r.kitId);
    expect(kitIds).toHaveLength(7);
    const { rows: kits } = await api.pool.query(
      `SELECT k.patient_id, p.first_name, p.last_name FROM kits k
      LEFT JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = ANY($1)`,
      [kitIds],
    );
    const patientIds = [...new Set(kits.flatMap((k) => (k.patient_id ? [k.patient_id] : [])))];
    expect(patientIds.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      actor_sub: sub(DEMO.staff),
      action: 'READ',
      route: '/secure/kit/status/:status',
      method: 'GET',
      entity_type: 'kit',
      outcome: 'SUCCESS',
      status_code: 200,
      client_ip: '127.0.0.1',
    });
    expect([...row.entity_ids].sort()).toEqual([...kitIds].sort());
    expect([...row.patient_ids].sort()).toEqual(patientIds.sort());
    const text = JSON.stringify(row);
    for (const k of kits.filter((x) => x.last_name)) expect(text).not.toContain(k.last_name);
  });
  it('a single read writes one row with its patient', async () => {
    const p = await one(`SELECT id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`);
    const { rows } = await api.audited(() => api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: DEMO.auditor }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'READ', entity_type: 'patient', entity_ids: [p.id], patient_ids: [p.id], outcome: 'SUCCESS' });
  });
  it('a signed-in read that touches no patient record still writes its row', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/clinician/profile', { as: DEMO.clinician }));
    expect(res.status).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_sub: sub(DEMO.clinician), route: '/secure/clinician/profile', outcome: 'SUCCESS', patient_ids: [] });
  });
  it('a streamed export audits every record before its batch is sent: the row, then one row per further batch of 1000', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/labRequest/export', { as: DEMO.superAdmin }));
    expect(res.status).toBe(200);
    const { rows: all } = await api.pool.query(`SELECT kit_id FROM lab_requests`);
    expect(all.length).toBeGreaterThan(1000);
    expect(rows).toHaveLength(Math.ceil(all.length / 1000));
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(1);
    expect(rows.every((r) => r.action === 'EXPORT' && r.entity_type === 'lab_request' && r.outcome === 'SUCCESS')).toBe(true);
    expect(rows.flatMap((r) => r.entity_ids).sort()).toEqual(all.map((r) => r.kit_id).sort());
  });
  it('requests outside /secure and /api without a token write nothing', async () => {
    const { rows } = await api.audited(() => api.call('GET', '/health'));
    expect(rows).toEqual([]);
  });
});

describe('refusals', () => {
  it('no token: one DENIED row for the route, by anonymous', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/kit/status/PENDING_RESULTS'));
    expect(res.status).toBe(401);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_sub: 'anonymous',
      route: '/secure/kit/status/:status',
      method: 'GET',
      outcome: 'DENIED',
      status_code: 401,
      patient_ids: [],
    });
  });
  it('a role without access: one DENIED row by that user', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/kit/status/PENDING_RESULTS', { as: DEMO.ops }));
    expect(res.status).toBe(403);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_sub: sub(DEMO.ops), outcome: 'DENIED', status_code: 403 });
  });
  it('an invalid request is FAILED', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/kit/status/PENDING_RESULTS?perPage=9999', { as: DEMO.staff }));
    expect(res.status).toBe(400);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'FAILED', status_code: 400 });
  });
  it('a path that reaches a /secure route through encoded letters is audited by the route it reached', async () => {
    const { rows } = await api.audited(() => api.call('GET', '/%73ecure/kit/status/PENDING_RESULTS?perPage=3'));
    expect(rows.map((r) => r.route)).toEqual(['/secure/kit/status/:status']);
  });
});

describe('writes', () => {
  const used: string[] = [];
  const unassignedKit = async (state: string) => {
    const kit = (
      await one(
        `SELECT kit_id FROM lab_requests WHERE clinician_id IS NULL AND patient_state = $1 AND kit_id <> ALL($2)
      ORDER BY kit_id LIMIT 1`,
        [state, used],
      )
    ).kit_id as string;
    used.push(kit);
    return kit;
  };
  it('a committed change writes one SUCCESS row inside its transaction (no response status yet)', async () => {
    const kit = await unassignedKit('NV');
    const patient = (await one(`SELECT patient_id FROM kits WHERE kit_id = $1`, [kit])).patient_id;
    const { res, rows } = await api.audited(() => api.call('PUT', '/secure/labRequest/assign', { as: DEMO.clinician, body: { kitId: kit } }));
    expect(res.status).toBe(200);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'ASSIGN',
      entity_ids: [kit],
      patient_ids: [patient],
      outcome: 'SUCCESS',
      status_code: null,
      method: 'PUT',
    });
  });
  it('a refused change writes one DENIED row and no SUCCESS row', async () => {
    // In the clinician's licence states but assigned to another clinician: refused (outside them it would be a 404).
    const { kit_id: kit } = await one(
      `SELECT kit_id FROM lab_requests WHERE status = 'REGISTERED' AND patient_state = 'NV'
      AND clinician_id IS NOT NULL AND clinician_id <> $1 ORDER BY kit_id LIMIT 1`,
      [sub(DEMO.clinician)],
    );
    const { res, rows } = await api.audited(() => api.call('PUT', '/secure/labRequest/approve', { as: DEMO.clinician, body: { kitId: kit } }));
    expect(res.status).toBe(403);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'DENIED', status_code: 403 });
  });
  it('an auditor trying to write is DENIED', async () => {
    const kit = await unassignedKit('NV');
    const { res, rows } = await api.audited(() => api.call('PUT', '/secure/labRequest/assign', { as: DEMO.auditor, body: { kitId: kit } }));
    expect(res.status).toBe(403);
    expect(rows.map((r) => [r.actor_sub, r.outcome])).toEqual([[sub(DEMO.auditor), 'DENIED']]);
  });
});
