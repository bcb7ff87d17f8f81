import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

/** A NV patient (in the demo clinician's licence states) with bookings, kits, orders and events. */
const busyPatient = async () =>
  (
    await api.pool.query(`SELECT p.id::text AS id FROM patients p
  WHERE p.state = 'NV' AND EXISTS (SELECT 1 FROM kits k WHERE k.patient_id = p.id) AND EXISTS (SELECT 1 FROM bookings b WHERE b.patient_id = p.id)
  ORDER BY (SELECT count(*) FROM kits k WHERE k.patient_id = p.id) DESC, p.id LIMIT 1`)
  ).rows[0] as { id: string };

const csv = (body: unknown) => (typeof body === 'string' ? body : String(body)).trim().split('\n');

describe('the patient profile lists export every matching row as CSV (spec 3 §9 full export)', () => {
  it('bookings, kits, orders and events: a header and one line per row of the list, not one page; audited', async () => {
    const p = await busyPatient();
    for (const [list, query] of [
      ['bookings', 'when=past'],
      ['kits', 'group=all'],
      ['orders', ''],
      ['events', ''],
    ] as const) {
      const total = (await api.call('GET', `/secure/patient/${list}?patientId=${p.id}&${query}&perPage=1`, { as: DEMO.clinician })).body
        .total as number;
      const { res, rows } = await api.audited(() =>
        api.call('GET', `/secure/patient/${list}/export?patientId=${p.id}&${query}`, { as: DEMO.clinician }),
      );
      expect(res.status, list).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/csv');
      const lines = csv(res.body);
      expect(lines, list).toHaveLength(total + 1);
      expect(rows.length, list).toBeGreaterThan(0);
    }
  });
  it("outside the licence states: 404, as the lists; the orders export keeps the orders list's roles", async () => {
    const tx = (await api.pool.query(`SELECT id::text AS id FROM patients WHERE state = 'TX' ORDER BY id LIMIT 1`)).rows[0] as { id: string };
    expect((await api.call('GET', `/secure/patient/kits/export?patientId=${tx.id}`, { as: DEMO.clinician })).status).toBe(404);
    const p = await busyPatient();
    const listStatus = (await api.call('GET', `/secure/patient/orders?patientId=${p.id}`, { as: DEMO.staff })).status;
    expect((await api.call('GET', `/secure/patient/orders/export?patientId=${p.id}`, { as: DEMO.staff })).status).toBe(listStatus);
  });
});
