import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER } from '../../src/domain/shared/headers';
import { orderReportRowSchema } from '../../src/domain/kits/kit-reports';
import { DEMO, env, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
type Row = Record<string, unknown> & { orderId: string; masked: boolean };

describe('GET /secure/report/orders: the order report (spec 1 §2, §3 Order)', () => {
  it('pages every order, newest first, in the Order shape', async () => {
    const { n } = await one('SELECT count(*)::int AS n FROM orders');
    const res = await api.call('GET', '/secure/report/orders?page=1&perPage=20', { as: DEMO.superAdmin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(n);
    expect(res.body.items).toHaveLength(20);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(Object.keys(orderReportRowSchema.shape).sort());
    const page2 = await api.call('GET', '/secure/report/orders?page=2&perPage=20', { as: DEMO.superAdmin });
    const first = new Set(res.body.items.map((r: Row) => r.orderId));
    expect(page2.body.items.some((r: Row) => first.has(r.orderId))).toBe(false);
    const last = await api.call('GET', `/secure/report/orders?page=${Math.ceil(n / 20)}&perPage=20`, { as: DEMO.superAdmin });
    expect(last.body.items).toHaveLength(n % 20 || 20);
  });
  it('address and patient come from the patient; null without one ("No Address"); tracking links where shipped', async () => {
    const withPatient = await one(`SELECT o.id, p.first_name, p.last_name, p.street, p.city, p.state, p.zip, p.phone, p.email
      FROM orders o JOIN patients p ON p.id = o.patient_id WHERE o.status = 'DELIVERED' AND o.vendor <> 'LABCORP' ORDER BY o.id LIMIT 1`); // commerce orders ship by USPS
    const res = await api.call('GET', '/secure/report/orders?status=DELIVERED&perPage=200', { as: DEMO.superAdmin });
    const row = res.body.items.find((r: Row) => r.orderId === withPatient.id);
    expect(row).toMatchObject({
      status: 'DELIVERED',
      address: {
        first_name: withPatient.first_name,
        last_name: withPatient.last_name,
        address1: withPatient.street,
        city: withPatient.city,
        province_code: withPatient.state,
        zip: withPatient.zip,
        phone: withPatient.phone,
      },
      patientUser: { firstName: withPatient.first_name, lastName: withPatient.last_name, email: withPatient.email, phoneNumber: withPatient.phone },
      outboundTracking: expect.stringMatching(/^https:\/\/tools\.usps\.com\/.*9400\d{18}$/),
      inboundTracking: expect.stringMatching(/^https:\/\/tools\.usps\.com\/.*9202\d{18}$/),
    });
    expect(res.body.items.every((r: Row) => r.status === 'DELIVERED')).toBe(true);
    const noPatient = await one(`SELECT id FROM orders WHERE patient_id IS NULL LIMIT 1`);
    const all = await api.call('GET', '/secure/report/orders?perPage=200&page=1', { as: DEMO.superAdmin });
    const pages = [all.body.items];
    for (let p = 2; p <= Math.ceil(all.body.total / 200); p += 1)
      pages.push((await api.call('GET', `/secure/report/orders?perPage=200&page=${p}`, { as: DEMO.superAdmin })).body.items);
    const np = pages.flat().find((r: Row) => r.orderId === noPatient.id);
    expect(np).toMatchObject({ address: null, patientUser: null, orderEmail: expect.stringMatching(/@/) });
    const pending = await api.call('GET', '/secure/report/orders?status=PENDING_SHIPMENT&perPage=50', { as: DEMO.superAdmin });
    expect(pending.body.items.every((r: Row) => r.outboundTracking === null && r.inboundTracking === null)).toBe(true);
  });
  it('masks orders of patients in the viewer invalid states; auditors see them', async () => {
    const tx = (await api.pool.query(`SELECT o.id FROM orders o JOIN kits k ON k.kit_id = o.kit_id WHERE k.patient_state = 'TX'`)).rows.map(
      (r) => r.id,
    );
    expect(tx.length).toBeGreaterThan(0);
    const mine = await api.call('GET', '/secure/report/orders?perPage=200', { as: DEMO.clinician });
    for (const r of mine.body.items as Row[]) {
      expect(r.masked).toBe(tx.includes(r.orderId) || r.orderId === 'XXXXXX');
      if (r.masked)
        expect(r).toMatchObject({
          orderId: 'XXXXXX',
          orderEmail: 'XXXXXX',
          kitId: expect.stringMatching(/^KT/),
          createDateTime: expect.stringMatching(/^\d{4}/),
        });
    }
    expect(mine.body.items.some((r: Row) => r.masked)).toBe(true);
    const audit = await api.call('GET', '/secure/report/orders?perPage=200', { as: DEMO.auditor });
    expect(audit.body.items.every((r: Row) => !r.masked)).toBe(true);
  });
  it('roles: staff, clinicians, super admins and auditors read it; operation support does not', async () => {
    for (const [who, code] of [
      [DEMO.staff, 200],
      [DEMO.clinician, 200],
      [DEMO.auditor, 200],
      [DEMO.ops, 403],
      [DEMO.pending, 403],
    ] as const) {
      expect((await api.call('GET', '/secure/report/orders', { as: who })).status, who).toBe(code);
    }
  });
  it('400 for bad parameters; reads are audited', async () => {
    for (const q of ['perPage=201', 'page=0', 'status=LOST', 'sort=id']) {
      expect((await api.call('GET', `/secure/report/orders?${q}`, { as: DEMO.staff })).status, q).toBe(400);
    }
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/report/orders?perPage=3&page=4', { as: DEMO.staff }));
    const ids = res.body.items.map((r: Row) => r.orderId);
    const patients = (await api.pool.query(`SELECT DISTINCT patient_id FROM orders WHERE id = ANY($1)`, [ids])).rows.map((r) => r.patient_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_type: 'order', action: 'READ', outcome: 'SUCCESS' });
    expect([...rows[0].entity_ids].sort()).toEqual([...ids].sort());
    expect([...rows[0].patient_ids].sort()).toEqual(patients.sort());
  });
  it('exports every matching order as CSV', async () => {
    const { n } = await one(`SELECT count(*)::int AS n FROM orders WHERE status = 'SHIPPED'`);
    const res = await api.call('GET', '/secure/report/orders/export?status=SHIPPED', { as: DEMO.superAdmin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Order ID,Status,Kit ID,Order Email,First Name,Last Name,Patient Email,Phone,Address,City,State,Zip,Outbound Tracking,Inbound Tracking,Created',
    );
    expect(lines).toHaveLength(n + 1);
    const all = await api.call('GET', '/secure/report/orders/export', { as: DEMO.superAdmin });
    const ids = (all.body as string)
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(new Set(ids).size).toBe((await one('SELECT count(*)::int AS n FROM orders')).n);
    expect((await api.call('GET', '/secure/report/orders/export', { as: DEMO.ops })).status).toBe(403);
  });
});

describe('GET /default/order/status/{status}: orders by status (guarded like /secure)', () => {
  it('answers the dashboard order rows, paged, filtered by care location', async () => {
    const { n } = await one(`SELECT count(*)::int AS n FROM orders WHERE status = 'PENDING_SHIPMENT' AND care_location = 'ONLINE'`);
    const res = await api.call('GET', '/default/order/status/PENDING_SHIPMENT?careLocation=ONLINE&perPage=5', { as: DEMO.staff });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(n);
    expect(Object.keys(res.body.items[0]).sort()).toEqual([
      'careLocation',
      'createDateTime',
      'email',
      'kitId',
      'masked',
      'orderCreateDate',
      'orderId',
      'orderStatus',
      'vendor',
    ]);
    expect(res.body.items.every((r: Row) => r.orderStatus === 'PENDING_SHIPMENT' && r.careLocation === 'ONLINE')).toBe(true);
  });
  it('401 without a token, 400 without the spec headers, 403 without product access, 400 for an unknown status', async () => {
    expect((await api.call('GET', '/default/order/status/PENDING_SHIPMENT')).status).toBe(401);
    expect((await api.call('GET', '/default/order/status/PENDING_SHIPMENT', { token: 'abc.def.ghi' })).status).toBe(401);
    expect(
      (await api.call('GET', '/default/order/status/PENDING_SHIPMENT', { as: DEMO.staff, headers: { [ADDRESSEE_TYPE_HEADER]: undefined } })).status,
    ).toBe(400);
    expect(
      (await api.call('GET', '/default/order/status/PENDING_SHIPMENT', { as: DEMO.staff, headers: { [API_KEY_HEADER]: 'ck_00000000' } })).status,
    ).toBe(400);
    expect((await api.call('GET', '/default/order/status/PENDING_SHIPMENT', { as: DEMO.ops })).status).toBe(403);
    expect((await api.call('GET', '/default/order/status/PENDING_SHIPMENT', { as: DEMO.pending })).status).toBe(403);
    expect((await api.call('GET', '/default/order/status/PENDING_SHIPMENT', { as: DEMO.inactive })).status).toBe(403);
    expect((await api.call('GET', '/default/order/status/LOST', { as: DEMO.staff })).status).toBe(400);
  });
});

describe('GET /secure/report/users', () => {
  it('lists clinicians with the counts of lab requests and test results assigned to them', async () => {
    const jane = env().cognito.subs[DEMO.clinician];
    const res = await api.call('GET', '/secure/report/users?perPage=200', { as: DEMO.superAdmin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe((await one('SELECT count(*)::int AS n FROM clinicians')).n);
    const row = res.body.items.find((r: { clinicianId: string }) => r.clinicianId === jane);
    expect(row).toEqual({
      clinicianId: jane,
      firstName: 'Jane',
      lastName: 'Doe',
      email: DEMO.clinician,
      status: 'ACTIVE',
      state: 'NV',
      assignedLabRequests: (await one('SELECT count(*)::int AS n FROM lab_requests WHERE clinician_id = $1', [jane])).n,
      openLabRequests: (await one(`SELECT count(*)::int AS n FROM lab_requests WHERE clinician_id = $1 AND status = 'REGISTERED'`, [jane])).n,
      assignedTestResults: (await one('SELECT count(*)::int AS n FROM test_results WHERE clinician_id = $1', [jane])).n,
      resultsNeedingReview: (
        await one(`SELECT count(*)::int AS n FROM test_results WHERE clinician_id = $1 AND status = 'NEEDS_CLINICIAN_REVIEW'`, [jane])
      ).n,
    });
    expect(row.assignedLabRequests).toBeGreaterThan(0);
    expect((await api.call('GET', '/secure/report/users', { as: DEMO.ops })).status).toBe(403);
  });
});
