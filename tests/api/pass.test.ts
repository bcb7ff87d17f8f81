import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_UI_TEXT } from '../../src/domain/i18n/en/kit';
import { DEMO, env, startApi, type TestApi } from './helpers';

/**
 * PASS (partner testing programme): Change Consent Status (PATCH /secure/patient/{id}/passConsent) and
 * Send result to PASS (POST /secure/kit/{kitId}/sendToPass), on patients and kits of this file's own.
 * Jane (clinician@demo.test) holds valid licences in NV, CO, CA, NY, an expired one in TX, none in FL.
 */
let api: TestApi;
const P = {
  nvMember: 'aaaaaaaa-0000-4000-8000-000000000001',
  nvNonMember: 'aaaaaaaa-0000-4000-8000-000000000002',
  flMember: 'aaaaaaaa-0000-4000-8000-000000000003',
  nvSharing: 'aaaaaaaa-0000-4000-8000-000000000004',
  nvNotSharing: 'aaaaaaaa-0000-4000-8000-000000000005',
  txMember: 'aaaaaaaa-0000-4000-8000-000000000006',
};
beforeAll(async () => {
  api = await startApi();
  await api.pool.query(
    `INSERT INTO patients (id, first_name, last_name, email, dob, state, pass_member, share_with_pass)
    SELECT id::uuid, 'Pat' || n, 'Pass', 'pat' || n || '@example.com', date '1990-01-01', st, m, sh
      FROM (VALUES ($1, 1, 'NV', true, false), ($2, 2, 'NV', false, false), ($3, 3, 'FL', true, true), ($4, 4, 'NV', true, true),
                   ($5, 5, 'NV', true, false), ($6, 6, 'TX', true, true)) v(id, n, st, m, sh)`,
    Object.values(P),
  );
  // Kits with a test result: PS1 released (sharing member), PS2 not released (sharing), PS3 released (member not sharing),
  // PS4 released (FL member), PS5 no result yet (sharing), PS6 COMPLETE (sharing), PS7 no result (TX member).
  await api.pool.query(
    `INSERT INTO kits (kit_id, patient_id, patient_state, product_name, lab_name, status, care_location)
    SELECT k, p::uuid, st, '5-Panel STD Test', 'LIFESCAN', 'REPORT_READY', 'ONLINE'
      FROM (VALUES ('PS1', $1, 'NV'), ('PS2', $1, 'NV'), ('PS3', $2, 'NV'), ('PS4', $3, 'FL'), ('PS5', $1, 'NV'), ('PS6', $1, 'NV'), ('PS7', $4, 'TX')) v(k, p, st)`,
    [P.nvSharing, P.nvNotSharing, P.flMember, P.txMember],
  );
  await api.pool.query(`INSERT INTO test_results (kit_id, status, patient_state, care_location, results)
    SELECT k, s, st, 'ONLINE', '[{"testName":"Chlamydia","result":"Not Detected","summaryStatus":"NORMAL"}]'::jsonb
      FROM (VALUES ('PS1', 'RESULTS_RELEASED', 'NV'), ('PS2', 'NEEDS_CLINICIAN_REVIEW', 'NV'), ('PS3', 'RESULTS_RELEASED', 'NV'),
                   ('PS4', 'RESULTS_RELEASED', 'FL'), ('PS6', 'COMPLETE', 'NV')) v(k, s, st)`);
});
afterAll(async () => {
  await api.close();
});

const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const consent = (id: string, as: string, body: unknown = { shareWIthPass: true }) =>
  api.call('PATCH', `/secure/patient/${id}/passConsent`, { as, body });
const send = (kitId: string, as: string) => api.call('POST', `/secure/kit/${kitId}/sendToPass`, { as });
const sharing = async (id: string) => (await one('SELECT share_with_pass AS s FROM patients WHERE id = $1', [id])).s as boolean;
const history = async (type: string, id: string) =>
  (
    await api.pool.query(
      `SELECT action, from_status, to_status, actor_sub, actor_name, at FROM record_history WHERE entity_type = $1 AND entity_id = $2 ORDER BY id`,
      [type, id],
    )
  ).rows;
const submissions = async (kitId: string) => (await api.pool.query('SELECT * FROM pass_submissions WHERE kit_id = $1', [kitId])).rows;

describe('PATCH /secure/patient/:id/passConsent', () => {
  it("a licensed clinician toggles a member's consent both ways, with history (who, when, from, to) and audit", async () => {
    const before = Date.now();
    const on = await consent(P.nvMember, DEMO.clinician, { shareWIthPass: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ patientId: P.nvMember, passMember: true, shareWIthPass: true });
    expect(await sharing(P.nvMember)).toBe(true);
    const off = await consent(P.nvMember, DEMO.staff, { shareWIthPass: false });
    expect(off.status).toBe(200);
    expect(await sharing(P.nvMember)).toBe(false);
    const h = await history('patient', P.nvMember);
    expect(h.map(({ at: _at, ...r }) => r)).toEqual([
      {
        action: 'UPDATE_PASS_CONSENT',
        from_status: 'NOT_SHARING',
        to_status: 'SHARING',
        actor_sub: env().cognito.subs[DEMO.clinician],
        actor_name: 'Jane Doe',
      },
      {
        action: 'UPDATE_PASS_CONSENT',
        from_status: 'SHARING',
        to_status: 'NOT_SHARING',
        actor_sub: env().cognito.subs[DEMO.staff],
        actor_name: 'Sarah Kim',
      },
    ]);
    expect(h[0].at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(
      (
        await one(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'UPDATE_PASS_CONSENT' AND $1 = ANY(entity_ids) AND $1::uuid = ANY(patient_ids) AND outcome = 'SUCCESS'`,
          [P.nvMember],
        )
      ).n,
    ).toBe(2);
    // the same value again: nothing to record
    expect((await consent(P.nvMember, DEMO.clinician, { shareWIthPass: false })).status).toBe(200);
    expect(await history('patient', P.nvMember)).toHaveLength(2);
  });

  it('the kit detail carries passMember and shareWIthPass', async () => {
    const res = await api.call('GET', '/secure/kit/PS1', { as: DEMO.clinician });
    expect(res.status).toBe(200);
    expect(res.body.patient).toMatchObject({ passMember: true, shareWIthPass: true });
    const notSharing = await api.call('GET', '/secure/kit/PS3', { as: DEMO.clinician });
    expect(notSharing.body.patient).toMatchObject({ passMember: true, shareWIthPass: false });
    // outside the clinician's valid licence states (Jane's expired TX) the kit is 404; auditors read it
    expect((await api.call('GET', '/secure/kit/PS7', { as: DEMO.clinician })).status).toBe(404);
    expect((await api.call('GET', '/secure/kit/PS7', { as: DEMO.auditor })).body.patient).toMatchObject({ passMember: true, shareWIthPass: true });
  });

  it('409 for a patient who is not a PASS member; nothing written', async () => {
    const res = await consent(P.nvNonMember, DEMO.clinician);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe(KIT_UI_TEXT.pass.reasons.notMember);
    expect(await sharing(P.nvNonMember)).toBe(false);
    expect(await history('patient', P.nvNonMember)).toEqual([]);
  });

  it("refused for auditors (read-only) and for a clinician without a valid licence in the patient's state", async () => {
    const auditor = await consent(P.nvMember, DEMO.auditor);
    expect(auditor.status).toBe(403);
    // outside the clinician's valid licence states the patient reads as unknown, unlicensed (FL) or expired (TX)
    const outOfState = await consent(P.flMember, DEMO.clinician, { shareWIthPass: false });
    expect(outOfState.status).toBe(404);
    const expired = await consent(P.txMember, DEMO.clinician, { shareWIthPass: false });
    expect(expired.status).toBe(404);
    expect(await sharing(P.flMember)).toBe(true);
    expect(await sharing(P.txMember)).toBe(true);
    expect(await history('patient', P.flMember)).toEqual([]);
    // a super admin may (no licence needed)
    expect((await consent(P.flMember, DEMO.superAdmin, { shareWIthPass: false })).status).toBe(200);
    expect((await consent(P.flMember, DEMO.superAdmin, { shareWIthPass: true })).status).toBe(200);
  });

  it('400 for a body that is not exactly { shareWIthPass: boolean }; 404 for an unknown patient', async () => {
    expect((await consent(P.nvMember, DEMO.clinician, { shareWIthPass: 'yes' })).status).toBe(400);
    expect((await consent(P.nvMember, DEMO.clinician, { shareWIthPass: true, extra: 1 })).status).toBe(400);
    expect((await consent('00000000-0000-4000-8000-000000000000', DEMO.clinician)).status).toBe(404);
  });
});

describe('POST /secure/kit/:kitId/sendToPass', () => {
  it('refused before the result is released, without a result, and without consent: 409 with the reason, nothing written', async () => {
    for (const [kitId, reason] of [
      ['PS2', 'notReleased'],
      ['PS5', 'notReleased'],
      ['PS3', 'noConsent'],
    ] as const) {
      const res = await send(kitId, DEMO.clinician);
      expect(res.status, kitId).toBe(409);
      expect(res.body.reason).toBe(KIT_UI_TEXT.pass.reasons[reason]);
      expect(await submissions(kitId)).toEqual([]);
      expect(await history('kit', kitId)).toEqual([]);
    }
    expect(
      (await one(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'SEND_TO_PASS' AND entity_ids = '{PS2}' AND outcome = 'FAILED'`)).n,
    ).toBe(1);
  });

  it("refused for staff and auditors (clinical action), and for a clinician without a licence in the patient's state", async () => {
    expect((await send('PS1', DEMO.staff)).status).toBe(403);
    expect((await send('PS1', DEMO.auditor)).status).toBe(403);
    expect((await send('PS4', DEMO.clinician)).status).toBe(404);
    expect(await submissions('PS4')).toEqual([]);
    expect((await send('NOSUCHKIT', DEMO.clinician)).status).toBe(404);
  });

  it('sends a released result of a consenting member: submission, history and audit; { submittedAt }', async () => {
    const res = await send('PS1', DEMO.clinician);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ submittedAt: expect.any(String) });
    const [s] = await submissions('PS1');
    expect(s).toMatchObject({
      kit_id: 'PS1',
      patient_id: P.nvSharing,
      result_status: 'RESULTS_RELEASED',
      provider: 'local',
      submitted_by: env().cognito.subs[DEMO.clinician],
    });
    expect(s.submitted_at.toISOString()).toBe(res.body.submittedAt);
    expect(s.payload).toMatchObject({
      kitId: 'PS1',
      member: { firstName: 'Pat4', email: 'pat4@example.com' },
      results: [{ testName: 'Chlamydia', result: 'Not Detected' }],
    });
    expect((await history('kit', 'PS1')).map(({ at: _at, ...r }) => r)).toEqual([
      {
        action: 'SEND_TO_PASS',
        from_status: 'RESULTS_RELEASED',
        to_status: 'RESULTS_RELEASED',
        actor_sub: env().cognito.subs[DEMO.clinician],
        actor_name: 'Jane Doe',
      },
    ]);
    expect(
      (
        await one(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'SEND_TO_PASS' AND entity_ids = '{PS1}' AND patient_ids = $1 AND outcome = 'SUCCESS'`,
          [[P.nvSharing]],
        )
      ).n,
    ).toBe(1);
    // a COMPLETE result counts as released; a super admin may send too
    expect((await send('PS6', DEMO.superAdmin)).status).toBe(200);
  });

  it('after consent is withdrawn, sending is refused again', async () => {
    expect((await consent(P.nvSharing, DEMO.clinician, { shareWIthPass: false })).status).toBe(200);
    const res = await send('PS1', DEMO.clinician);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe(KIT_UI_TEXT.pass.reasons.noConsent);
    expect(await submissions('PS1')).toHaveLength(1);
  });
});
