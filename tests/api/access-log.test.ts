import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_COUNT_CAP, type AccessLogFilter } from '../../src/domain/access-log/access-log';
import { accessLogRows } from '../../src/server/access-log/repository';
import { DEMO, env, startApi, type TestApi } from './helpers';
import { parseContentRange, restQuery } from './rest-list';

/** The PHI access log: only auditors and super admins, filters, export, chain status, disclosures. */
let api: TestApi;
let patientId: string;
/** GET of the log in the simple REST conventions (filter, range, sort as JSON texts). */
const log = (q: Parameters<typeof restQuery>[0], as: string = DEMO.auditor) => api.call('GET', `/secure/auditLog?${restQuery(q)}`, { as });
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
    const { res, rows } = await api.audited(() => log({ filter: { patientId, actorSub: clinicianSub } }));
    expect(res.status).toBe(200);
    const { total } = parseContentRange(res.headers['content-range']);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(res.body.length).toBe(Math.min(Number(total), 50));
    for (const item of res.body) {
      expect(item.patientIds).toContain(patientId);
      expect(item.actorSub).toBe(clinicianSub);
    }
    expect(res.body[0]).toMatchObject({
      route: '/secure/patient/detailsBySubId/:id',
      method: 'GET',
      outcome: 'SUCCESS',
      actorName: expect.any(String),
    });
    const times = res.body.map((i: { at: string }) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_sub: env().cognito.subs[DEMO.auditor], action: 'READ', entity_type: 'audit_log', entity_ids: [patientId] });
  });

  it('filters by action, outcome and time window, and pages', async () => {
    const denied = await log({ filter: { outcome: 'DENIED' }, range: [0, 4] }, DEMO.superAdmin);
    expect(denied.status).toBe(200);
    expect(denied.body.every((i: { outcome: string }) => i.outcome === 'DENIED')).toBe(true);
    expect(denied.body.length).toBeLessThanOrEqual(5);
    const future = await log({ filter: { from: '2999-01-01T00:00:00Z' } });
    expect(future.body).toEqual([]);
    expect(future.headers['content-range']).toBe('items */0');
    const reads = await log({ filter: { action: 'read' }, range: [0, 2] });
    expect(reads.body.every((i: { action: string }) => i.action === 'READ')).toBe(true);
    // Pages: the rows first..last of the same order (oldest first: the reads of this test add newer rows meanwhile).
    const first = await log({ range: [0, 3], sort: ['at', 'ASC'] });
    expect(first.headers['content-range']).toMatch(/^items 0-3\/\d+$/);
    const times = first.body.map((i: { at: string }) => i.at);
    expect(times).toEqual([...times].sort());
    const next = await log({ range: [2, 3], sort: ['at', 'ASC'] });
    expect(next.headers['content-range']).toMatch(/^items 2-3\/\d+$/);
    expect(next.body.map((i: { id: string }) => i.id)).toEqual(first.body.slice(2, 4).map((i: { id: string }) => i.id));
    const newest = (await log({ range: [0, 3] })).body.map((i: { at: string }) => i.at);
    expect(newest).toEqual([...newest].sort().reverse());
    expect(newest[0] >= times[3]).toBe(true);
  });

  it("shows staff and auditors by name once they opened the portal (their token's name), not only by sub", async () => {
    const auditorSub = env().cognito.subs[DEMO.auditor];
    expect((await api.call('GET', '/secure/account/status', { as: DEMO.auditor })).status).toBe(200);
    expect((await api.call('GET', '/secure/account/status', { as: DEMO.staff })).status).toBe(200);
    const res = await log({ filter: { actorSub: auditorSub }, range: [0, 4] }, DEMO.superAdmin);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((i: { actorName: string | null }) => i.actorName === 'Owen Price')).toBe(true);
    const csv = await api.call('GET', `/secure/auditLog/export?${restQuery({ filter: { actorSub: auditorSub } })}`, { as: DEMO.superAdmin });
    expect(String(csv.body).split('\r\n')[1]).toContain(`${auditorSub},Owen Price,`);
  });

  it('refuses bad filters, ranges and sorts with the error format and a sentence', async () => {
    const cases: Array<[string, RegExp]> = [
      [restQuery({ filter: { patientId: 'not-a-uuid' } }), /./],
      [restQuery({ filter: { outcome: 'MAYBE' } }), /must be one of: SUCCESS, DENIED, FAILED/],
      [restQuery({ filter: { from: 'yesterday' } }), /must be a date and time/],
      [restQuery({ filter: { unknown: 1 } }), /is not an accepted field/],
      ['filter=notjson', /^Filter must be JSON/],
      [restQuery({ range: [0, 5000] }), /^Range must be at most 500 rows/],
      [restQuery({ range: [3, 1] }), /^Range must end at or after its first row/],
      [restQuery({ sort: ['actorSub', 'ASC'] }), /^Sort field must be one of: at$/],
      [restQuery({ sort: ['at', 'NEWEST'] }), /^Sort order must be ASC or DESC$/],
      ['unknown=1', /is not an accepted field/],
      ['page=1&perPage=50', /is not an accepted field/],
    ];
    for (const [q, reason] of cases) {
      const res = await api.call('GET', `/secure/auditLog?${q}`, { as: DEMO.auditor });
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ msg: 'Invalid request', reason: expect.stringMatching(reason) });
    }
  });

  it('exports the matching rows as CSV, in the order written', async () => {
    const res = await api.call('GET', `/secure/auditLog/export?${restQuery({ filter: { patientId }, sort: ['at', 'ASC'] })}`, { as: DEMO.auditor });
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
  it('counts at most ACCESS_LOG_COUNT_CAP rows: beyond, the total is * while more rows follow (partial pagination)', async () => {
    const small = await log({ range: [0, 1] });
    expect(small.body).toHaveLength(2);
    expect(parseContentRange(small.headers['content-range'])).toMatchObject({ first: 0, last: 1 });
    expect(Number(parseContentRange(small.headers['content-range']).total)).toBeGreaterThan(2);
    // More rows than the cap (copies of one row, content hash and all, so the chain stays intact): added by the owner.
    await api.ownerPool().query(
      `INSERT INTO audit_log (at, actor_sub, action, route, method, entity_type, entity_ids, patient_ids, outcome,
        status_code, request_id, client_ip, user_agent, content_hash)
      SELECT a.at, a.actor_sub, a.action, a.route, a.method, a.entity_type, a.entity_ids, a.patient_ids, a.outcome,
             a.status_code, a.request_id, a.client_ip, a.user_agent, a.content_hash
        FROM (SELECT * FROM audit_log ORDER BY id LIMIT 1) a, generate_series(1, $1::int)`,
      [ACCESS_LOG_COUNT_CAP + 10],
    );
    const big = await log({ range: [0, 49] });
    expect(big.status).toBe(200);
    expect(big.headers['content-range']).toBe('items 0-49/*');
    expect(big.body).toHaveLength(50);
    const last = await log({ filter: { from: '2999-01-01T00:00:00Z' }, range: [0, 49], sort: ['at', 'ASC'] });
    expect(last.body).toEqual([]);
    expect(last.headers['content-range']).toBe('items */0');
    // Uncounted, but the last rows are known to be the last: the total is then exact (no next page to offer).
    const n = (await api.pool.query('SELECT count(*)::int AS n FROM audit_rows')).rows[0].n as number;
    expect(n).toBeGreaterThan(ACCESS_LOG_COUNT_CAP);
    const beyond = await log({ range: [n - 3, n + 10] });
    const range = parseContentRange(beyond.headers['content-range']);
    expect(range.first).toBe(n - 3);
    expect(range.last).toBeGreaterThanOrEqual(n - 1);
    expect(range.total).toBe(range.last! + 1);
    expect(beyond.body).toHaveLength(range.last! - range.first! + 1);
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
