import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceOrder } from '../../src/server/adapters/prescribing/local-pharmacy';
import type { JobQueue } from '../../src/server/jobs/queue';
import { DEMO, startApi, type TestApi } from './helpers';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const RX = '/secure/clinician/createPrescription';
const item = { treatmentId: 'med_doxycycline_100_cap', instructions: 'Take 1 capsule by mouth twice daily for 7 days', quantity: 14, refills: 0 };
const q = async <T = any>(sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows as T[];
/** A patient of this state that no other test of this file uses (dob and e-mail present unless changed). */
const used = new Set<string>();
async function patientIn(state: string) {
  const rows = await q<{ id: string }>(
    `SELECT id FROM patients WHERE state = $1 AND dob IS NOT NULL AND email <> '' AND photon_erx_patient_id IS NULL ORDER BY id`,
    [state],
  );
  const p = rows.find((r) => !used.has(r.id));
  if (!p) throw new Error(`no free patient in ${state}`);
  used.add(p.id);
  return p.id;
}
const counts = async (patientId: string) =>
  (
    await q(
      `SELECT (SELECT count(*)::int FROM erx_prescriptions x JOIN erx_patients e ON e.id = x.patient_id WHERE e.external_id = $1) AS rx,
          (SELECT count(*)::int FROM messages WHERE patient_id = $1) AS messages,
          (SELECT photon_erx_patient_id FROM patients WHERE id = $1) AS erx`,
      [patientId],
    )
  )[0];

describe('e-prescribing: licence scope and roles (attack tests)', () => {
  it('a licence-bound clinician cannot prescribe for, create or read a patient outside its valid licence states: 404, nothing written', async () => {
    for (const state of ['TX', 'FL']) {
      const p = await patientIn(state);
      const before = await counts(p);
      const res = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, prescriptions: [item] } });
      expect(res.status).toBe(404);
      expect(res.body.reason).toBe('Patient account not found');
      expect((await api.call('POST', '/api/photon/createPatient', { as: DEMO.clinician, body: { patientId: p } })).status).toBe(404);
      expect((await api.call('POST', '/api/photon/getPatientPrescriptions', { as: DEMO.clinician, body: { patientId: p } })).status).toBe(404);
      expect(await counts(p)).toEqual(before);
      expect(before.erx).toBeNull();
    }
  });

  it('a clinician without any valid licence prescribes for nobody', async () => {
    const p = await patientIn('NV');
    expect((await api.call('POST', RX, { as: DEMO.noLicence, body: { patientId: p, prescriptions: [item] } })).status).toBe(404);
    expect((await counts(p)).rx).toBe(0);
  });

  it('only clinicians prescribe: staff, operation support, auditors and super admins are refused (403)', async () => {
    const p = await patientIn('NV');
    for (const who of [DEMO.staff, DEMO.ops, DEMO.auditor, DEMO.superAdmin]) {
      expect((await api.call('POST', RX, { as: who, body: { patientId: p, prescriptions: [item] } })).status).toBe(403);
      expect((await api.call('POST', '/api/photon/createPatient', { as: who, body: { patientId: p } })).status).toBe(403);
    }
    expect((await api.call('POST', RX, { body: { patientId: p, prescriptions: [item] } })).status).toBe(401);
    expect(await counts(p)).toMatchObject({ rx: 0, erx: null });
    // Reading a patient's prescriptions is clinical data: auditors and super admins read, staff do not.
    expect((await api.call('POST', '/api/photon/getPatientPrescriptions', { as: DEMO.auditor, body: { patientId: p } })).status).toBe(200);
    expect((await api.call('POST', '/api/photon/getPatientPrescriptions', { as: DEMO.staff, body: { patientId: p } })).status).toBe(403);
  });
});

describe('e-prescribing: sending', () => {
  it('sends from the patient profile: ACTIVE prescriptions with a placed order, the prescriber from the token, history, message, audit', async () => {
    const p = await patientIn('NV');
    const { res, rows } = await api.audited(() =>
      api.call('POST', RX, {
        as: DEMO.clinician,
        body: {
          patientId: p,
          fulfillment: 'MAIL_ORDER',
          prescriptions: [item, { ...item, treatmentId: 'med_valacyclovir_1000_tab', refills: 2, notes: 'generic ok' }],
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Prescription Sent!');
    expect(res.body.prescriptions).toHaveLength(2);
    expect(res.body.prescriptions[1]).toMatchObject({
      state: 'ACTIVE',
      treatment: { name: 'Valacyclovir 1 GM Oral Tablet' },
      instructions: item.instructions,
      notes: 'generic ok',
      fillsAllowed: 3,
      prescriber: { name: { full: 'Jane Doe' } },
      fills: [{ state: 'NEW', order: { id: res.body.orderId, state: 'PLACED' } }],
    });
    const after = await counts(p);
    expect(after.rx).toBe(2);
    expect(after.erx).toMatch(/^pat_/);
    const list = await api.call('POST', '/api/photon/getPatientPrescriptions', { as: DEMO.clinician, body: { patientId: p } });
    expect(list.body.map((x: any) => x.id).sort()).toEqual(res.body.prescriptions.map((x: any) => x.id).sort());
    const history = await q(`SELECT entity_type, action FROM record_history WHERE entity_id = ANY($1::text[]) AND action = 'PRESCRIPTION_SENT'`, [
      [res.body.orderId, ...res.body.prescriptions.map((x: any) => x.id)],
    ]);
    expect(history).toHaveLength(3);
    const message = await q(`SELECT subject, content FROM messages WHERE patient_id = $1 ORDER BY created_at DESC LIMIT 1`, [p]);
    expect(message[0].subject).toBe('A prescription was sent');
    const mail = await q(`SELECT subject, body FROM mail_outbox WHERE to_address = (SELECT email FROM patients WHERE id = $1)`, [p]);
    expect(mail.length).toBeGreaterThan(0);
    for (const text of [JSON.stringify(message), JSON.stringify(mail)]) expect(text).not.toMatch(/valacyclovir|doxycycline/i);
    const audit = rows.find((r) => r.action === 'CREATE');
    expect(audit).toMatchObject({ entity_type: 'prescription', outcome: 'SUCCESS' });
    expect(JSON.stringify(audit)).toContain(p);
  });

  it('is idempotent: the same Idempotency-Key sends once and answers the first answer', async () => {
    const p = await patientIn('CA');
    const headers = { 'idempotency-key': randomUUID() };
    const first = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, prescriptions: [item] }, headers });
    const again = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, prescriptions: [item] }, headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(first.body.orderId);
    expect((await counts(p)).rx).toBe(1);
    expect((await q(`SELECT count(*)::int AS n FROM messages WHERE patient_id = $1 AND subject = 'A prescription was sent'`, [p]))[0].n).toBe(1);
  });

  it("refuses with the spec's texts: no DOB, no e-mail; nothing written", async () => {
    const noDob = await patientIn('CO');
    await api.pool.query(`UPDATE patients SET dob = NULL WHERE id = $1`, [noDob]);
    const r1 = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: noDob, prescriptions: [item] } });
    expect([r1.status, r1.body.reason]).toEqual([400, 'Patient DOB is missing']);
    const noEmail = await patientIn('CO');
    await api.pool.query(`UPDATE patients SET email = '' WHERE id = $1`, [noEmail]);
    const r2 = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: noEmail, prescriptions: [item] } });
    expect([r2.status, r2.body.reason]).toEqual([400, 'Patient email is missing']);
    expect((await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: randomUUID(), prescriptions: [item] } })).body.reason).toBe(
      'Patient account not found',
    );
    expect(await counts(noDob)).toMatchObject({ rx: 0, erx: null });
    expect(await counts(noEmail)).toMatchObject({ rx: 0, erx: null });
  });

  it('from a kit: refused until the result is released ("You can\'t send prescription until results are released")', async () => {
    const kits = await q<{ kit_id: string; patient_id: string; status: string | null }>(
      `SELECT k.kit_id, k.patient_id, r.status FROM kits k JOIN patients p ON p.id = k.patient_id LEFT JOIN test_results r ON r.kit_id = k.kit_id
        WHERE p.state = 'NV' AND p.dob IS NOT NULL AND p.email <> '' ORDER BY k.kit_id`,
    );
    const blocked = kits.find((k) => k.status === 'NEEDS_CLINICIAN_REVIEW' || k.status === 'PENDING_REVIEW')!;
    const missing = kits.find((k) => k.status === null)!;
    const released = kits.find((k) => k.status === 'RESULTS_RELEASED' || k.status === 'COMPLETE')!;
    for (const k of [blocked, missing]) {
      const res = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: k.patient_id, kitId: k.kit_id, prescriptions: [item] } });
      expect([res.status, res.body.reason]).toEqual([409, "You can't send prescription until results are released"]);
    }
    const other = await patientIn('NV');
    expect(
      (await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: other, kitId: released.kit_id, prescriptions: [item] } })).status,
    ).toBe(404);
    const ok = await api.call('POST', RX, {
      as: DEMO.clinician,
      body: { patientId: released.patient_id, kitId: released.kit_id, prescriptions: [item] },
    });
    expect(ok.status).toBe(200);
  });

  it('an order of another patient, or unknown, is never recorded for this one', async () => {
    const p = await patientIn('NY');
    const res = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, order: { id: 'ord_doesnotexist' } } });
    expect(res.status).toBe(404);
    expect(
      (await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, prescriptions: [{ ...item, treatmentId: 'med_unknown' }] } })).status,
    ).toBe(400);
  });
});

describe('e-prescribing: the prescribing patient', () => {
  it('is created once under concurrency: one prescribing id, never two', async () => {
    const p = await patientIn('NV');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.call('POST', '/api/photon/createPatient', { as: DEMO.clinician, body: { patientId: p } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.body.erxPhotonId.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.created)).toHaveLength(1);
    expect((await q(`SELECT count(*)::int AS n FROM erx_patients WHERE external_id = $1`, [p]))[0].n).toBe(1);
    const stored = await q(`SELECT sex, address FROM erx_patients WHERE external_id = $1`, [p]);
    expect(stored[0].address.country).toBe('USA');
    expect(['MALE', 'FEMALE', 'UNKNOWN']).toContain(stored[0].sex);
    // Storing the id again is a no-op; another patient's id, or a second id, is refused.
    const id = [...ids][0];
    expect(
      (await api.call('POST', '/secure/patient/updatePhotonERxPatientId', { as: DEMO.clinician, body: { userId: p, photonERxPatientId: id } }))
        .status,
    ).toBe(200);
    expect(
      (
        await api.call('POST', '/secure/patient/updatePhotonERxPatientId', {
          as: DEMO.clinician,
          body: { subUUID: p, photonERxPatientId: 'pat_other' },
        })
      ).status,
    ).toBe(409);
    const q2 = await patientIn('NV');
    expect(
      (await api.call('POST', '/secure/patient/updatePhotonERxPatientId', { as: DEMO.clinician, body: { userId: q2, photonERxPatientId: id } }))
        .status,
    ).toBe(400);
    expect((await counts(q2)).erx).toBeNull();
  });
});

describe('e-prescribing: the local pharmacy', () => {
  it('moves a placed order on over time, PLACED → ROUTING → PENDING → COMPLETED, its fills SENT, one history row per step', async () => {
    const p = await patientIn('NV');
    const sent = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, prescriptions: [item] } });
    expect(sent.status).toBe(200);
    const orderId = sent.body.orderId as string;
    expect(sent.body.prescriptions[0].fills[0]).toMatchObject({ state: 'NEW', order: { state: 'PLACED' } });
    // The test configuration steps every 0.2 s: the order is COMPLETED within a few seconds.
    await expect
      .poll(
        async () => {
          const list = await api.call('POST', '/api/photon/getPatientPrescriptions', { as: DEMO.clinician, body: { patientId: p } });
          return list.body[0].fills[0].order.state;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe('COMPLETED');
    const list = await api.call('POST', '/api/photon/getPatientPrescriptions', { as: DEMO.clinician, body: { patientId: p } });
    const fill = list.body[0].fills[0];
    expect(fill.state).toBe('SENT');
    expect(Date.parse(fill.order.updatedAt)).toBeGreaterThanOrEqual(Date.parse(fill.requestedAt));
    expect(list.body[0].treatment).toMatchObject({ strength: '100 mg', form: 'Oral Capsule' });
    const steps = await q(
      `SELECT from_status, to_status, actor_sub FROM record_history WHERE entity_id = $1 AND action = 'ORDER_STATE' ORDER BY id`,
      [orderId],
    );
    expect(steps).toEqual([
      { from_status: 'PLACED', to_status: 'ROUTING', actor_sub: 'system:local-pharmacy' },
      { from_status: 'ROUTING', to_status: 'PENDING', actor_sub: 'system:local-pharmacy' },
      { from_status: 'PENDING', to_status: 'COMPLETED', actor_sub: 'system:local-pharmacy' },
    ]);
  });

  it('a repeated or late step changes nothing (idempotent)', async () => {
    const p = await patientIn('CA');
    const sent = await api.call('POST', RX, { as: DEMO.clinician, body: { patientId: p, prescriptions: [item] } });
    const orderId = sent.body.orderId as string;
    await expect
      .poll(async () => (await q(`SELECT state FROM erx_orders WHERE id = $1`, [orderId]))[0].state, { timeout: 15_000, interval: 250 })
      .toBe('COMPLETED');
    const jobs = {
      send: async () => {
        throw new Error('no step may be queued');
      },
    } as unknown as JobQueue;
    for (const from of ['PLACED', 'ROUTING', 'PENDING', 'COMPLETED']) expect(await advanceOrder(api.pool, jobs, { orderId, from }, 0)).toBeNull();
    expect(await advanceOrder(api.pool, jobs, { orderId: 'ord_unknown', from: 'PLACED' }, 0)).toBeNull();
    expect((await q(`SELECT count(*)::int AS n FROM record_history WHERE entity_id = $1 AND action = 'ORDER_STATE'`, [orderId]))[0].n).toBe(3);
  });
});
