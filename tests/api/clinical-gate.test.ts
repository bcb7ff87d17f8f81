import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startApi, type TestApi } from './helpers';

/**
 * The clinical gate (spec 3 §1, spec 1 §6): a clinician without a calendar link does no clinical work. Every clinical
 * write is refused at the route with the text the booking checkout refusal already uses, and nothing is written.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const REFUSAL = 'Action not permitted. Reason: Add a valid calendar link to get access to clinical work';
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const now = () => Math.floor(Date.now() / 1000);

async function coPatient() {
  return (
    await one(`SELECT id::text FROM patients WHERE state = 'CO' AND gender_at_birth IS NOT NULL AND dob IS NOT NULL AND email <> ''
    AND photon_erx_patient_id IS NULL ORDER BY id LIMIT 1`)
  ).id as string;
}
const labOrder = (patientId: string) => ({
  reqEpochSec: now() - 60,
  collectionEpochSec: now() - 3600,
  patientId,
  clinicianId: 'x',
  labName: 'LIFESCAN',
  careLocation: 'Care Hub Las Vegas Charleston',
  panelTestSpecifications: [{ testOrPanelName: 'Hepatitis A Ab, IgG', panel: false, testCode: 'LS1073', editable: true }],
});
const rx = (patientId: string) => ({
  patientId,
  prescriptions: [
    { treatmentId: 'med_doxycycline_100_cap', instructions: 'Take 1 capsule by mouth twice daily for 7 days', quantity: 14, refills: 0 },
  ],
});
const counts = async (patientId: string) =>
  one(
    `SELECT (SELECT count(*)::int FROM kits WHERE patient_id = $1) AS kits,
          (SELECT count(*)::int FROM erx_prescriptions x JOIN erx_patients e ON e.id = x.patient_id WHERE e.external_id = $1) AS rx,
          (SELECT count(*)::int FROM messages WHERE patient_id = $1) AS messages`,
    [patientId],
  );

describe('a clinician without a calendar link: clinical writes are refused with the reason', () => {
  it('lab order, prescription and message annotation: 403, nothing written', async () => {
    const patientId = await coPatient();
    const before = await counts(patientId);
    const msg = await one(`SELECT m.id::text FROM messages m JOIN patients p ON p.id = m.patient_id
      WHERE p.state = 'CO' AND m.replied_at IS NOT NULL ORDER BY m.id LIMIT 1`);
    const annotationsBefore = (await one(`SELECT count(*)::int AS n FROM message_annotations`)).n;
    for (const [url, body] of [
      ['/secure/kit/labOrderRequest', labOrder(patientId)],
      ['/secure/clinician/createPrescription', rx(patientId)],
      ['/secure/message/addAnnotationToMsgs', { comment: 'Answered', status: 'DONE', msgIds: msg.id }],
    ] as const) {
      const res = await api.call('POST', url, { as: DEMO.noCalendar, body });
      expect(res.status, url).toBe(403);
      expect(res.body, url).toEqual({ msg: 'Forbidden', reason: REFUSAL });
    }
    expect(await counts(patientId)).toEqual(before);
    expect((await one(`SELECT count(*)::int AS n FROM message_annotations`)).n).toBe(annotationsBefore);
  });

  it('once she adds a calendar link, her next request may order', async () => {
    const patientId = await coPatient();
    expect(
      (await api.call('PATCH', '/secure/clinician/updateCalendar', { as: DEMO.noCalendar, body: { calendarLink: 'https://cal.example.com/priya' } }))
        .status,
    ).toBe(200);
    expect((await api.call('POST', '/secure/kit/labOrderRequest', { as: DEMO.noCalendar, body: labOrder(patientId) })).status).toBe(201);
  });
});
