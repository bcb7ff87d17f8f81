import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../src/domain/i18n/en/kit';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  // More kits in the three Manage Lab Order statuses (50 per status and care location, patients in Jane's valid
  // states) than the demo seed has, so that every test takes its own.
  await api.pool
    .query(`INSERT INTO kits (kit_id, patient_id, patient_state, product_name, lab_name, requisition_id, status, care_location, sample_taken_date)
    SELECT 'TK' || lpad(i::text, 5, '0'), p.id, p.state, '5-Panel STD Test', 'LIFESCAN', 'REQ-T' || i,
           (ARRAY['SAMPLE_COLLECTED_PENDING_REVIEW','SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST','SAMPLE_SHIPMENT_MANIFEST_CREATED'])[1 + i % 3],
           (ARRAY['DENVER_CAREHUB_01','CHARLESTON_NV_89104','ONLINE'])[1 + (i / 3) % 3], now() - interval '1 day'
      FROM generate_series(1, 450) i,
           LATERAL (SELECT id, state FROM patients WHERE state IN ('NV','CO','CA','NY') ORDER BY id OFFSET i % 50 LIMIT 1) p`);
  // Collected kits in TX (Jane's expired licence: masked), FL (no licence) and without a patient.
  await api.pool.query(`INSERT INTO kits (kit_id, patient_id, patient_state, product_name, lab_name, status, care_location)
    SELECT 'TS' || s || i, (SELECT id FROM patients WHERE state = s ORDER BY id OFFSET i LIMIT 1), s, 'HPV', 'CDD',
           'SAMPLE_COLLECTED_PENDING_REVIEW', 'ONLINE'
      FROM unnest(ARRAY['TX','FL']) s, generate_series(1, 5) i`);
  await api.pool.query(`INSERT INTO kits (kit_id, product_name, lab_name, status, care_location)
    SELECT 'TSNONE' || i, 'HPV', 'CDD', 'SAMPLE_COLLECTED_PENDING_REVIEW', 'ONLINE' FROM generate_series(1, 5) i`);
});
afterAll(async () => {
  await api.close();
});

const COLLECTED = 'SAMPLE_COLLECTED_PENDING_REVIEW';
const APPROVED = 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST';
const MANIFESTED = 'SAMPLE_SHIPMENT_MANIFEST_CREATED';
const jane = () => env().cognito.subs[DEMO.clinician];
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

/** Kits matching a condition, taken out of the pool of candidates so that tests never share one. */
const used = new Set<string>();
async function kits(n: number, where: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await api.pool.query(`SELECT k.kit_id FROM kits k WHERE ${where} ORDER BY k.kit_id LIMIT 400`, params);
  const picked = rows
    .map((r) => r.kit_id as string)
    .filter((k) => !used.has(k))
    .slice(0, n);
  if (picked.length < n) throw new Error(`only ${picked.length} fixture kits for ${where}`);
  picked.forEach((k) => used.add(k));
  return picked;
}
const inState = (status: string, loc = 'DENVER_CAREHUB_01') =>
  `k.status = '${status}' AND k.care_location = '${loc}' AND k.patient_state IN ('NV','CO','CA','NY')`;
const statuses = async (ids: string[]) =>
  Object.fromEntries((await api.pool.query('SELECT kit_id, status FROM kits WHERE kit_id = ANY($1)', [ids])).rows.map((r) => [r.kit_id, r.status]));
const historyCount = async (ids: string[]) =>
  (await one(`SELECT count(*)::int AS n FROM record_history WHERE entity_type = 'kit' AND entity_id = ANY($1)`, [ids])).n;
const patch = (path: string, as: string, body: unknown) => api.call('PATCH', `/secure/kit/${path}`, { as, body });

describe('lab kit flow: collected -> approved -> manifest -> shipped (spec 1 §4)', () => {
  it('walks three kits through every step, with history, audit, a stored manifest and its PDF', async () => {
    const ids = await kits(3, inState(COLLECTED));
    const approved = await patch('approveLabOrderSamples', DEMO.staff, {
      kitIds: ids.join(','),
      comment: 'Samples look good',
      careLocation: 'DENVER_CAREHUB_01',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ kitIds: ids, status: APPROVED, count: 3, message: 'Lab Orders Approved Successfully' });
    expect(Object.values(await statuses(ids))).toEqual([APPROVED, APPROVED, APPROVED]);
    const staffSub = env().cognito.subs[DEMO.staff];
    const h = await api.pool.query(
      `SELECT entity_id, action, from_status, to_status, actor_sub, actor_name, comment FROM record_history
      WHERE entity_type = 'kit' AND entity_id = ANY($1) ORDER BY entity_id`,
      [ids],
    );
    expect(h.rows).toEqual(
      ids.map((id) => ({
        entity_id: id,
        action: 'APPROVE_LAB_ORDER',
        from_status: COLLECTED,
        to_status: APPROVED,
        actor_sub: staffSub,
        actor_name: 'Sarah Kim',
        comment: 'Samples look good',
      })),
    );
    const audit = (
      await api.pool.query(
        `SELECT entity_ids, patient_ids FROM audit_log WHERE action = 'APPROVE_LAB_ORDER' AND entity_ids && $1 AND outcome = 'SUCCESS'`,
        [ids],
      )
    ).rows;
    const patients = (await api.pool.query(`SELECT DISTINCT patient_id FROM kits WHERE kit_id = ANY($1) AND patient_id IS NOT NULL`, [ids])).rows.map(
      (r) => r.patient_id,
    );
    expect(audit).toHaveLength(1); // one row for the request, every kit and patient in it
    expect([...audit[0].entity_ids].sort()).toEqual([...ids].sort());
    expect([...audit[0].patient_ids].sort()).toEqual(patients.sort());

    const manifest = await patch('updateLabOrderWithShippingManifest', DEMO.staff, {
      kitIds: ids.join(','),
      shipManifestId: ' 7712 3456 7890 ',
      provider: 'fedex',
      comment: KIT_TEXTS.manifestComment,
    });
    expect(manifest.status).toBe(200);
    expect(manifest.body).toMatchObject({ kitIds: ids, status: MANIFESTED, count: 3, manifestId: expect.stringMatching(/^MF-\d{6}$/) });
    const rows = await api.pool.query(`SELECT status, ship_manifest_num FROM kits WHERE kit_id = ANY($1)`, [ids]);
    expect(rows.rows.every((r) => r.status === MANIFESTED && r.ship_manifest_num === '771234567890')).toBe(true);
    const stored = await one(`SELECT tracking_number, provider, care_location, comment, created_by FROM shipping_manifests WHERE id = $1`, [
      manifest.body.manifestId,
    ]);
    expect(stored).toEqual({
      tracking_number: '771234567890',
      provider: 'FEDEX',
      care_location: 'DENVER_CAREHUB_01',
      comment: 'Shipping Manifest Created',
      created_by: staffSub,
    });

    const listed = await api.call('GET', `/secure/kit/manifests?careLocation=DENVER_CAREHUB_01&from=${new Date().toISOString().slice(0, 10)}`, {
      as: DEMO.staff,
    });
    expect(listed.status).toBe(200);
    const m = listed.body.items.find((x: { id: string }) => x.id === manifest.body.manifestId);
    expect(m).toMatchObject({
      trackingNumber: '771234567890',
      provider: 'FEDEX',
      careLocation: 'Care Hub Denver',
      careLocationCode: 'DENVER_CAREHUB_01',
      kitIds: [...ids].sort(),
      kitCount: 3,
      createdBy: { id: staffSub, name: 'Sarah Kim' },
    });
    const pdf = await api.app.inject({
      method: 'GET',
      url: `/secure/kit/manifests/${manifest.body.manifestId}/pdf`,
      headers: await headersFor(`/secure/kit/manifests/${manifest.body.manifestId}/pdf`, DEMO.staff),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const confirmed = await patch('confirmLabOrderShippingManifest', DEMO.staff, { kitIds: ids.join(','), comment: 'Picked up by FedEx' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'SHIPPED', message: 'Shipping Confirmed Successfully' });
    expect(Object.values(await statuses(ids))).toEqual(['SHIPPED', 'SHIPPED', 'SHIPPED']);
    // Cleared from the Manage Lab Order view: no longer among the kits of the confirm step.
    const view = await api.call('GET', `/secure/kit/status/${MANIFESTED}?careLocation=DENVER_CAREHUB_01&perPage=200`, { as: DEMO.staff });
    expect(view.body.items.some((r: { kitId: string }) => ids.includes(r.kitId))).toBe(false);
    expect(await historyCount(ids)).toBe(9);
  });

  it('cancels collected orders instead of approving them', async () => {
    const ids = await kits(2, inState(COLLECTED));
    const res = await patch('cancelLabOrders', DEMO.clinician, { kitIds: ids.join(','), comment: 'Duplicate order' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Lab Orders Cancelled Successfully');
    expect(Object.values(await statuses(ids))).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await one(`SELECT action, comment, actor_sub FROM record_history WHERE entity_type = 'kit' AND entity_id = $1`, [ids[0]])).toEqual({
      action: 'CANCEL_LAB_ORDER',
      comment: 'Duplicate order',
      actor_sub: jane(),
    });
  });

  const skipped: Array<[string, string, string, Record<string, string>]> = [
    ['manifest from COLLECTED', COLLECTED, 'updateLabOrderWithShippingManifest', { shipManifestId: '1Z999AA10123456784', provider: 'UPS' }],
    ['confirm from COLLECTED', COLLECTED, 'confirmLabOrderShippingManifest', { comment: 'x' }],
    ['confirm from APPROVED', APPROVED, 'confirmLabOrderShippingManifest', { comment: 'x' }],
    ['approve from APPROVED', APPROVED, 'approveLabOrderSamples', { comment: 'x' }],
    ['cancel from APPROVED', APPROVED, 'cancelLabOrders', { comment: 'x' }],
    ['approve from MANIFEST_CREATED', MANIFESTED, 'approveLabOrderSamples', { comment: 'x' }],
    ['manifest from MANIFEST_CREATED', MANIFESTED, 'updateLabOrderWithShippingManifest', { shipManifestId: '771234567899', provider: 'FEDEX' }],
    ['cancel from MANIFEST_CREATED', MANIFESTED, 'cancelLabOrders', { comment: 'x' }],
    ['approve from REGISTERED', 'REGISTERED', 'approveLabOrderSamples', { comment: 'x' }],
  ];
  it.each(skipped)('refuses %s with 409 and changes nothing', async (_name, from, path, extra) => {
    const ids = await kits(2, inState(from));
    const manifestsBefore = (await one('SELECT count(*)::int AS n FROM shipping_manifests')).n;
    const numsBefore = (await api.pool.query('SELECT kit_id, ship_manifest_num FROM kits WHERE kit_id = ANY($1) ORDER BY 1', [ids])).rows;
    const res = await patch(path, DEMO.superAdmin, { kitIds: ids.join(','), ...extra });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Conflict');
    expect(res.body.reason).toContain(`${ids[0]} is ${from}`);
    expect(Object.values(await statuses(ids))).toEqual([from, from]);
    expect(await historyCount(ids)).toBe(0);
    expect((await one('SELECT count(*)::int AS n FROM shipping_manifests')).n).toBe(manifestsBefore);
    expect((await api.pool.query('SELECT kit_id, ship_manifest_num FROM kits WHERE kit_id = ANY($1) ORDER BY 1', [ids])).rows).toEqual(numsBefore);
    expect(
      (await one(`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'kit' AND outcome = 'FAILED' AND entity_ids = $1`, [ids])).n,
    ).toBe(1);
  });
});

describe('bulk actions are all or nothing', () => {
  it('one kit in another status among good ones: 409 naming it, none changed', async () => {
    const good = await kits(4, inState(COLLECTED));
    const [bad] = await kits(1, inState(APPROVED));
    const res = await patch('approveLabOrderSamples', DEMO.staff, { kitIds: [...good.slice(0, 2), bad, ...good.slice(2)].join(','), comment: 'ok' });
    expect(res.status).toBe(409);
    expect(res.body.reason).toContain(`${bad} is ${APPROVED}`);
    for (const g of good) expect(res.body.reason).not.toContain(g);
    expect(Object.values(await statuses(good)).every((s) => s === COLLECTED)).toBe(true);
    expect(await historyCount([...good, bad])).toBe(0);
  });
  it('an unknown kit id: 409 "not found", none changed', async () => {
    const good = await kits(2, inState(COLLECTED));
    const res = await patch('cancelLabOrders', DEMO.staff, { kitIds: `${good.join(',')},KT9999999`, comment: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.reason).toContain('KT9999999 not found');
    expect(Object.values(await statuses(good))).toEqual([COLLECTED, COLLECTED]);
  });
  it('kits outside the chosen care location: 409', async () => {
    const denver = await kits(1, inState(COLLECTED));
    const vegas = await kits(1, inState(COLLECTED, 'CHARLESTON_NV_89104'));
    const res = await patch('approveLabOrderSamples', DEMO.staff, {
      kitIds: [...denver, ...vegas].join(','),
      comment: 'x',
      careLocation: 'Denver hub',
    });
    expect(res.status).toBe(409);
    expect(res.body.reason).toContain(`${vegas[0]} is in CHARLESTON_NV_89104`);
    expect(Object.values(await statuses([...denver, ...vegas]))).toEqual([COLLECTED, COLLECTED]);
  });
  it('a manifest holds the kits of one care location', async () => {
    const ids = [...(await kits(1, inState(APPROVED))), ...(await kits(1, inState(APPROVED, 'ONLINE')))];
    const res = await patch('updateLabOrderWithShippingManifest', DEMO.staff, {
      kitIds: ids.join(','),
      shipManifestId: '771234567801',
      provider: 'FEDEX',
    });
    expect(res.status).toBe(409);
    expect(Object.values(await statuses(ids))).toEqual([APPROVED, APPROVED]);
    expect((await one(`SELECT count(*)::int AS n FROM shipping_manifests WHERE tracking_number = '771234567801'`)).n).toBe(0);
  });
  it('duplicate ids in the list count once', async () => {
    const [id] = await kits(1, inState(COLLECTED));
    const res = await patch('approveLabOrderSamples', DEMO.staff, { kitIds: `${id}, ${id} ,${id}`, comment: 'x' });
    expect(res.body).toMatchObject({ kitIds: [id], count: 1 });
  });
  it('concurrent approvals of the same kits: exactly one succeeds, the others get 409 and change nothing', async () => {
    const ids = await kits(5, inState(COLLECTED));
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        patch('approveLabOrderSamples', i % 2 ? DEMO.staff : DEMO.superAdmin, { kitIds: ids.join(','), comment: `attempt ${i}` }),
      ),
    );
    const codes = attempts.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(await historyCount(ids)).toBe(5);
    expect(Object.values(await statuses(ids)).every((s) => s === APPROVED)).toBe(true);
  });
  it('overlapping concurrent batches never deadlock: each either fully succeeds or fully fails', async () => {
    const ids = await kits(6, inState(COLLECTED));
    const batches = [ids.slice(0, 4), [...ids.slice(2, 6)].reverse(), [ids[5], ids[0]]];
    const res = await Promise.all(batches.map((b) => patch('approveLabOrderSamples', DEMO.staff, { kitIds: b.join(','), comment: 'race' })));
    for (const [i, r] of res.entries()) {
      expect([200, 409]).toContain(r.status);
      const s = await statuses(batches[i]);
      if (r.status === 200) expect(Object.values(s).every((x) => x === APPROVED)).toBe(true);
    }
    const approvedCount = Object.values(await statuses(ids)).filter((s) => s === APPROVED).length;
    expect(await historyCount(ids)).toBe(approvedCount);
  });
});

describe('validation of the lab action modals (spec 1 §5): 400 { msg, reason }, nothing written', () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['approve without comment', 'approveLabOrderSamples', { kitIds: 'X' }, KIT_TEXTS.commentForApproval],
    ['approve with a blank comment', 'approveLabOrderSamples', { kitIds: 'X', comment: '   ' }, KIT_TEXTS.commentForApproval],
    ['approve with no kit', 'approveLabOrderSamples', { kitIds: ' , ', comment: 'ok' }, KIT_TEXTS.selectToApprove],
    ['approve with kitIds missing', 'approveLabOrderSamples', { comment: 'ok' }, KIT_TEXTS.selectToApprove],
    ['cancel without comment', 'cancelLabOrders', { kitIds: 'X' }, KIT_TEXTS.commentForCancellation],
    ['cancel with no kit', 'cancelLabOrders', { kitIds: '', comment: 'dup' }, KIT_TEXTS.selectToCancel],
    ['confirm without comment', 'confirmLabOrderShippingManifest', { kitIds: 'X', comment: '' }, KIT_TEXTS.comment],
    ['confirm with no kit', 'confirmLabOrderShippingManifest', { kitIds: '', comment: 'ok' }, KIT_TEXTS.noneToConfirm],
    ['manifest without tracking number', 'updateLabOrderWithShippingManifest', { kitIds: 'X', provider: 'UPS' }, KIT_TEXTS.trackingNumberRequired],
    [
      'manifest with a blank tracking number',
      'updateLabOrderWithShippingManifest',
      { kitIds: 'X', shipManifestId: '  ', provider: 'UPS' },
      KIT_TEXTS.trackingNumberRequired,
    ],
    [
      'manifest with a bad tracking number',
      'updateLabOrderWithShippingManifest',
      { kitIds: 'X', shipManifestId: '<script>', provider: 'UPS' },
      KIT_TEXTS.trackingNumberInvalid,
    ],
    [
      'manifest with another provider',
      'updateLabOrderWithShippingManifest',
      { kitIds: 'X', shipManifestId: '771234567890', provider: 'DHL' },
      KIT_TEXTS.providerRequired,
    ],
    ['manifest without provider', 'updateLabOrderWithShippingManifest', { kitIds: 'X', shipManifestId: '771234567890' }, KIT_TEXTS.providerRequired],
    ['an invalid kit id', 'approveLabOrderSamples', { kitIds: 'X,../../etc/passwd', comment: 'ok' }, KIT_TEXTS.kitIdInvalid],
    ['an unknown field', 'approveLabOrderSamples', { kitIds: 'X', comment: 'ok', status: 'SHIPPED' }, 'status'],
    ['an unknown care location', 'approveLabOrderSamples', { kitIds: 'X', comment: 'ok', careLocation: 'Mars' }, 'unknown care location'],
  ];
  it.each(cases)('%s', async (_name, path, body, reason) => {
    const [id] = await kits(
      1,
      inState(path === 'confirmLabOrderShippingManifest' ? MANIFESTED : path === 'updateLabOrderWithShippingManifest' ? APPROVED : COLLECTED),
    );
    const before = await statuses([id]);
    const withKit = typeof body.kitIds === 'string' ? { ...body, kitIds: body.kitIds.replace('X', id) } : body;
    const res = await patch(path, DEMO.staff, withKit);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Invalid request');
    expect(res.body.reason.toLowerCase()).toContain(reason.toLowerCase()); // the field's label starts a sentence
    expect(await statuses([id])).toEqual(before);
    expect(await historyCount([id])).toBe(0);
  });
  it('a body that is not JSON, or an array of ids that is too long', async () => {
    expect((await patch('approveLabOrderSamples', DEMO.staff, '{"kitIds":')).status).toBe(400);
    const many = Array.from({ length: 501 }, (_, i) => `KT${String(i).padStart(7, '0')}`);
    expect((await patch('approveLabOrderSamples', DEMO.staff, { kitIds: many, comment: 'x' })).status).toBe(400);
  });
});

describe('roles and licence scope', () => {
  it('auditors never write; operation support has no product/order access', async () => {
    const [id] = await kits(1, inState(COLLECTED));
    for (const who of [DEMO.auditor, DEMO.ops, DEMO.pending]) {
      const res = await patch('approveLabOrderSamples', who, { kitIds: id, comment: 'x' });
      expect(res.status, who).toBe(403);
    }
    expect(await statuses([id])).toEqual({ [id]: COLLECTED });
  });
  it('a clinician cannot act on kits of its invalid (masked) or unlicensed states; they read as not found', async () => {
    const [tx] = await kits(1, `k.status = '${COLLECTED}' AND k.patient_state = 'TX'`);
    const [fl] = await kits(1, `k.status = '${COLLECTED}' AND k.patient_state = 'FL'`);
    for (const id of [tx, fl]) {
      const res = await patch('approveLabOrderSamples', DEMO.clinician, { kitIds: id, comment: 'x' });
      expect(res.status).toBe(409);
      expect(res.body.reason).toContain(`${id} not found`);
      expect(res.body.reason).not.toContain(COLLECTED + ';');
    }
    expect(Object.values(await statuses([tx, fl]))).toEqual([COLLECTED, COLLECTED]);
  });
  it('staff (no licences) and super admins act in every state; kits without a patient are operational', async () => {
    const [fl] = await kits(1, `k.status = '${COLLECTED}' AND k.patient_state = 'FL'`);
    expect((await patch('approveLabOrderSamples', DEMO.staff, { kitIds: fl, comment: 'x' })).status).toBe(200);
    const [tx] = await kits(1, `k.status = '${COLLECTED}' AND k.patient_state = 'TX'`);
    expect((await patch('approveLabOrderSamples', DEMO.superAdmin, { kitIds: tx, comment: 'x' })).status).toBe(200);
    const [none] = await kits(1, `k.status = '${COLLECTED}' AND k.patient_id IS NULL`);
    expect((await patch('approveLabOrderSamples', DEMO.clinician, { kitIds: none, comment: 'x' })).status).toBe(200);
  });
});

describe('POST /secure/kit/labOrderRequest', () => {
  const now = () => Math.floor(Date.now() / 1000);
  async function patientIn(state: string, extra = '') {
    return (await one(`SELECT id FROM patients WHERE state = $1 AND gender_at_birth IS NOT NULL ${extra} ORDER BY id LIMIT 1`, [state])).id as string;
  }
  const body = (patientId: string, over: Record<string, unknown> = {}) => ({
    reqEpochSec: now() - 60,
    collectionEpochSec: now() - 3600,
    patientId,
    clinicianId: 'someone-else',
    labName: 'LIFESCAN',
    careLocation: 'Care Hub Las Vegas Charleston',
    panelTestSpecifications: [
      { testOrPanelName: 'Performer Panel', panel: true, testCode: 'LSP104', editable: true },
      { testOrPanelName: 'Hepatitis A Ab, IgG', panel: false, testCode: 'LS1073', editable: true },
    ],
    ...over,
  });
  it('creates a kit in SAMPLE_COLLECTED_PENDING_REVIEW with its lab request, ordered by the caller', async () => {
    const patientId = await patientIn('NV');
    const res = await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(patientId) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kitId: expect.stringMatching(/^LO\d{7}$/),
      status: COLLECTED,
      requisitionId: expect.stringMatching(/^REQ-LIFESCAN-/),
      panelName: 'Performer Panel, Hepatitis A Ab, IgG',
    });
    const kit = await one(
      `SELECT k.status, k.patient_id, k.care_location, k.lab_name, k.panel_test_specifications AS specs, lr.status AS lr_status, lr.clinician_id
      FROM kits k JOIN lab_requests lr ON lr.kit_id = k.kit_id WHERE k.kit_id = $1`,
      [res.body.kitId],
    );
    expect(kit).toMatchObject({
      status: COLLECTED,
      patient_id: patientId,
      care_location: 'CHARLESTON_NV_89104',
      lab_name: 'LIFESCAN',
      lr_status: 'APPROVED',
      clinician_id: jane(),
    });
    expect(kit.specs[0].specifications).toHaveLength(7);
    expect(await one(`SELECT action, to_status FROM record_history WHERE entity_type = 'kit' AND entity_id = $1`, [res.body.kitId])).toEqual({
      action: 'LAB_ORDER_REQUEST',
      to_status: COLLECTED,
    });
    // It is now in the first step of Manage Lab Order.
    const list = await api.call('GET', `/secure/kit/status/${COLLECTED}?careLocation=CHARLESTON_NV_89104&q=${res.body.kitId}`, { as: DEMO.staff });
    expect(list.body.items.map((r: { kitId: string }) => r.kitId)).toEqual([res.body.kitId]);
    expect(list.body.items[0]).toMatchObject({
      panelName: 'Performer Panel, Hepatitis A Ab, IgG',
      clinicianName: 'Jane Doe',
      careLocationCode: 'CHARLESTON_NV_89104',
    });
  });
  it('a panel may drop editable tests only; unknown codes and location-only panels elsewhere are refused', async () => {
    const patientId = await patientIn('CO');
    const keep = [
      { testName: 'x', testCode: 'LS1003' },
      { testName: 'x', testCode: 'LS1010' },
      { testName: 'x', testCode: 'LS1017' },
      { testName: 'x', testCode: 'LS1024' },
      { testName: 'x', testCode: 'LS1038' },
      { testName: 'x', testCode: 'LS1045' },
    ];
    const ok = await api.call('POST', '/secure/kit/labOrderRequest', {
      as: DEMO.clinician,
      body: body(patientId, {
        panelTestSpecifications: [{ testOrPanelName: 'Performer Panel', panel: true, testCode: 'LSP104', specifications: keep }],
      }),
    });
    expect(ok.status).toBe(201);
    const specs = (await one('SELECT panel_test_specifications AS s FROM kits WHERE kit_id = $1', [ok.body.kitId])).s;
    expect(specs[0].specifications.map((s: { testName: string }) => s.testName)).not.toContain('Trichomonas vaginalis, NAA');
    const bad: Array<[unknown[], string]> = [
      [
        [{ testOrPanelName: 'Performer Panel', panel: true, testCode: 'LSP104', specifications: keep.slice(1) }],
        'cannot drop its fixed tests LS1003',
      ],
      [[{ testOrPanelName: 'Nope', panel: false, testCode: 'LS9999' }], 'LS9999 is not in the test compendium'],
      [[{ testOrPanelName: 'Performer Panel', panel: false, testCode: 'LSP104' }], 'is a panel'],
      [[], KIT_TEXTS.selectTests],
    ];
    for (const [panelTestSpecifications, reason] of bad) {
      const before = (await one('SELECT count(*)::int AS n FROM kits')).n;
      const res = await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(patientId, { panelTestSpecifications }) });
      expect(res.status).toBe(400);
      expect(res.body.reason).toContain(reason);
      expect((await one('SELECT count(*)::int AS n FROM kits')).n).toBe(before);
    }
    // The RUB Panel is offered at the Las Vegas hub only.
    const rub = [{ testOrPanelName: 'RUB Panel', panel: true, testCode: 'LSP131' }];
    expect(
      (
        await api.call('POST', '/secure/kit/labOrderRequest', {
          as: DEMO.clinician,
          body: body(patientId, { panelTestSpecifications: rub, careLocation: 'DENVER_CAREHUB_01' }),
        })
      ).status,
    ).toBe(400);
    expect(
      (await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(patientId, { panelTestSpecifications: rub }) })).status,
    ).toBe(201);
  });
  it('needs the patient sex at birth, a known patient, and a booking of that patient', async () => {
    const noSex = (await one(`SELECT id FROM patients WHERE state = 'NV' AND gender_at_birth IS NULL LIMIT 1`)).id;
    const res = await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(noSex) });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe(KIT_TEXTS.sexAtBirthMissing);
    expect(
      (await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body('00000000-0000-4000-8000-000000000000') })).status,
    ).toBe(404);
    const patientId = await patientIn('NV');
    const other = (await one(`SELECT id FROM bookings WHERE patient_id <> $1 LIMIT 1`, [patientId])).id;
    const wrong = await api.call('POST', '/secure/kit/labOrderRequest', {
      as: DEMO.clinician,
      body: body(patientId, { refId: other, refIdType: 'BOOKING_ID' }),
    });
    expect(wrong.status).toBe(400);
    const own = await one(
      `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' AND p.gender_at_birth IS NOT NULL LIMIT 1`,
    );
    const right = await api.call('POST', '/secure/kit/labOrderRequest', {
      as: DEMO.clinician,
      body: body(own.patient_id, { refId: own.id, refIdType: 'BOOKING_ID' }),
    });
    expect(right.status).toBe(201);
    expect(await one('SELECT booking_id, ref_id_type FROM kits WHERE kit_id = $1', [right.body.kitId])).toEqual({
      booking_id: own.id,
      ref_id_type: 'BOOKING_ID',
    });
  });
  it('clinical write access and a valid licence in the patient state', async () => {
    const before = (await one('SELECT count(*)::int AS n FROM kits')).n;
    const nv = await patientIn('NV');
    for (const who of [DEMO.staff, DEMO.ops, DEMO.auditor]) {
      expect((await api.call('POST', '/secure/kit/labOrderRequest', { as: who, body: body(nv) })).status, who).toBe(403);
    }
    // Outside the clinician's valid licence states the patient reads as unknown, unlicensed (FL) or expired (TX).
    const fl = await patientIn('FL');
    expect((await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(fl) })).status).toBe(404);
    const tx = await patientIn('TX');
    expect((await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(tx) })).status).toBe(404);
    expect((await one('SELECT count(*)::int AS n FROM kits')).n).toBe(before);
    expect((await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.superAdmin, body: body(fl) })).status).toBe(201);
  });
  it("a sample collected in the future is refused with the rule's text, even within the day the schema tolerates", async () => {
    const nv = await patientIn('NV');
    const before = (await one('SELECT count(*)::int AS n FROM kits')).n;
    const res = await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(nv, { collectionEpochSec: now() + 3600 }) });
    expect(res.status).toBe(400);
    expect(res.body.reason).toContain('The sample collection cannot be in the future');
    expect((await one('SELECT count(*)::int AS n FROM kits')).n).toBe(before);
    // A clock a minute ahead of the server's is not the future.
    expect(
      (await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(nv, { collectionEpochSec: now() + 60 }) })).status,
    ).toBe(201);
  });
  it('bad payloads are 400 and write nothing', async () => {
    const nv = await patientIn('NV');
    const before = (await one('SELECT count(*)::int AS n FROM kits')).n;
    for (const over of [
      { reqEpochSec: 'yesterday' },
      { collectionEpochSec: now() + 5 * 86_400 },
      { patientId: 'abc' },
      { labName: 'QUEST' },
      { careLocation: 'Paris' },
      { refId: 'BK000003' },
      { refIdType: 'ORDER_ID', refId: 'x' },
      { extra: 1 },
      { panelTestSpecifications: 'LSP104' },
    ]) {
      const res = await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.clinician, body: body(nv, over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
    }
    expect((await one('SELECT count(*)::int AS n FROM kits')).n).toBe(before);
  });
});

async function headersFor(url: string, who: string) {
  const { deriveApiKey } = await import('../../src/domain/shared/headers');
  const { tokenFor } = await import('./helpers');
  return { authorization: `Bearer ${await tokenFor(who)}`, 'addressee-type': 'C', 'api-key': deriveApiKey(url) };
}
