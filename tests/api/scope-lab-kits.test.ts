import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';
import { CALLERS, expectFullyMasked, expectNoClinicalKeys, expectNoIdentifiers, outsidePatients, type Row } from './scope-helpers';

/**
 * Minimum necessary on the lab, kit, order and dashboard reads (spec 1 §6): a licence-bound clinician reads
 * a patient in clear only in its valid licence states. Walked for Jane (valid NV, CO, CA, NY; TX expired) and for the
 * clinician without any licence; auditors and super admins read everything; staff never receive clinical fields.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

/** The lists of patient data, with how to find a row's own state and kit (null when the row names none). */
const LISTS: { url: string; items: (b: any) => Row[]; state?: (r: Row) => string | null; kit?: (r: Row) => string | null }[] = [
  { url: '/secure/testResult?perPage=200', items: (b) => b.items, state: (r) => r.patientState, kit: (r) => r.kitId },
  { url: '/secure/labRequest?perPage=200&sort=kitId&order=ASC', items: (b) => b.items, state: (r) => r.patientState, kit: (r) => r.kitId },
  { url: '/secure/testResult/status/NEEDS_CLINICIAN_REVIEW?perPage=200', items: (b) => b.items, state: (r) => r.patientState, kit: (r) => r.kitId },
  {
    url: '/secure/kit/status/SAMPLE_COLLECTED_PENDING_REVIEW?perPage=200',
    items: (b) => b.items,
    state: (r) => r.registrationState,
    kit: (r) => r.kitId,
  },
  { url: '/secure/report/orders?perPage=200', items: (b) => b.items, state: (r) => r.address?.province_code ?? null },
  { url: '/default/order/status/PENDING_SHIPMENT?perPage=200', items: (b) => b.items },
  {
    url: '/secure/dashboard/summary?stateMode=ALL&perPage=50',
    items: (b) => b.cards.flatMap((c: { rows: Row[] }) => c.rows),
    state: (r) => r.patientState ?? null,
  },
  { url: '/secure/dashboard/card/needingReview?stateMode=ALL&perPage=200', items: (b) => b.items, state: (r) => r.patientState, kit: (r) => r.kitId },
  {
    url: '/secure/dashboard/card/rejectedSamples?stateMode=ALL&perPage=200',
    items: (b) => b.items,
    state: (r) => r.patientState,
    kit: (r) => r.kitId,
  },
];

describe.each(CALLERS)('lists for $name', ({ who, states }) => {
  it('mask every row outside the valid licence states, and only those; no out-of-scope patient is named', async () => {
    const outside = await outsidePatients(api, states);
    for (const list of LISTS) {
      const res = await api.call('GET', list.url, { as: who });
      expect(res.status, list.url).toBe(200);
      const items = list.items(res.body);
      expect(items.length, list.url).toBeGreaterThan(0);
      expectNoIdentifiers(res.body, outside, list.url);
      for (const r of items) {
        if (r.masked) expectFullyMasked(r, `${list.url} ${r.kitId ?? r.id}`);
        else if (list.state && list.state(r) !== null) expect(states, `${list.url} ${r.kitId}`).toContain(list.state(r)!);
      }
      // Masked exactly where the kit's patient is outside the scope (a kit without a patient has no patient data).
      const kitOf = list.kit;
      const kits = kitOf ? items.map(kitOf).filter(Boolean) : [];
      if (!kitOf || kits.length === 0) continue;
      const { rows } = await api.pool.query<{ kit_id: string; out: boolean }>(
        `SELECT kit_id, (k.patient_id IS NOT NULL AND (patient_state IS NULL OR NOT (patient_state = ANY($2::text[])))) AS out
           FROM kits k WHERE kit_id = ANY($1::text[])`,
        [kits, states],
      );
      const out = new Map(rows.map((r) => [r.kit_id, r.out]));
      for (const r of items) {
        const kit = kitOf(r);
        if (kit) expect(r.masked, `${list.url} ${kit}`).toBe(out.get(kit));
      }
    }
  });

  it('CSV exports name no out-of-scope patient', async () => {
    const outside = await outsidePatients(api, states);
    for (const url of ['/secure/testResult/export', '/secure/labRequest/export', '/secure/report/orders/export']) {
      const res = await api.call('GET', url, { as: who });
      expect(res.status, url).toBe(200);
      expect(String(res.body).split('\r\n').length, url).toBeGreaterThan(2);
      expectNoIdentifiers(String(res.body), outside, url);
    }
  });

  it('single records outside the scope are 404, like records that do not exist', async () => {
    const kit = await one(
      `SELECT k.kit_id, k.patient_id FROM kits k JOIN test_results tr ON tr.kit_id = k.kit_id
      WHERE k.patient_id IS NOT NULL AND NOT (k.patient_state = ANY($1::text[])) ORDER BY k.kit_id LIMIT 1`,
      [states],
    );
    for (const url of [
      `/secure/testResult/${kit.kit_id}`,
      `/secure/testResult/cdd/labResultsForm?kitId=${kit.kit_id}`,
      `/secure/kit/${kit.kit_id}`,
      `/secure/kit/${kit.kit_id}/label`,
      `/secure/v2/kit/patient/${kit.patient_id}`,
    ]) {
      const res = await api.call('GET', url, { as: who });
      expect(res.status, url).toBe(404);
      expect(JSON.stringify(res.body), url).not.toContain('@example.com');
    }
  });
});

describe('searching and sorting never reveal masked rows', () => {
  it('a search by an out-of-scope patient e-mail or surname returns none of that patient rows', async () => {
    for (const { who, states } of CALLERS) {
      const p = await one(
        `SELECT p.id, p.email, p.last_name FROM patients p JOIN kits k ON k.patient_id = p.id
        JOIN test_results tr ON tr.kit_id = k.kit_id WHERE NOT (k.patient_state = ANY($1::text[])) ORDER BY p.id LIMIT 1`,
        [states],
      );
      const kits = (await api.pool.query(`SELECT kit_id FROM kits WHERE patient_id = $1`, [p.id])).rows.map((r) => r.kit_id);
      for (const base of ['/secure/testResult', '/secure/labRequest', '/secure/kit/status/SAMPLE_COLLECTED_PENDING_REVIEW']) {
        for (const q of [p.email, p.last_name]) {
          const res = await api.call('GET', `${base}?perPage=200&q=${encodeURIComponent(q)}`, { as: who });
          expect(res.status).toBe(200);
          const where = `${base} q=${q} as ${who}`;
          expect(
            res.body.items.filter((r: Row) => r.masked || kits.includes(r.kitId)),
            where,
          ).toEqual([]);
          expect(res.body.total, where).toBe(res.body.items.length);
        }
      }
      // The auditor finds that patient: the search itself works.
      const audit = await api.call('GET', `/secure/testResult?perPage=200&q=${encodeURIComponent(p.email)}`, { as: DEMO.auditor });
      expect(audit.body.items.some((r: Row) => kits.includes(r.kitId))).toBe(true);
    }
  });

  it('a search by kit id still finds a masked row (the kit id is not masked)', async () => {
    const kit = await one(`SELECT kit_id FROM test_results WHERE patient_state = 'TX' ORDER BY kit_id LIMIT 1`);
    const res = await api.call('GET', `/secure/testResult?q=${kit.kit_id}`, { as: DEMO.clinician });
    expect(res.body.items).toEqual([expect.objectContaining({ kitId: kit.kit_id, masked: true })]);
  });

  const sortValue: Record<string, (r: Row) => unknown> = {
    patientName: (r) => r.user?.lastName ?? null,
    status: (r) => r.status,
    productName: (r) => r.productName,
    patientState: (r) => r.patientState,
  };
  it.each(Object.keys(sortValue))('sorting by %s keeps masked rows after every real value, both ways', async (sort) => {
    for (const order of ['ASC', 'DESC']) {
      const rows: Row[] = [];
      for (let page = 1; ; page += 1) {
        const res = await api.call('GET', `/secure/testResult?sort=${sort}&order=${order}&perPage=200&page=${page}`, { as: DEMO.clinician });
        rows.push(...res.body.items);
        if (rows.length >= res.body.total) break;
      }
      const firstMasked = rows.findIndex((r) => r.masked);
      expect(firstMasked, `${sort} ${order}`).toBeGreaterThan(0);
      // After the first masked row only masked rows and rows without a value (a kit without a patient) follow.
      expect(
        rows.slice(firstMasked).filter((r) => !r.masked && sortValue[sort](r) !== null),
        `${sort} ${order}`,
      ).toEqual([]);
    }
  });
});

describe('auditors and super admins read everything in clear', () => {
  it.each([DEMO.auditor, DEMO.superAdmin])('%s: no masked row, single records of every state', async (who) => {
    for (const list of LISTS) {
      const res = await api.call('GET', list.url, { as: who });
      expect(
        list.items(res.body).filter((r) => r.masked),
        list.url,
      ).toEqual([]);
    }
    const kit = await one(`SELECT kit_id FROM test_results WHERE patient_state = 'PA' ORDER BY kit_id LIMIT 1`);
    for (const url of [
      `/secure/testResult/${kit.kit_id}`,
      `/secure/testResult/cdd/labResultsForm?kitId=${kit.kit_id}`,
      `/secure/kit/${kit.kit_id}`,
    ]) {
      expect((await api.call('GET', url, { as: who })).status, url).toBe(200);
    }
  });
});

describe('staff: product and order data, never clinical fields', () => {
  it('kit lists, kit detail and dashboard rows carry no clinical field', async () => {
    const kit = await one(`SELECT k.kit_id, k.patient_id FROM kits k JOIN test_results tr ON tr.kit_id = k.kit_id
      JOIN patients p ON p.id = k.patient_id WHERE p.medication IS NOT NULL AND p.allergies IS NOT NULL AND tr.results <> '[]'::jsonb
      ORDER BY k.kit_id LIMIT 1`);
    for (const url of [
      `/secure/kit/${kit.kit_id}`,
      `/secure/v2/kit/patient/${kit.patient_id}`,
      '/secure/kit/status/PENDING_RESULTS?perPage=200',
      '/secure/dashboard/summary?stateMode=ALL',
      '/secure/dashboard/card/rejectedSamples?stateMode=ALL',
    ]) {
      const res = await api.call('GET', url, { as: DEMO.staff });
      expect(res.status, url).toBe(200);
      expectNoClinicalKeys(res.body, url);
    }
    // The same kit detail carries them for a clinician licensed in the state, so the check above can fail.
    const clinical = await one(`SELECT k.kit_id FROM kits k JOIN patients p ON p.id = k.patient_id
      WHERE p.medication IS NOT NULL AND k.patient_state = 'NV' ORDER BY k.kit_id LIMIT 1`);
    expect((await api.call('GET', `/secure/kit/${clinical.kit_id}`, { as: DEMO.clinician })).body).toMatchObject({
      medication: expect.any(String),
      masked: false,
    });
  });
});
