import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitRowSchema } from '../../src/domain/kits/kits';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const COLLECTED = 'SAMPLE_COLLECTED_PENDING_REVIEW';
type Row = { kitId: string; masked: boolean; [k: string]: unknown };

describe('GET /secure/kit/status/{status}: server-side paged kit / lab order rows', () => {
  it('pages a status in a care location, newest first, with the total from SQL and the row shape of spec 1 §3', async () => {
    const { n } = await one(`SELECT count(*)::int AS n FROM kits WHERE status = $1 AND care_location = 'DENVER_CAREHUB_01'`, [COLLECTED]);
    const res = await api.call('GET', `/secure/kit/status/${COLLECTED}?careLocation=DENVER_CAREHUB_01&page=1&perPage=10`, { as: DEMO.staff });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(n);
    expect(res.body.items).toHaveLength(10);
    // Staff have no clinical access: the row of spec 1 §3 without its result summary.
    expect(Object.keys(res.body.items[0]).sort()).toEqual(
      Object.keys(kitRowSchema.shape)
        .filter((k) => k !== 'summaryStatus')
        .sort(),
    );
    const clinician = await api.call('GET', `/secure/kit/status/${COLLECTED}?careLocation=DENVER_CAREHUB_01&page=1&perPage=10`, {
      as: DEMO.superAdmin,
    });
    expect(Object.keys(clinician.body.items[0]).sort()).toEqual(Object.keys(kitRowSchema.shape).sort());
    for (const r of res.body.items)
      expect(r).toMatchObject({ kitStatus: COLLECTED, careLocationCode: 'DENVER_CAREHUB_01', careLocation: 'Care Hub Denver' });
    const created = res.body.items.map((r: { created: string }) => r.created);
    expect([...created].sort().reverse()).toEqual(created);
    const page2 = await api.call('GET', `/secure/kit/status/${COLLECTED}?careLocation=DENVER_CAREHUB_01&page=2&perPage=10`, { as: DEMO.staff });
    const first = new Set(res.body.items.map((r: Row) => r.kitId));
    expect(page2.body.items.some((r: Row) => first.has(r.kitId))).toBe(false);
  });
  it('accepts the care location by name, ALL, or none; searches by kit id, requisition or patient', async () => {
    const byName = await api.call('GET', `/secure/kit/status/${COLLECTED}?careLocation=${encodeURIComponent('Las Vegas hub')}&perPage=5`, {
      as: DEMO.staff,
    });
    expect(byName.body.items.every((r: Row) => r.careLocationCode === 'CHARLESTON_NV_89104')).toBe(true);
    const all = await api.call('GET', `/secure/kit/status/${COLLECTED}?careLocation=ALL`, { as: DEMO.staff });
    expect(all.body.total).toBe((await one(`SELECT count(*)::int AS n FROM kits WHERE status = $1`, [COLLECTED])).n);
    const k = await one(
      `SELECT k.kit_id, k.requisition_id, p.last_name FROM kits k JOIN patients p ON p.id = k.patient_id WHERE k.status = $1 AND k.patient_state = 'NV' ORDER BY k.kit_id LIMIT 1`,
      [COLLECTED],
    );
    const byKit = await api.call('GET', `/secure/kit/status/${COLLECTED}?q=${k.kit_id}`, { as: DEMO.staff });
    expect(byKit.body).toMatchObject({ total: 1, items: [{ kitId: k.kit_id, reqId: k.requisition_id }] });
    const byName2 = await api.call('GET', `/secure/kit/status/${COLLECTED}?q=${encodeURIComponent(k.last_name)}&perPage=200`, { as: DEMO.staff });
    expect(byName2.body.items.map((r: Row) => r.kitId)).toContain(k.kit_id);
    const wild = await api.call('GET', `/secure/kit/status/${COLLECTED}?q=${encodeURIComponent('%')}`, { as: DEMO.staff });
    expect(wild.body.total).toBe(0);
  });
  it('a manifested kit carries its tracking number (shipManifestNum)', async () => {
    const res = await api.call('GET', '/secure/kit/status/SAMPLE_SHIPMENT_MANIFEST_CREATED?perPage=50', { as: DEMO.superAdmin });
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((r: Row) => typeof r.shipManifestNum === 'string' && (r.shipManifestNum as string).length >= 12)).toBe(true);
  });
  it('400 for bad parameters', async () => {
    for (const url of [
      `/secure/kit/status/NOPE`,
      `/secure/kit/status/${COLLECTED}?perPage=500`,
      `/secure/kit/status/${COLLECTED}?careLocation=Mars`,
      `/secure/kit/status/${COLLECTED}?page=0`,
      `/secure/kit/status/${COLLECTED}?extra=1`,
      `/secure/kit/status/${COLLECTED}?sort=patient_id`,
    ]) {
      const res = await api.call('GET', url, { as: DEMO.staff });
      expect(res.status, url).toBe(400);
      // The error format: msg, the reason in words, and the field it is about.
      expect(Object.keys(res.body).sort()).toEqual(['field', 'msg', 'reason']);
    }
  });
  it('rows outside the viewer valid licence states are XXXXXX except kitId and createDateTime; auditors and super admins see them', async () => {
    const { n } = await one(`SELECT count(*)::int AS n FROM kits WHERE status = 'REGISTERED' AND patient_state = 'TX'`);
    expect(n).toBeGreaterThan(0);
    const mine = await api.call('GET', '/secure/kit/status/REGISTERED?perPage=200', { as: DEMO.clinician });
    const masked = mine.body.items.filter((r: Row) => r.masked);
    expect(masked.length).toBeGreaterThan(0);
    for (const r of masked) {
      expect(r.kitId).toMatch(/^KT/);
      expect(r.createDateTime).toMatch(/^\d{4}-/);
      expect(r.name).toBe('XXXXXX');
      expect(r.registrationState).toBe('XXXXXX');
      expect(r.created).toBe('XXXXXX');
    }
    const maskedIds = masked.map((r: Row) => r.kitId);
    const { rows } = await api.pool.query(`SELECT kit_id FROM kits WHERE kit_id = ANY($1) AND patient_state IN ('NV', 'CO', 'CA', 'NY')`, [
      maskedIds,
    ]);
    expect(rows).toEqual([]);
    // Expired (TX) and never licensed (PA) alike.
    const outside = (await api.pool.query(`SELECT kit_id FROM kits WHERE status = 'REGISTERED' AND patient_state IN ('TX', 'PA')`)).rows.map(
      (r) => r.kit_id,
    );
    for (const r of mine.body.items as Row[]) if (outside.includes(r.kitId)) expect(r.masked, r.kitId).toBe(true);
    for (const who of [DEMO.auditor, DEMO.superAdmin]) {
      const res = await api.call('GET', '/secure/kit/status/REGISTERED?perPage=200', { as: who });
      expect(res.body.items.every((r: Row) => r.masked === false)).toBe(true);
    }
  });
  it('every row read is audited (one row for the request, with every kit and patient); operation support has no product/order access', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', `/secure/kit/status/PENDING_RESULTS?perPage=7`, { as: DEMO.staff }));
    const ids = res.body.items.map((r: Row) => r.kitId);
    const patients = (await api.pool.query(`SELECT DISTINCT patient_id FROM kits WHERE kit_id = ANY($1) AND patient_id IS NOT NULL`, [ids])).rows.map(
      (r) => r.patient_id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'READ', entity_type: 'kit' });
    expect([...rows[0].entity_ids].sort()).toEqual([...ids].sort());
    expect([...rows[0].patient_ids].sort()).toEqual(patients.sort());
    expect((await api.call('GET', `/secure/kit/status/${COLLECTED}`, { as: DEMO.ops })).status).toBe(403);
    expect((await api.call('GET', `/secure/kit/status/${COLLECTED}`, { as: DEMO.pending })).status).toBe(403);
    expect((await api.call('GET', `/secure/kit/status/${COLLECTED}`)).status).toBe(401);
  });
});

describe('GET /secure/kit/{id}: kit detail', () => {
  it('answers the kit detail of spec 1 §3 with patient and clinician', async () => {
    const k = await one(`SELECT k.kit_id, k.patient_id, c.first_name FROM kits k JOIN lab_requests lr ON lr.kit_id = k.kit_id
      JOIN clinicians c ON c.id = lr.clinician_id WHERE k.patient_state = 'NV' ORDER BY k.kit_id LIMIT 1`);
    const res = await api.call('GET', `/secure/kit/${k.kit_id}`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kitId: k.kit_id, masked: false, clinician: { firstName: k.first_name }, patient: { userId: k.patient_id } });
    for (const key of [
      'labName',
      'requisitionId',
      'productName',
      'symptoms',
      'registrationDateTime',
      'testTakenDate',
      'sampleLabelPdfS3Url',
      'externalNote',
      'status',
    ]) {
      expect(res.body).toHaveProperty(key);
    }
    expect(
      (
        await one(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'READ' AND entity_type = 'kit' AND entity_ids = ARRAY[$1::text] AND patient_ids = ARRAY[$2::uuid]`,
          [k.kit_id, k.patient_id],
        )
      ).n,
    ).toBe(1);
  });
  it('a kit without a patient has patient null (PENDING PATIENT REGISTRATION in the portal)', async () => {
    const k = await one(`SELECT kit_id FROM kits WHERE patient_id IS NULL LIMIT 1`);
    const res = await api.call('GET', `/secure/kit/${k.kit_id}`, { as: DEMO.staff });
    expect(res.body.patient).toBeNull();
  });
  it('404 "Kit ID is not valid" for an unknown kit, 400 for a malformed one', async () => {
    const missing = await api.call('GET', '/secure/kit/KT9999999', { as: DEMO.staff });
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('Kit ID is not valid');
    const bad = await api.call('GET', `/secure/kit/${encodeURIComponent('KT 1;DROP')}`, { as: DEMO.staff });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toContain('Kit ID is not valid');
  });
  it('404 for a clinician without a valid licence in the patient state; external notes only with clinical access', async () => {
    for (const state of ['TX', 'PA']) {
      const out = await one(`SELECT kit_id FROM kits WHERE patient_state = $1 AND patient_id IS NOT NULL LIMIT 1`, [state]);
      const res = await api.call('GET', `/secure/kit/${out.kit_id}`, { as: DEMO.clinician });
      expect(res.status, state).toBe(404);
      expect(res.body.reason).toBe('Kit ID is not valid');
      expect((await api.call('GET', `/secure/kit/${out.kit_id}`, { as: DEMO.auditor })).body).toMatchObject({ kitId: out.kit_id, masked: false });
    }
    const rejected = await one(`SELECT lr.kit_id FROM lab_requests lr WHERE lr.status = 'REJECTED_BY_CLINICIAN' AND lr.patient_state = 'NV' LIMIT 1`);
    const asClinician = await api.call('GET', `/secure/kit/${rejected.kit_id}`, { as: DEMO.clinician });
    expect(asClinician.body.externalNote).toMatch(/sample/);
    const asStaff = await api.call('GET', `/secure/kit/${rejected.kit_id}`, { as: DEMO.staff });
    expect(asStaff.body).not.toHaveProperty('externalNote');
    expect((await api.call('GET', `/secure/kit/${rejected.kit_id}`, { as: DEMO.ops })).status).toBe(403);
  });
});

describe('GET /secure/v2/kit/patient/{id}', () => {
  it('lists the kits of one patient, newest first', async () => {
    const p = await one(`SELECT patient_id, count(*)::int AS n FROM kits WHERE patient_state = 'CO' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
    const res = await api.call('GET', `/secure/v2/kit/patient/${p.patient_id}`, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(p.n);
    expect(res.body.items.every((r: Row) => r.patientId === p.patient_id)).toBe(true);
  });
  it('404 for an unknown patient, 400 for a malformed id', async () => {
    expect((await api.call('GET', '/secure/v2/kit/patient/00000000-0000-4000-8000-000000000000', { as: DEMO.staff })).status).toBe(404);
    expect((await api.call('GET', '/secure/v2/kit/patient/..%2F..%2Fetc', { as: DEMO.staff })).status).toBe(400);
  });
});

describe('GET /secure/kit/testCompendium', () => {
  it('lists panels (with sub-tests and editable flags) and individual tests of a lab', async () => {
    const res = await api.call('GET', '/secure/kit/testCompendium?labName=LIFESCAN', { as: DEMO.clinician });
    expect(res.status).toBe(200);
    const names = res.body.map((e: { testOrPanelName: string }) => e.testOrPanelName);
    expect(names).toEqual(
      expect.arrayContaining([
        'Custom Panel',
        'Performer Panel',
        'Polyamorous / Unsure Exposure Panel',
        'The VIP Panel',
        'Check Me Out Panel',
        '3 - Site Oral + Chlamydia',
        'Bacterial Vaginosis',
        'HPV',
        'Mycoplasma genitalium',
      ]),
    );
    expect(names).not.toContain('RUB Panel');
    const performer = res.body.find((e: { testOrPanelName: string }) => e.testOrPanelName === 'Performer Panel');
    expect(performer).toMatchObject({ panel: true, testCode: 'LSP104' });
    expect(performer.specifications.some((s: { editable: boolean }) => !s.editable)).toBe(true);
    expect(res.body.filter((e: { panel: boolean }) => !e.panel).length).toBeGreaterThan(10);
  });
  it('adds the entries of a care location (given as the booking passes it: its name)', async () => {
    const res = await api.call('GET', `/secure/kit/testCompendium?labName=LIFESCAN&location=${encodeURIComponent('Care Hub Las Vegas Charleston')}`, {
      as: DEMO.clinician,
    });
    expect(res.body.map((e: { testOrPanelName: string }) => e.testOrPanelName)).toEqual(
      expect.arrayContaining(['RUB Panel', 'PASS Performer Panel', 'PASS/ Spankchain MGen Program']),
    );
    const cdd = await api.call('GET', '/secure/kit/testCompendium?labName=cdd', { as: DEMO.staff });
    expect(cdd.body.every((e: { testCode: string }) => e.testCode.startsWith('CDD-'))).toBe(true);
    const clear = await api.call('GET', '/secure/kit/testCompendium?labName=CLEAR', { as: DEMO.ops });
    expect(clear.status).toBe(200);
    expect((await api.call('GET', '/secure/kit/testCompendium?labName=QUEST', { as: DEMO.staff })).status).toBe(400);
    expect((await api.call('GET', '/secure/kit/testCompendium?location=Mars', { as: DEMO.staff })).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the kit, lab order, order report and file endpoints with their schemas', async () => {
    const doc = (await api.call('GET', '/openapi.json')).body;
    for (const p of [
      '/secure/kit/{kitId}',
      '/secure/kit/status/{status}',
      '/secure/v2/kit/patient/{id}',
      '/secure/kit/testCompendium',
      '/secure/kit/labOrderRequest',
      '/secure/kit/cancelLabOrders',
      '/secure/kit/approveLabOrderSamples',
      '/secure/kit/updateLabOrderWithShippingManifest',
      '/secure/kit/confirmLabOrderShippingManifest',
      '/secure/kit/manifests',
      '/secure/kit/manifests/{id}/pdf',
      '/secure/kit/{kitId}/label',
      '/default/order/status/{status}',
      '/secure/report/orders',
      '/secure/report/orders/export',
      '/secure/report/users',
      '/secure/file/upload/{category}',
      '/secure/file/download/{category}/{file}',
      '/secure/file/delete/{category}/{file}',
      '/secure/file/presignedUrl',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/secure/kit/labOrderRequest'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['reqEpochSec', 'collectionEpochSec', 'patientId', 'labName', 'careLocation', 'panelTestSpecifications']),
    );
  });
});
