import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B } from './booking-helpers';
import { DEMO, env, startApi, type TestApi } from './helpers';
import { restQuery } from './rest-list';
import { JANE_STATES } from './scope-helpers';

/**
 * A refused or not-found access to a record is audited with the record id asked for and the patient the server
 * resolved for it, so that the access log filtered by that patient shows the probe; the caller still only reads
 * "not found".
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const jane = () => env().cognito.subs[DEMO.clinician];

/** A patient outside Jane's valid states (TX) with a booking and a kit with a result. */
async function outsidePatient() {
  return one(
    `SELECT p.id AS "patientId", b.id AS "bookingId", k.kit_id AS "kitId", tr.id AS "testResultId"
      FROM patients p JOIN bookings b ON b.patient_id = p.id JOIN kits k ON k.patient_id = p.id JOIN test_results tr ON tr.kit_id = k.kit_id
     WHERE p.state = 'TX' AND NOT (k.patient_state = ANY($1::text[]))
     ORDER BY p.id, b.id, k.kit_id LIMIT 1`,
    [JANE_STATES],
  );
}

/** The access log rows of Jane about a patient, as the auditor reads them. */
async function janeRowsAbout(patientId: string) {
  const res = await api.call('GET', `/secure/auditLog?${restQuery({ filter: { patientId, actorSub: jane() }, range: [0, 99] })}`, {
    as: DEMO.auditor,
  });
  expect(res.status).toBe(200);
  return res.body as { route: string; entityIds: string[]; patientIds: string[]; outcome: string; statusCode: number }[];
}

describe('probes of out-of-scope records by id', () => {
  it('booking, patient and kit by id: 404 as before, and the auditor finds each probe under the patient with the id asked for', async () => {
    const p = await outsidePatient();
    const probes = [
      { url: `${B}/get/${p.bookingId}`, route: `${B}/get/:id`, asked: p.bookingId },
      { url: `/secure/patient/detailsBySubId/${p.patientId}`, route: '/secure/patient/detailsBySubId/:id', asked: p.patientId },
      { url: `/secure/kit/${p.kitId}`, route: '/secure/kit/:kitId', asked: p.kitId },
    ];
    for (const probe of probes) {
      const res = await api.call('GET', probe.url, { as: DEMO.clinician });
      expect(res.status, probe.url).toBe(404);
      expect(JSON.stringify(res.body), probe.url).not.toContain(p.patientId);
    }
    const rows = await janeRowsAbout(p.patientId);
    for (const probe of probes) {
      const row = rows.find((r) => r.route === probe.route);
      expect(row, probe.route).toMatchObject({ outcome: 'DENIED', statusCode: 404 });
      expect(row!.entityIds, probe.route).toContain(probe.asked);
      expect(row!.patientIds, probe.route).toEqual([p.patientId]);
    }
  });

  it('every by-id read of the record answers 404 and names the patient and the id asked for in its row', async () => {
    const p = await outsidePatient();
    const urls = [
      [`${B}/onboardStatus/${p.bookingId}`, p.bookingId],
      [`${B}/orderSummary/${p.bookingId}`, p.bookingId],
      [`/api/booking/orderPaySummary?id=${p.bookingId}`, p.bookingId],
      [`${B}/${p.bookingId}/documents`, p.bookingId],
      [`${B}/outbox/${p.bookingId}`, p.bookingId],
      [`${B}/patient/bookings/${p.patientId}`, p.patientId],
      [`/secure/chartNote/booking/${p.bookingId}`, p.bookingId],
      [`/secure/chartNote/kit/${p.kitId}`, p.kitId],
      [`/secure/chartNote/patient/${p.patientId}`, p.patientId],
      [`/secure/chartNote/testResult/${p.testResultId}`, p.testResultId],
      [`/secure/testResult/${p.kitId}`, p.kitId],
      [`/secure/kit/${p.kitId}/label`, p.kitId],
      [`/secure/v2/kit/patient/${p.patientId}`, p.patientId],
    ];
    for (const [url, asked] of urls) {
      const { res, rows } = await api.audited(() => api.call('GET', url, { as: DEMO.clinician }));
      expect(res.status, url).toBe(404);
      expect(rows, url).toHaveLength(1);
      expect(rows[0], url).toMatchObject({ outcome: 'DENIED', status_code: 404, patient_ids: [p.patientId] });
      expect(rows[0].entity_ids, url).toContain(asked);
    }
  });

  it('a write on an out-of-scope record is audited the same way and changes nothing', async () => {
    const p = await outsidePatient();
    const { res, rows } = await api.audited(() =>
      api.call('PATCH', `${B}/addTagOrLabel/${p.bookingId}`, { as: DEMO.clinician, body: { label: 'probe' } }),
    );
    expect(res.status).toBe(404);
    expect(rows[0]).toMatchObject({ outcome: 'DENIED', entity_ids: [p.bookingId], patient_ids: [p.patientId] });
    expect((await one(`SELECT tag FROM bookings WHERE id = $1`, [p.bookingId])).tag).not.toBe('probe');
  });

  it('an id that does not exist: the id asked for, no patient', async () => {
    const { res, rows } = await api.audited(() => api.call('GET', '/secure/kit/KT9999999', { as: DEMO.clinician }));
    expect(res.status).toBe(404);
    expect(rows[0]).toMatchObject({ outcome: 'DENIED', entity_ids: ['KT9999999'], patient_ids: [] });
  });

  it('a refusal by role names the id asked for; a parameter that is not an id (an e-mail) is never written', async () => {
    const p = await outsidePatient();
    const byRole = await api.audited(() => api.call('GET', `/secure/testResult/${p.kitId}`, { as: DEMO.staff }));
    expect(byRole.res.status).toBe(403);
    expect(byRole.rows[0]).toMatchObject({ outcome: 'DENIED', entity_ids: [p.kitId] });
    const email = (await one(`SELECT email FROM patients WHERE id = $1`, [p.patientId])).email as string;
    const byEmail = await api.audited(() => api.call('GET', `/secure/patient/detail/email/${encodeURIComponent(email)}`, { as: DEMO.clinician }));
    expect(byEmail.res.status).toBe(404);
    expect(byEmail.rows[0]).toMatchObject({ outcome: 'DENIED', patient_ids: [p.patientId] });
    expect(JSON.stringify(byEmail.rows[0]).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('an in-scope read is unchanged: SUCCESS with its own ids only', async () => {
    const nv = await one(
      `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' ORDER BY b.id LIMIT 1`,
    );
    const { res, rows } = await api.audited(() => api.call('GET', `${B}/get/${nv.id}`, { as: DEMO.clinician }));
    expect(res.status).toBe(200);
    expect(rows[0]).toMatchObject({ outcome: 'SUCCESS', entity_ids: [nv.id], patient_ids: [nv.patient_id] });
  });
});
