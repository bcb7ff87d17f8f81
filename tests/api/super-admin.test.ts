import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREP_PARTNER_ID } from '../../src/domain/super-admin/super-admin';
import { ORDER_FORM_WARNINGS as W } from '../../src/domain/i18n/en/super-admin';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const order = (over: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada.order@example.com',
  phone: '+1 (404) 789-7890',
  variantId: 'prod-3-panel-female',
  shippingMethodId: 'ship-usps-priority-free',
  amountPaid: 0,
  userAddress: { street_address: ' 1 Main St ', street_address2: '', locality: 'Reno', region: 'NV', postal_code: '89501', ...address },
  ...over,
});

describe('every super-admin route is refused to the other roles by its declaration (attack first)', () => {
  const routes: ['GET' | 'POST', string, unknown?][] = [
    ['GET', '/secure/clinician/saleor/products'],
    ['GET', '/secure/clinician/saleor/shippingMethods'],
    ['POST', '/secure/clinician/saleorOrder', order()],
    ['GET', '/secure/clinician/orders/email/ada.order%40example.com'],
    ['POST', '/secure/clinician/labcorp/result/LC-200001/NEGATIVE', { fileName: 'r.pdf', fileContent: PDF.toString('base64') }],
  ];
  it('clinician, staff, auditor and operation support get 403 and nothing is written', async () => {
    const before = await one(
      'SELECT (SELECT count(*) FROM orders)::int AS o, (SELECT count(*) FROM commerce_orders)::int AS c, (SELECT count(*) FROM labcorp_results)::int AS l',
    );
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.auditor, DEMO.ops]) {
      for (const [method, url, body] of routes) {
        const res = await api.call(method, url, { as: who, body });
        expect(res.status, `${who} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of routes) expect((await api.call(method, url, { body })).status).toBe(401);
    expect(
      await one(
        'SELECT (SELECT count(*) FROM orders)::int AS o, (SELECT count(*) FROM commerce_orders)::int AS c, (SELECT count(*) FROM labcorp_results)::int AS l',
      ),
    ).toEqual(before);
    const declared = api.app.declaredRoutes.filter(
      (r) => r.method !== 'HEAD' && (r.url.startsWith('/secure/clinician/saleor') || r.url.includes('labcorp') || r.url.includes('orders/email')),
    );
    expect(declared.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /secure/clinician/orders/email/:email',
      'GET /secure/clinician/saleor/products',
      'GET /secure/clinician/saleor/shippingMethods',
      'POST /secure/clinician/labcorp/result/:orderId/:resultType',
      'POST /secure/clinician/saleorOrder',
    ]);
    for (const r of declared) expect(r.access.roles).toEqual(['super_admin']);
  });
});

describe('catalogue', () => {
  it('the kit and PrEP products of spec 3 §9, a variant per sex at birth; USPS Priority at $0 and $10', async () => {
    const products = await api.call('GET', '/secure/clinician/saleor/products', { as: DEMO.superAdmin });
    expect(products.status).toBe(200);
    expect(products.body.filter((p: { kind: string }) => p.kind === 'KIT').map((p: { name: string }) => p.name)).toEqual([
      '3-Panel STD Test',
      '5-Panel STD Test',
      '9-Panel STD Test',
      '3 Site Chlamydia & Gonorrhea',
      'Bacterial Vaginosis',
      'HPV',
      'Mycoplasma Genitalium',
    ]);
    expect(products.body.filter((p: { kind: string }) => p.kind === 'PREP').map((p: { name: string }) => p.name)).toEqual([
      'Paid PrEP HIV Prevention Program',
      'Free PrEP Program At-home STI Test',
      'PrEP Maintenance At-home STI Test',
    ]);
    for (const p of products.body) expect(p.variants.map((v: { sexAtBirth: string }) => v.sexAtBirth)).toEqual(['male', 'female', 'intersex']);
    const shipping = await api.call('GET', '/secure/clinician/saleor/shippingMethods', { as: DEMO.superAdmin });
    expect(shipping.body).toEqual([
      { id: 'ship-usps-priority-free', name: 'USPS Priority (1-3 Days)', price: 0 },
      { id: 'ship-usps-priority-10', name: 'USPS Priority (1-3 Days)', price: 10 },
    ]);
  });
});

describe('POST /secure/clinician/saleorOrder', () => {
  it('each check of spec 3 §5, in its order, is a 400 naming it; nothing is written', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ firstName: '  ', lastName: '' }, {}, W.firstName],
      [{ lastName: ' ', email: 'x' }, {}, W.lastName],
      [{ email: 'ada@example', phone: 'x' }, {}, W.email],
      [{ phone: '4047897890' }, { street_address: '' }, W.phone],
      [{ phone: '404789789' }, {}, W.phone],
      [{}, { street_address: ' ', locality: '' }, W.street],
      [{}, { locality: ' ', region: '' }, W.city],
      [{}, { region: '', postal_code: '' }, W.region],
      [{ variantId: '' }, { postal_code: ' ' }, W.postalCode],
      [{ variantId: '' }, { postal_code: 'abcde' }, W.zip],
      [{ variantId: ' ', shippingMethodId: '' }, {}, W.product],
      [{ shippingMethodId: '' }, {}, W.shipping],
      [{ variantId: 'no-such-variant' }, {}, W.product],
      [{ shippingMethodId: 'no-such-method' }, {}, W.shipping],
    ];
    const before = await one('SELECT count(*)::int AS n FROM orders');
    for (const [over, address, reason] of cases) {
      const res = await api.call('POST', '/secure/clinician/saleorOrder', { as: DEMO.superAdmin, body: order(over, address) });
      expect(res.status, reason).toBe(400);
      expect(res.body.reason).toBe(reason);
    }
    expect((await api.call('POST', '/secure/clinician/saleorOrder', { as: DEMO.superAdmin, body: {} })).body.reason).toBe(W.firstName);
    expect(await one('SELECT count(*)::int AS n FROM orders')).toEqual(before);
  });

  it("creates the order trimmed with the phone normalised: in the order report and the patient's kit tab, with history, event and audit", async () => {
    const patient = await one(`SELECT id::text AS id, email FROM patients WHERE state = 'NV' ORDER BY id LIMIT 1`);
    const { res, rows } = await api.audited(() =>
      api.call('POST', '/secure/clinician/saleorOrder', {
        as: DEMO.superAdmin,
        body: order({ email: ` ${patient.email.toUpperCase()} `, patientId: patient.id, partnerId: 'ignored-for-kits' }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId: expect.stringMatching(/^SO-\d+$/), status: 'PENDING_SHIPMENT', productName: '3-Panel STD Test' });
    const id = res.body.orderId;
    expect(await one('SELECT first_name, phone, email, address, partner_id, amount_paid FROM commerce_orders WHERE id = $1', [id])).toEqual({
      first_name: 'Ada',
      phone: '+14047897890',
      email: patient.email.toLowerCase(),
      partner_id: null,
      amount_paid: '0.00',
      address: { street_address: '1 Main St', street_address2: '', locality: 'Reno', region: 'NV', postal_code: '89501' },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'CREATE', entity_type: 'order', patient_ids: [patient.id] });
    expect(await one(`SELECT action, to_status FROM record_history WHERE entity_type = 'order' AND entity_id = $1`, [id])).toEqual({
      action: 'KIT_ORDER_CREATED',
      to_status: 'PENDING_SHIPMENT',
    });
    expect(await one(`SELECT event_type FROM patient_events WHERE entity_id = $1`, [id])).toEqual({ event_type: 'ORDER_CREATED' });
    const report = await api.call('GET', '/secure/report/orders?page=1&perPage=5', { as: DEMO.superAdmin });
    // the address the order ships to, not the patient's profile address
    expect(report.body.items[0]).toMatchObject({
      orderId: id,
      status: 'PENDING_SHIPMENT',
      address: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        address1: '1 Main St',
        city: 'Reno',
        province_code: 'NV',
        zip: '89501',
        phone: '+14047897890',
      },
    });
    const noPatient = await api.call('POST', '/secure/clinician/saleorOrder', {
      as: DEMO.superAdmin,
      body: order({ email: 'walk.in@example.test' }, { street_address: '2 Side St' }),
    });
    expect(noPatient.status).toBe(200);
    const report2 = await api.call('GET', '/secure/report/orders?page=1&perPage=5', { as: DEMO.superAdmin });
    expect(report2.body.items[0]).toMatchObject({ orderId: noPatient.body.orderId, address: { address1: '2 Side St', city: 'Reno', zip: '89501' } });
    const tab = await api.call('GET', `/secure/patient/orders?patientId=${patient.id}&page=1&perPage=5&order=DESC`, { as: DEMO.superAdmin });
    expect(tab.body.items[0]).toMatchObject({ id, vendor: 'SALEOR', line_item: { name: '3-Panel STD Test' }, fulfillmentStatus: 'PENDING_SHIPMENT' });
  });

  it('a PrEP product always carries the fixed partner code; empty invoice amount is null', async () => {
    const res = await api.call('POST', '/secure/clinician/saleorOrder', {
      as: DEMO.superAdmin,
      body: order({ variantId: 'prod-prep-maint-intersex', amountPaid: null, email: 'prep.nobody@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(await one('SELECT partner_id, amount_paid FROM commerce_orders WHERE id = $1', [res.body.orderId])).toEqual({
      partner_id: PREP_PARTNER_ID,
      amount_paid: null,
    });
    expect(await one(`SELECT action FROM record_history WHERE entity_id = $1`, [res.body.orderId])).toEqual({ action: 'PREP_ORDER_CREATED' });
    expect(await one('SELECT patient_id FROM orders WHERE id = $1', [res.body.orderId])).toEqual({ patient_id: null });
  });

  it('idempotent: the same Idempotency-Key orders once; an unknown patient is 404', async () => {
    const key = randomUUID();
    const first = await api.call('POST', '/secure/clinician/saleorOrder', {
      as: DEMO.superAdmin,
      body: order(),
      headers: { 'idempotency-key': key },
    });
    const again = await api.call('POST', '/secure/clinician/saleorOrder', {
      as: DEMO.superAdmin,
      body: order(),
      headers: { 'idempotency-key': key },
    });
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(await one('SELECT count(*)::int AS n FROM orders WHERE id = $1', [first.body.orderId])).toEqual({ n: 1 });
    expect((await api.call('POST', '/secure/clinician/saleorOrder', { as: DEMO.superAdmin, body: order({ patientId: randomUUID() }) })).status).toBe(
      404,
    );
  });
});

describe('Labcorp results', () => {
  const labcorp = () =>
    one(
      `SELECT o.id, o.patient_id::text AS "patientId", o.email FROM orders o WHERE o.vendor = 'LABCORP' AND o.patient_id IS NOT NULL ORDER BY o.id LIMIT 1`,
    );
  const upload = (orderId: string, type: string, body: unknown) =>
    api.call('POST', `/secure/clinician/labcorp/result/${orderId}/${type}`, { as: DEMO.superAdmin, body });

  it('orders by e-mail, newest first, with their vendor (the form keeps LABCORP ones)', async () => {
    const o = await labcorp();
    const res = await api.call('GET', `/secure/clinician/orders/email/${encodeURIComponent(o.email.toUpperCase())}`, { as: DEMO.superAdmin });
    expect(res.status).toBe(200);
    expect(res.body.some((r: { id: string; vendor: string }) => r.id === o.id && r.vendor === 'LABCORP')).toBe(true);
    expect((await api.call('GET', '/secure/clinician/orders/email/nobody%40example.com', { as: DEMO.superAdmin })).body).toEqual([]);
  });

  it('a PDF is stored and linked to the order and its patient: 201, history, event, audit', async () => {
    const o = await labcorp();
    const { res, rows } = await api.audited(() =>
      upload(o.id, 'HIV', { fileName: 'result.pdf', fileContent: `data:application/pdf;base64,${PDF.toString('base64')}` }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderId: o.id, resultType: 'HIV', fileName: 'result.pdf', size: PDF.length });
    const row = await one(
      'SELECT r.patient_id::text AS "patientId", f.record_type, f.record_id, f.category, f.size_bytes FROM labcorp_results r JOIN stored_files f ON f.key = r.file_key WHERE r.id = $1',
      [res.body.id],
    );
    expect(row).toEqual({ patientId: o.patientId, record_type: 'ORDER', record_id: o.id, category: 'LABCORP_RESULTS', size_bytes: PDF.length });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'UPLOAD', entity_type: 'labcorp_result', patient_ids: [o.patientId] });
    expect(await one(`SELECT comment FROM record_history WHERE entity_id = $1 AND action = 'LABCORP_RESULT_UPLOADED'`, [o.id])).toEqual({
      comment: 'HIV',
    });
  });

  it('file checks: magic bytes, base64, empty, size, name; result type; a non-Labcorp order', async () => {
    const o = await labcorp();
    const before = await one('SELECT count(*)::int AS n FROM labcorp_results');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(o.id, 'NEGATIVE', { fileName: 'result.pdf', fileContent: png.toString('base64') })).body.reason).toBe(
      'the file content is not a PDF',
    );
    expect((await upload(o.id, 'NEGATIVE', { fileName: 'result.pdf', fileContent: '%%%not base64' })).status).toBe(400);
    expect((await upload(o.id, 'NEGATIVE', { fileName: 'result.pdf', fileContent: '' })).status).toBe(400);
    expect((await upload(o.id, 'NEGATIVE', { fileName: '../../etc/passwd.pdf', fileContent: PDF.toString('base64') })).status).toBe(400);
    expect((await upload(o.id, 'NEGATIVE', { fileName: 'result.exe', fileContent: PDF.toString('base64') })).status).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(o.id, 'NEGATIVE', { fileName: 'big.pdf', fileContent: big.toString('base64') })).status).toBe(413);
    expect((await upload(o.id, 'POSITIVE_HIV', { fileName: 'r.pdf', fileContent: PDF.toString('base64') })).status).toBe(400);
    const other = await one(`SELECT id FROM orders WHERE vendor <> 'LABCORP' LIMIT 1`);
    expect((await upload(other.id, 'NEGATIVE', { fileName: 'r.pdf', fileContent: PDF.toString('base64') })).status).toBe(404);
    expect((await upload('LC-NOPE', 'NEGATIVE', { fileName: 'r.pdf', fileContent: PDF.toString('base64') })).status).toBe(404);
    expect(await one('SELECT count(*)::int AS n FROM labcorp_results')).toEqual(before);
  });
});
