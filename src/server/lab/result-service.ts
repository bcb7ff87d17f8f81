import type { Pool } from 'pg';
import type { z } from 'zod';
import type { createTestResultSchema } from '../../domain/lab-api';
import { LAB_REQUEST_TRANSITIONS, LAB_RESULT_TRANSITIONS, notesEditable, TOOLTIP_ASSIGNED_OR_INELIGIBLE } from '../../domain/lab-actions';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { withTx } from '../db/tx';
import { badRequest, conflict, forbidden } from '../errors';
import { lockForAction } from './locked-record';
import { messageHistory } from '../messages/service';

type CreateTestResult = z.infer<typeof createTestResultSchema>;

/**
 * Creates (or replaces, while not released) the test result of a kit whose lab request is assigned to
 * the actor and still open; the lab request moves to REPORT_READY and the result awaits clinician review.
 */
export async function createTestResult(pool: Pool, audit: Auditor, actor: Actor, body: CreateTestResult) {
  return withTx(pool, async (client) => {
    const { record } = await lockForAction(client, actor, body.kitId, 'request', { mustOwn: true });
    const t = LAB_REQUEST_TRANSITIONS.createTestResult;
    if (!(t.from as readonly string[]).includes(record.requestStatus ?? '')) {
      throw conflict(`no test result can be created for a ${record.requestStatus} lab request`);
    }
    // Read under the kit lock: a result released a moment ago is seen here, and never overwritten.
    if (record.resultStatus && !notesEditable(record.resultStatus)) throw conflict(`the test result is already ${record.resultStatus}`);
    const lines = body.resultData.map((e) => ({ testName: e.testName, result: e.testValue ?? '', units: '', summaryStatus: null }));
    const { rows, rowCount } = await client.query(
      `INSERT INTO test_results (kit_id, status, clinician_id, results, result_file_url, patient_state, care_location, attachments)
       VALUES ($1, 'NEEDS_CLINICIAN_REVIEW', $2, $3::jsonb, $4, $5, (SELECT care_location FROM kits WHERE kit_id = $1),
               CASE WHEN $4::text IS NULL THEN '[]'::jsonb ELSE jsonb_build_array($4::text) END)
       ON CONFLICT (kit_id) DO UPDATE SET status = 'NEEDS_CLINICIAN_REVIEW', clinician_id = $2, results = $3::jsonb,
              result_file_url = COALESCE($4, test_results.result_file_url),
              attachments = CASE WHEN $4::text IS NULL THEN test_results.attachments ELSE test_results.attachments || jsonb_build_array($4::text) END,
              notes_need_review = COALESCE(btrim(test_results.external_notes), '') <> '',
              updated_at = now()
        WHERE test_results.status NOT IN ('RESULTS_RELEASED', 'COMPLETE')
       RETURNING id`,
      [body.kitId, actor.sub, JSON.stringify(lines), body.resultFileS3Url ?? null, record.patientState],
    );
    if (rowCount !== 1) throw conflict('the test result changed meanwhile');
    await client.query(`UPDATE lab_requests SET status = $1 WHERE kit_id = $2`, [t.to, body.kitId]);
    await writeHistory(client, actor, { entityType: 'lab_request', entityId: body.kitId, action: 'CREATE_TEST_RESULT', fromStatus: record.requestStatus, toStatus: t.to });
    await audit.one(client, { action: 'CREATE', entityType: 'test_result', entityId: rows[0].id, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId: body.kitId, testResultId: rows[0].id as string, status: 'NEEDS_CLINICIAN_REVIEW' };
  });
}

/** Saves a notes draft (internal or external) on the actor's test result while it is editable. */
export async function saveNotesDraft(pool: Pool, audit: Auditor, actor: Actor, kitId: string, noteType: 'internal' | 'external', notes: string) {
  return withTx(pool, async (client) => {
    const { record } = await lockForAction(client, actor, kitId, 'result', { mustOwn: true });
    if (!notesEditable(record.resultStatus ?? '', record.requestStatus ?? undefined)) throw conflict('notes are read-only once released, complete or rejected');
    const column = noteType === 'internal' ? 'internal_notes' : 'external_notes';
    // Saving the notes to the patient is the review of the current values that Send Results waits for.
    await client.query(`UPDATE test_results SET ${column} = $1, updated_at = now()${noteType === 'external' ? ', notes_need_review = false' : ''} WHERE kit_id = $2`, [notes, kitId]);
    await audit.one(client, { action: 'SAVE_NOTES', entityType: 'test_result', entityId: record.resultId, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId, noteType, saved: true };
  });
}

/** Releases the saved patient notes: the result becomes RESULTS_RELEASED. Empty notes are not sent. */
export async function releaseNotes(pool: Pool, audit: Auditor, actor: Actor, kitId: string) {
  return withTx(pool, async (client) => {
    const { record } = await lockForAction(client, actor, kitId, 'result', { mustOwn: true });
    const t = LAB_RESULT_TRANSITIONS.release;
    if (!(t.from as readonly string[]).includes(record.resultStatus ?? '')) throw conflict(`a ${record.resultStatus} test result cannot be released`);
    if (record.requestStatus === 'REJECTED_BY_CLINICIAN') throw conflict('a rejected lab request cannot be released');
    // Notes are plain text, sent as typed: "<no growth>" is a note, not an empty tag.
    if (!record.externalNotes || record.externalNotes.trim() === '') throw badRequest('notes to patient are empty');
    if (record.notesNeedReview) throw conflict('the results changed after the notes to the patient were written; review and save the notes again');
    await client.query(`UPDATE test_results SET status = $1, notes_released_at = now(), updated_at = now() WHERE kit_id = $2`, [t.to, kitId]);
    const released = await client.query<{ id: string }>(
      `INSERT INTO messages (patient_id, from_clinician_id, subject, content, message_type, from_actor_type, unread, reference_id)
       SELECT $1, $2, 'Your test results', $3, 'TEST_RESULT', 'C', true, $4 WHERE $1::uuid IS NOT NULL RETURNING id`,
      [record.patientId, actor.sub, record.externalNotes, record.resultId],
    );
    await messageHistory(client, actor, released.rows.map((r) => r.id), 'SEND');
    await writeHistory(client, actor, { entityType: 'test_result', entityId: kitId, action: 'RELEASE', fromStatus: record.resultStatus, toStatus: t.to });
    await audit.one(client, { action: 'RELEASE', entityType: 'test_result', entityId: record.resultId, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId, status: t.to };
  });
}

/** Cancels a scheduled auto release and sends the result to manual clinician review. */
export async function overrideAutoRelease(pool: Pool, audit: Auditor, actor: Actor, kitId: string) {
  return withTx(pool, async (client) => {
    const { record, eligibility: e } = await lockForAction(client, actor, kitId, 'result', { mustOwn: false });
    // The shared rule (labResultActions.overrideAutoRelease): unassigned or mine, never another clinician's result.
    if (!e.canAct) throw forbidden(e.disabledReason ?? TOOLTIP_ASSIGNED_OR_INELIGIBLE);
    const t = LAB_RESULT_TRANSITIONS.overrideAutoRelease;
    if (record.resultStatus !== t.from[0]) throw conflict(`the test result is ${record.resultStatus}, not AUTO_RELEASE_SCHEDULED`);
    const { rowCount } = await client.query(
      `UPDATE test_results SET status = $1, clinician_id = COALESCE(clinician_id, $2), updated_at = now() WHERE kit_id = $3 AND status = $4`,
      [t.to, actor.sub, kitId, t.from[0]]);
    if (rowCount !== 1) throw conflict('the test result changed meanwhile');
    await writeHistory(client, actor, { entityType: 'test_result', entityId: kitId, action: 'OVERRIDE_AUTO_RELEASE', fromStatus: record.resultStatus, toStatus: t.to });
    await audit.one(client, { action: 'OVERRIDE_AUTO_RELEASE', entityType: 'test_result', entityId: record.resultId, patientId: record.patientId, outcome: 'SUCCESS' });
    return { kitId, status: t.to };
  });
}

/**
 * A secure message to the patient from a lab record: an appointment request (by test result id) or a
 * direct message (by kit id). The actor must own the record; appointment requests not once released or NEEDS_CONSULT.
 */
export async function messagePatientFromLab(pool: Pool, audit: Auditor, actor: Actor,
  target: { kitId: string; kind: 'appointment' | 'message' }, message: string) {
  return withTx(pool, async (client) => {
    const { record } = await lockForAction(client, actor, target.kitId, 'result', { mustOwn: true });
    if (!record.patientId) throw conflict('this kit has no registered patient');
    if (target.kind === 'appointment' && (!notesEditable(record.resultStatus ?? '') || record.resultStatus === 'NEEDS_CONSULT')) {
      throw conflict(`no appointment request for a ${record.resultStatus} test result`);
    }
    const { rows } = await client.query(
      `INSERT INTO messages (patient_id, from_clinician_id, subject, content, message_type, from_actor_type, unread, reference_id)
       VALUES ($1, $2, $3, $4, $5, 'C', true, $6) RETURNING id`,
      [record.patientId, actor.sub, target.kind === 'appointment' ? 'Appointment Request' : 'Message about your test',
        message, target.kind === 'appointment' ? 'APPOINTMENT_REQUEST' : 'MESSAGE', target.kind === 'appointment' ? record.resultId : target.kitId],
    );
    await messageHistory(client, actor, [rows[0].id as string], 'SEND');
    await audit.one(client, { action: target.kind === 'appointment' ? 'APPOINTMENT_REQUEST' : 'MESSAGE_PATIENT', entityType: 'message', entityId: rows[0].id, patientId: record.patientId, outcome: 'SUCCESS' });
    return { messageId: rows[0].id as string };
  });
}

/** Finds the kit of a test result id (appointment requests address results by id). */
export async function kitOfTestResult(pool: Pool, testResultId: string): Promise<string | null> {
  const { rows } = await pool.query(`SELECT kit_id FROM test_results WHERE id = $1`, [testResultId]);
  return rows[0]?.kit_id ?? null;
}
