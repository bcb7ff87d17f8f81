import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../src/domain/shared/masking';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];

/** A kit with a test result whose patient lives in the state, given an e-prescribing id. */
async function kitWithErxId(state: string, erxId: string): Promise<string> {
  const { kit_id: kitId, patient_id: patientId } = await one(
    `SELECT k.kit_id, k.patient_id FROM kits k JOIN test_results tr USING (kit_id)
    JOIN patients p ON p.id = k.patient_id WHERE tr.patient_state = $1 AND p.state = $1 ORDER BY k.kit_id LIMIT 1`,
    [state],
  );
  await api.pool.query(`UPDATE patients SET photon_erx_patient_id = $2 WHERE id = $1`, [patientId, erxId]);
  return kitId;
}

describe('photonHealthErxPatientId (spec 1 §3 Patient) on the lab and kit rows', () => {
  it("a lab row and the kit detail carry the patient's e-prescribing id", async () => {
    const kitId = await kitWithErxId('NV', 'pat_erx_nv_0001');
    const list = await api.call('GET', `/secure/testResult?queryType=ALL&kitId=${kitId}`, { as: DEMO.clinician });
    expect(list.status).toBe(200);
    const row = list.body.items.find((r: { kitId: string }) => r.kitId === kitId);
    expect(row.masked).toBe(false);
    expect(row.user.photonHealthErxPatientId).toBe('pat_erx_nv_0001');
    const single = await api.call('GET', `/secure/testResult/${kitId}`, { as: DEMO.clinician });
    expect(single.body.user.photonHealthErxPatientId).toBe('pat_erx_nv_0001');
    const detail = await api.call('GET', `/secure/kit/${kitId}`, { as: DEMO.clinician });
    expect(detail.status).toBe(200);
    expect(detail.body.patient.photonHealthErxPatientId).toBe('pat_erx_nv_0001');
  });

  it("a masked row (patient outside the viewer's licence states) never tells it", async () => {
    const kitId = await kitWithErxId('TX', 'pat_erx_tx_0001');
    const list = await api.call('GET', `/secure/testResult?queryType=ALL&kitId=${kitId}`, { as: DEMO.clinician });
    expect(list.status).toBe(200);
    const row = list.body.items.find((r: { kitId: string }) => r.kitId === kitId);
    expect(row.masked).toBe(true);
    expect(row.user.photonHealthErxPatientId).toBe(MASK);
    expect(JSON.stringify(list.body)).not.toContain('pat_erx_tx_0001');
    // a super admin reads every state in clear
    const admin = await api.call('GET', `/secure/testResult?queryType=ALL&kitId=${kitId}`, { as: DEMO.superAdmin });
    expect(admin.body.items.find((r: { kitId: string }) => r.kitId === kitId).user.photonHealthErxPatientId).toBe('pat_erx_tx_0001');
  });
});
