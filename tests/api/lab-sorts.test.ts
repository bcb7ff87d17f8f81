import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';
import { JANE_STATES } from './scope-helpers';

/**
 * The lab lists' sorts (lab/repository-lists.ts): the page's kit ids are chosen before the rest of each row is joined,
 * from sort keys copied onto the lab tables (migration 0045), a masked or nullable key read in parts. Every page must
 * still be the page of the plain ORDER BY over the source tables (patients, kits), for every reader and filter.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  // Kits without a patient (no name, no state: last both ways), more than a page of 20 of them, in both lists.
  const owner = api.ownerPool();
  const { rows } = await owner.query<{ kit_id: string }>(
    `SELECT kit_id FROM kits k WHERE EXISTS (SELECT 1 FROM test_results tr WHERE tr.kit_id = k.kit_id) LIMIT 1`,
  );
  for (let i = 0; i < 25; i += 1) {
    const kitId = `KTNOPAT${String(i).padStart(3, '0')}`;
    await owner.query(
      `INSERT INTO kits SELECT (jsonb_populate_record(k, jsonb_build_object('kit_id', $2::text, 'tube_id', NULL, 'patient_id', NULL, 'patient_state', NULL))).*
         FROM kits k WHERE k.kit_id = $1`,
      [rows[0].kit_id, kitId],
    );
    await owner.query(`INSERT INTO lab_requests (kit_id, status) VALUES ($1, 'REGISTERED')`, [kitId]);
    await owner.query(`INSERT INTO test_results (kit_id, status) VALUES ($1, 'PENDING_REVIEW')`, [kitId]);
  }
});
afterAll(async () => {
  await api.close();
});

const LISTS = [
  ['/secure/labRequest', 'lab_requests'],
  ['/secure/testResult', 'test_results'],
] as const;
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const kitIds = (body: { items: Array<{ kitId: string }> }) => body.items.map((r) => r.kitId);

describe('pages are slices of one order, for every sort both ways', () => {
  const sorts = ['createDateTime', 'kitId', 'status', 'patientName', 'patientState', 'productName'];
  it.each(LISTS.map(([path]) => path))('%s, for a licence-bound clinician and an auditor', async (path) => {
    for (const who of [DEMO.clinician, DEMO.auditor])
      for (const sort of sorts)
        for (const order of ['ASC', 'DESC']) {
          const page = async (n: number, size: number) =>
            kitIds((await api.call('GET', `${path}?sort=${sort}&order=${order}&page=${n}&perPage=${size}`, { as: who })).body);
          const whole = await page(1, 21);
          expect(whole, `${who} ${sort} ${order}`).toHaveLength(21);
          expect([...(await page(1, 7)), ...(await page(2, 7)), ...(await page(3, 7))], `${who} ${sort} ${order}`).toEqual(whole);
        }
  });

  it('breaks ties by kit id in the order asked', async () => {
    for (const order of ['ASC', 'DESC']) {
      const res = await api.call('GET', `/secure/labRequest?sort=status&order=${order}&perPage=100`, { as: DEMO.auditor });
      const rows: Array<{ kitId: string; status: string }> = res.body.items;
      const ties = rows.filter((r, i) => i > 0 && r.status === rows[i - 1].status).length;
      expect(ties).toBeGreaterThan(0);
      for (let i = 1; i < rows.length; i += 1)
        if (rows[i].status === rows[i - 1].status) expect(rows[i].kitId > rows[i - 1].kitId, `${order} ${rows[i].kitId}`).toBe(order === 'ASC');
    }
  });
});

// The sort keys as their sources hold them, and the page the plain ORDER BY gives over every row: masked (NULL, so
// last both ways) outside `inScope`, rows meeting `filter` only.
const COLUMN: Record<string, string> = {
  status: 'b.status',
  patientState: 'b.patient_state',
  productName: 'k.product_name',
  patientName: 'p.last_name',
};
const FROM = (table: string) => `${table} b JOIN kits k ON k.kit_id = b.kit_id LEFT JOIN patients p ON p.id = k.patient_id`;

async function expectPlainOrder(o: { path: string; table: string; who: string; inScope: string; filter: string; query: string; params: unknown[] }) {
  for (const sort of Object.keys(COLUMN)) {
    const where = `WHERE ${o.filter}`;
    const valued = (await one(`SELECT count(*)::int AS n FROM ${FROM(o.table)} ${where} AND ${o.inScope} AND ${COLUMN[sort]} IS NOT NULL`, o.params))
      .n;
    const rowsSql = `SELECT count(*)::int AS n FROM ${FROM(o.table)} ${where}`;
    const rows = (await one(rowsSql, rowsSql.includes('$1') ? o.params : [])).n;
    // The page of 20 where the rows in scope with a value end (the last page when every row has one).
    const last = Math.min(Math.floor(valued / 20) + 1, Math.ceil(rows / 20));
    for (const order of ['ASC', 'DESC'])
      for (const [page, perPage] of [
        [2, 30],
        [Math.max(1, last - 1), 20],
        [last, 20],
      ]) {
        const key = (c: string) => `(CASE WHEN ${o.inScope} THEN ${c} END) ${order} NULLS LAST`;
        const expected = (
          await api.pool.query<{ kit_id: string }>(
            `SELECT b.kit_id FROM ${FROM(o.table)} ${where}
             ORDER BY ${key(COLUMN[sort])}${sort === 'patientName' ? `, ${key('p.first_name')}` : ''}, b.kit_id ${order}
             LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
            o.params,
          )
        ).rows.map((r) => r.kit_id);
        const res = await api.call('GET', `${o.path}?${o.query}&sort=${sort}&order=${order}&page=${page}&perPage=${perPage}`, { as: o.who });
        const what = `${o.who} ${o.query} ${sort} ${order} page ${page} of ${perPage}`;
        expect(expected.length, what).toBeGreaterThan(0);
        expect(kitIds(res.body), what).toEqual(expected);
      }
  }
}

describe('sorts give the order of the sort key over every row', () => {
  const IN_JANES_SCOPE = `(k.patient_id IS NULL OR b.patient_state = ANY($1))`;
  it.each(LISTS)("%s, masked outside a licence-bound clinician's scope, also where the rows in scope end", async (path, table) => {
    await expectPlainOrder({
      path,
      table,
      who: DEMO.clinician,
      inScope: IN_JANES_SCOPE,
      filter: 'TRUE',
      query: 'queryType=ALL',
      params: [JANE_STATES],
    });
  });

  it.each(LISTS)('%s, for a reader not bound by licence (no key masked), also where the rows with a value end', async (path, table) => {
    await expectPlainOrder({ path, table, who: DEMO.auditor, inScope: 'TRUE', filter: 'TRUE', query: 'queryType=ALL', params: [] });
  });

  it.each(LISTS)('%s, masked, under the Unassigned and My States filters', async (path, table) => {
    const base = { path, table, who: DEMO.clinician, inScope: IN_JANES_SCOPE, params: [JANE_STATES] };
    await expectPlainOrder({ ...base, filter: 'b.clinician_id IS NULL AND $1::text[] IS NOT NULL', query: 'queryType=UNASSIGNED' });
    await expectPlainOrder({ ...base, filter: 'b.patient_state = ANY($1)', query: 'myStates=true' });
  });
});

describe('the sort keys copied onto the lab tables follow their sources (migration 0045)', () => {
  // Every lab request and result whose copied patient, names or product differ from its kit's patient and product.
  const stale = async () =>
    (
      await one(`SELECT (SELECT count(*) FROM lab_requests b JOIN kits k ON k.kit_id = b.kit_id LEFT JOIN patients p ON p.id = k.patient_id
                   WHERE (b.kit_patient_id, b.patient_last_name, b.patient_first_name, b.product_name) IS DISTINCT FROM (k.patient_id, p.last_name, p.first_name, k.product_name))
                + (SELECT count(*) FROM test_results b JOIN kits k ON k.kit_id = b.kit_id LEFT JOIN patients p ON p.id = k.patient_id
                   WHERE (b.kit_patient_id, b.patient_last_name, b.patient_first_name, b.product_name) IS DISTINCT FROM (k.patient_id, p.last_name, p.first_name, k.product_name))
                AS n`)
    ).n;
  const firstByName = async (path: string) =>
    kitIds((await api.call('GET', `${path}?sort=patientName&order=ASC&perPage=1`, { as: DEMO.auditor })).body)[0];

  it('a renamed patient, a kit given another product or patient, a new lab request; a copy out of step is refused', async () => {
    const owner = api.ownerPool();
    expect(await stale()).toBe('0');
    const kit =
      await one(`SELECT k.kit_id, k.patient_id FROM kits k JOIN test_results tr ON tr.kit_id = k.kit_id JOIN lab_requests lr ON lr.kit_id = k.kit_id
                            WHERE k.patient_id IS NOT NULL ORDER BY k.kit_id LIMIT 1`);
    await owner.query(`UPDATE patients SET last_name = 'Aaaa', first_name = 'Aaron' WHERE id = $1`, [kit.patient_id]);
    expect(await stale()).toBe('0');
    for (const [path] of LISTS) expect(await firstByName(path)).toBe(kit.kit_id);

    await owner.query(`UPDATE kits SET product_name = 'Zz Renamed Panel' WHERE kit_id = $1`, [kit.kit_id]);
    const other = await one(`SELECT id FROM patients WHERE id <> $1 ORDER BY id LIMIT 1`, [kit.patient_id]);
    await owner.query(`UPDATE kits SET patient_id = $2 WHERE kit_id = $1`, [kit.kit_id, other.id]);
    expect(await stale()).toBe('0');
    for (const [path] of LISTS) expect(await firstByName(path)).not.toBe(kit.kit_id);

    await owner.query(
      `INSERT INTO kits SELECT (jsonb_populate_record(k, jsonb_build_object('kit_id', 'KTSORT0001', 'tube_id', NULL, 'patient_id', $2::uuid))).*
         FROM kits k WHERE k.kit_id = $1`,
      [kit.kit_id, kit.patient_id],
    );
    await owner.query(`INSERT INTO lab_requests (kit_id, status, patient_state) VALUES ('KTSORT0001', 'REGISTERED', 'CA')`);
    expect(await stale()).toBe('0');
    // Among the renamed patient's kits, first by name.
    const named = await one(`SELECT count(*)::int AS n FROM lab_requests WHERE patient_last_name = 'Aaaa'`);
    const page = await api.call('GET', `/secure/labRequest?sort=patientName&order=ASC&perPage=${named.n}`, { as: DEMO.auditor });
    expect(kitIds(page.body)).toContain('KTSORT0001');

    await expect(owner.query(`UPDATE lab_requests SET patient_first_name = NULL WHERE kit_id = 'KTSORT0001'`)).rejects.toThrow(/sort_names_check/);
  });
});
