import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const lines = (body: unknown) => (typeof body === 'string' ? body : String(body)).trim().split('\n');

describe('the message lists export every matching row as CSV (spec 3 §9 full export)', () => {
  it("inbox (with its toggles), sent, other clinicians' and a patient's: a header and one line per row, not one page", async () => {
    const patient = (
      await api.pool.query(`SELECT m.patient_id::text AS id FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE p.state = 'NV' GROUP BY m.patient_id ORDER BY count(*) DESC LIMIT 1`)
    ).rows[0] as { id: string };
    for (const [path, query, as] of [
      ['', 'perPage=1', DEMO.clinician],
      ['', 'myStates=true&unanswered=true', DEMO.clinician],
      ['/sent', '', DEMO.clinician],
      ['/sent/otherClinicians', '', DEMO.superAdmin],
      ['/patient', `patientId=${patient.id}`, DEMO.clinician],
    ] as const) {
      const listQuery = query.replace('perPage=1', '');
      const total = (await api.call('GET', `/secure/message${path}?${listQuery}&perPage=1`, { as })).body.total as number;
      const { res, rows } = await api.audited(() => api.call('GET', `/secure/message${path}/export?${listQuery}`, { as }));
      expect(res.status, path).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/csv');
      expect(lines(res.body), `${path}?${query}`).toHaveLength(total + 1);
      if (total) expect(rows.length).toBeGreaterThan(0);
    }
  });
  it("the other clinicians' export keeps its roles: a clinician is refused", async () => {
    expect((await api.call('GET', '/secure/message/sent/otherClinicians/export', { as: DEMO.clinician })).status).toBe(403);
  });
});
