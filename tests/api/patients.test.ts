import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => { api = await startApi(); });
afterAll(async () => { await api.close(); });

const patientIn = async (state: string) =>
  (await api.pool.query(`SELECT id, first_name AS "firstName", last_name AS "lastName", dob::text AS dob FROM patients WHERE state = $1 ORDER BY id LIMIT 1`, [state])).rows[0];

describe('GET /secure/patient/detailsBySubId/:id (patient profile header)', () => {
  it('answers the summary to every role, and audits the read', async () => {
    const p = await patientIn('NV');
    for (const who of [DEMO.clinician, DEMO.staff, DEMO.ops, DEMO.auditor, DEMO.superAdmin]) {
      const res = await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: p.id, firstName: p.firstName, lastName: p.lastName, name: `${p.firstName} ${p.lastName}`, dob: p.dob, state: 'NV', masked: false });
    }
    const audit = await api.pool.query(`SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'patient' AND entity_ids = ARRAY[$1::text]
      AND patient_ids = ARRAY[$1::uuid] AND action = 'READ'`, [p.id]);
    expect(audit.rows[0].n).toBe(5);
  });
  it('a patient outside the clinician valid licence states (TX expired, PA none) is 404 like an unknown one; auditors and super admins read it', async () => {
    for (const state of ['TX', 'PA']) {
      const p = await patientIn(state);
      for (const who of [DEMO.clinician, DEMO.noLicence]) {
        const res = await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who });
        expect(res.status, `${state} ${who}`).toBe(404);
        expect(res.body).toEqual({ msg: 'Not found', reason: 'no such patient' });
      }
      for (const who of [DEMO.auditor, DEMO.superAdmin, DEMO.staff]) {
        expect((await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: who })).body).toMatchObject({ lastName: p.lastName, masked: false });
      }
    }
  });
  it('404 for an unknown patient, 400 for a malformed id, 403 without a portal role', async () => {
    expect((await api.call('GET', '/secure/patient/detailsBySubId/00000000-0000-4000-8000-000000000000', { as: DEMO.clinician })).status).toBe(404);
    expect((await api.call('GET', '/secure/patient/detailsBySubId/not-a-uuid', { as: DEMO.clinician })).status).toBe(400);
    const p = await patientIn('NV');
    expect((await api.call('GET', `/secure/patient/detailsBySubId/${p.id}`, { as: DEMO.pending })).status).toBe(403);
  });
});
