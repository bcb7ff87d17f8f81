import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_COUNT_CAP, type AccessLogFilter } from '../../src/domain/access-log/access-log';
import { accessLogRows } from '../../src/server/access-log/repository';
import { DEMO, env, startApi, type TestApi } from './helpers';

/** The PHI access log: only auditors and super admins, filters, export, chain status, disclosures. */
let api: TestApi;
let patientId: string;
beforeAll(async () => {
  api = await startApi();
  patientId = (await api.pool.query(`SELECT id::text AS id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`)).rows[0].id;
  // A clinician reads the patient: that read is what the log must show.
  expect((await api.call('GET', `/secure/patient/detailsBySubId/${patientId}`, { as: DEMO.clinician })).status).toBe(200);
});
afterAll(async () => {
  await api.close();
});

describe('who may read the PHI access log', () => {
  it('clinicians, staff, operation support and pending users are refused by the route declaration, for every part', async () => {
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.ops, DEMO.pending]) {
      for (const url of ['/secure/auditLog', '/secure/auditLog/export', '/secure/auditLog/chain', `/secure/auditLog/disclosures/${patientId}`]) {
        const res = await api.call('GET', url, { as: who });
        expect(res.status, `${who} ${url}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(patientId);
      }
    }
    expect((await api.call('GET', '/secure/auditLog')).status).toBe(401);
  });
});

describe('the log', () => {
  it('filters by patient and by user, newest first, with the total counted; reading it is audited', async () => {
    const clinicianSub = env().cognito.subs[DEMO.clinician];
    const { res, rows } = await api.audited(() =>
      api.call('GET', `/secure/auditLog?patientId=${patientId}&actorSub=${clinicianSub}`, { as: DEMO.auditor }),
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(res.body.items.length).toBe(Math.min(res.body.total, 50));
    for (const item of res.body.items) {
      expect(item.patientIds).toContain(patientId);
      expect(item.actorSub).toBe(clinicianSub);
    }
    expect(res.body.items[0]).toMatchObject({
      route: '/secure/patient/detailsBySubId/:id',
      method: 'GET',
      outcome: 'SUCCESS',
      actorName: expect.any(String),
    });
    const times = res.body.items.map((i: { at: string }) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_sub: env().cognito.subs[DEMO.auditor], action: 'READ', entity_type: 'audit_log', entity_ids: [patientId] });
  });

  it('filters by action, outcome and time window, and pages', async () => {
    const denied = await api.call('GET', '/secure/auditLog?outcome=DENIED&perPage=5', { as: DEMO.superAdmin });
    expect(denied.status).toBe(200);
    expect(denied.body.items.every((i: { outcome: string }) => i.outcome === 'DENIED')).toBe(true);
    expect(denied.body.items.length).toBeLessThanOrEqual(5);
    const future = await api.call('GET', `/secure/auditLog?from=${encodeURIComponent('2999-01-01T00:00:00Z')}`, { as: DEMO.auditor });
    expect(future.body).toEqual({ items: [], total: 0, hasNextPage: false });
    const reads = await api.call('GET', '/secure/auditLog?action=read&perPage=3', { as: DEMO.auditor });
    expect(reads.body.items.every((i: { action: string }) => i.action === 'READ')).toBe(true);
  });

  it("shows staff and auditors by name once they opened the portal (their token's name), not only by sub", async () => {
    const auditorSub = env().cognito.subs[DEMO.auditor];
    expect((await api.call('GET', '/secure/account/status', { as: DEMO.auditor })).status).toBe(200);
    expect((await api.call('GET', '/secure/account/status', { as: DEMO.staff })).status).toBe(200);
    const res = await api.call('GET', `/secure/auditLog?actorSub=${auditorSub}&perPage=5`, { as: DEMO.superAdmin });
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((i: { actorName: string | null }) => i.actorName === 'Owen Price')).toBe(true);
    const csv = await api.call('GET', `/secure/auditLog/export?actorSub=${auditorSub}`, { as: DEMO.superAdmin });
    expect(String(csv.body).split('\r\n')[1]).toContain(`${auditorSub},Owen Price,`);
  });

  it('refuses bad filters with the error format', async () => {
    for (const q of ['patientId=not-a-uuid', 'outcome=MAYBE', 'from=yesterday', 'perPage=5000', 'unknown=1']) {
      const res = await api.call('GET', `/secure/auditLog?${q}`, { as: DEMO.auditor });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ msg: 'Invalid request', reason: expect.any(String) });
    }
  });

  it('exports the matching rows as CSV, in the order written', async () => {
    const res = await api.call('GET', `/secure/auditLog/export?patientId=${patientId}`, { as: DEMO.auditor });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Time \(UTC\),User,User name,Action/);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.slice(1).every((l) => l.includes(patientId))).toBe(true);
  });
});

describe('the hash chain and the accounting of disclosures', () => {
  it('on open, the summary: how far the sealer chained the log and the last verification; Verify chain checks every link and becomes the last verification', async () => {
    const before = await api.call('GET', '/secure/auditLog/chain/summary', { as: DEMO.auditor });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ sealedRows: expect.any(Number), unsealed: expect.any(Number), lastVerification: null });
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/auditLog/chain', { as: DEMO.auditor }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, brokenRowId: null, description: expect.stringMatching(/^verified up to row \d+/) });
    expect(res.body.verifiedRows).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ action: 'VERIFY', entity_type: 'audit_log', outcome: 'SUCCESS', entity_ids: [String(res.body.verifiedRows)] });
    const after = await api.call('GET', '/secure/auditLog/chain/summary', { as: DEMO.superAdmin });
    expect(after.body.lastVerification).toMatchObject({ ok: true, verifiedRows: res.body.verifiedRows, bySub: env().cognito.subs[DEMO.auditor] });
    expect(after.body.sealedRows).toBeGreaterThanOrEqual(res.body.verifiedRows);
    expect((await api.call('GET', '/secure/auditLog/chain/summary', { as: DEMO.clinician })).status).toBe(403);
  });

  it("gives a patient's disclosures as a PDF, audited against that patient; 404 for an unknown patient", async () => {
    const { res, rows } = await api.audited(() => api.call('GET', `/secure/auditLog/disclosures/${patientId}`, { as: DEMO.superAdmin }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.body).startsWith('%PDF-')).toBe(true);
    expect(rows[0]).toMatchObject({ entity_type: 'disclosures', patient_ids: [patientId] });
    const unknown = await api.call('GET', '/secure/auditLog/disclosures/00000000-0000-4000-8000-000000000000', { as: DEMO.auditor });
    expect(unknown.status).toBe(404);
  });
});

// Last: it makes the log larger than the count cap.
describe('paging a large log', () => {
  it('counts at most ACCESS_LOG_COUNT_CAP rows: beyond, no total and hasNextPage (partial pagination)', async () => {
    const small = await api.call('GET', '/secure/auditLog?perPage=2', { as: DEMO.auditor });
    expect(small.body.items).toHaveLength(2);
    expect(small.body.hasNextPage).toBe(true);
    // More rows than the cap (copies of one row, content hash and all, so the chain stays intact): added by the owner.
    await api.ownerPool().query(
      `INSERT INTO audit_log (at, actor_sub, action, route, method, entity_type, entity_ids, patient_ids, outcome,
        status_code, request_id, client_ip, user_agent, content_hash)
      SELECT a.at, a.actor_sub, a.action, a.route, a.method, a.entity_type, a.entity_ids, a.patient_ids, a.outcome,
             a.status_code, a.request_id, a.client_ip, a.user_agent, a.content_hash
        FROM (SELECT * FROM audit_log ORDER BY id LIMIT 1) a, generate_series(1, $1::int)`,
      [ACCESS_LOG_COUNT_CAP + 10],
    );
    const big = await api.call('GET', '/secure/auditLog?perPage=50', { as: DEMO.auditor });
    expect(big.status).toBe(200);
    expect(big.body.total).toBeNull();
    expect(big.body.hasNextPage).toBe(true);
    expect(big.body.items).toHaveLength(50);
    const last = await api.call('GET', '/secure/auditLog?perPage=50&order=ASC&from=2999-01-01T00:00:00Z', { as: DEMO.auditor });
    expect(last.body).toEqual({ items: [], total: 0, hasNextPage: false });
  });
});

describe("the export's batches (keyset on the row id)", () => {
  it('batches of 2 give the same rows in the same order as one batch, with and without a patient filter', async () => {
    // More of this patient's rows than one small batch holds.
    for (let i = 0; i < 4; i++)
      expect((await api.call('GET', `/secure/patient/detailsBySubId/${patientId}`, { as: DEMO.clinician })).status).toBe(200);
    const read = async (f: AccessLogFilter, batch: number) => {
      const ids: string[] = [];
      for await (const row of accessLogRows(api.pool, f, 40, batch)) ids.push(row.id);
      return ids;
    };
    for (const f of [{ patientId }, { action: 'READ' }] as AccessLogFilter[]) {
      const whole = await read(f, 1000);
      expect(whole.length).toBeGreaterThan(4);
      expect(await read(f, 2)).toEqual(whole);
    }
  });
});
