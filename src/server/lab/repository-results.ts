import { writeHistory } from '../audit/history';
import type { AccessContext } from '../auth/access-context';
import { conflict } from '../errors';
import { linkFile, ownedRecord, storedFile, type OwnedRecord } from '../files/records';
import { messageHistory } from '../messages/repository';
import { txClient, type LockedLabRecord } from './repository-lock';

/** A result line as test_results.results stores it. */
export interface StoredResultLine {
  testName: string;
  result: string;
  units: string;
  summaryStatus: null;
}

/**
 * The writes on a kit's test result and the messages it sends the patient, each with its history and audit rows,
 * inside the caller's `data.transaction` on a record from `lockForAction` (locked, in scope, licence-eligible); and
 * the result files of a kit.
 */
export const labResults = ({ db, actor, audit }: AccessContext) => ({
  /**
   * Creates (or replaces, while not released) the kit's test result, awaiting clinician review, and moves the lab
   * request on to `requestTo`. 409 when the result was released meanwhile. Answers the test result's id.
   */
  async createResult(record: LockedLabRecord, result: { lines: StoredResultLine[]; fileUrl: string | null; requestTo: string }) {
    const client = txClient(db);
    const { rows, rowCount } = await client.query<{ id: string }>(
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
      [record.kitId, actor.sub, JSON.stringify(result.lines), result.fileUrl, record.patientState],
    );
    if (rowCount !== 1) throw conflict('the test result changed meanwhile');
    await client.query(`UPDATE lab_requests SET status = $1 WHERE kit_id = $2`, [result.requestTo, record.kitId]);
    await writeHistory(client, actor, {
      entityType: 'lab_request',
      entityId: record.kitId,
      action: 'CREATE_TEST_RESULT',
      fromStatus: record.requestStatus,
      toStatus: result.requestTo,
    });
    await audit.one(client, { action: 'CREATE', entityType: 'test_result', entityId: rows[0].id, patientId: record.patientId, outcome: 'SUCCESS' });
    return rows[0].id;
  },

  /** Saves the internal or external notes; saving the external ones is the review Send Results waits for. */
  async saveNotes(record: LockedLabRecord, noteType: 'internal' | 'external', notes: string) {
    const client = txClient(db);
    const column = noteType === 'internal' ? 'internal_notes' : 'external_notes';
    await client.query(
      `UPDATE test_results SET ${column} = $1, updated_at = now()${noteType === 'external' ? ', notes_need_review = false' : ''} WHERE kit_id = $2`,
      [notes, record.kitId],
    );
    await audit.one(client, {
      action: 'SAVE_NOTES',
      entityType: 'test_result',
      entityId: record.resultId,
      patientId: record.patientId,
      outcome: 'SUCCESS',
    });
  },

  /** Releases the result (status `to`) and sends the saved notes to the patient as a TEST_RESULT message. */
  async release(record: LockedLabRecord, to: string) {
    const client = txClient(db);
    await client.query(`UPDATE test_results SET status = $1, notes_released_at = now(), updated_at = now() WHERE kit_id = $2`, [to, record.kitId]);
    const released = await client.query<{ id: string }>(
      `INSERT INTO messages (patient_id, from_clinician_id, subject, content, message_type, from_actor_type, unread, reference_id)
       SELECT $1, $2, 'Your test results', $3, 'TEST_RESULT', 'C', true, $4 WHERE $1::uuid IS NOT NULL RETURNING id`,
      [record.patientId, actor.sub, record.externalNotes, record.resultId],
    );
    await messageHistory(
      client,
      actor,
      released.rows.map((r) => r.id),
      'SEND',
    );
    await writeHistory(client, actor, {
      entityType: 'test_result',
      entityId: record.kitId,
      action: 'RELEASE',
      fromStatus: record.resultStatus,
      toStatus: to,
    });
    await audit.one(client, {
      action: 'RELEASE',
      entityType: 'test_result',
      entityId: record.resultId,
      patientId: record.patientId,
      outcome: 'SUCCESS',
    });
  },

  /** Moves a scheduled auto release `from` → `to` (the Actor becomes its clinician when it had none); 409 if it moved meanwhile. */
  async overrideAutoRelease(record: LockedLabRecord, from: string, to: string) {
    const client = txClient(db);
    const { rowCount } = await client.query(
      `UPDATE test_results SET status = $1, clinician_id = COALESCE(clinician_id, $2), updated_at = now() WHERE kit_id = $3 AND status = $4`,
      [to, actor.sub, record.kitId, from],
    );
    if (rowCount !== 1) throw conflict('the test result changed meanwhile');
    await writeHistory(client, actor, {
      entityType: 'test_result',
      entityId: record.kitId,
      action: 'OVERRIDE_AUTO_RELEASE',
      fromStatus: from,
      toStatus: to,
    });
    await audit.one(client, {
      action: 'OVERRIDE_AUTO_RELEASE',
      entityType: 'test_result',
      entityId: record.resultId,
      patientId: record.patientId,
      outcome: 'SUCCESS',
    });
  },

  /** A secure message to the record's patient: an appointment request (about the result) or a message (about the kit). */
  async messagePatient(record: LockedLabRecord & { patientId: string }, kind: 'appointment' | 'message', message: string) {
    const client = txClient(db);
    const appointment = kind === 'appointment';
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO messages (patient_id, from_clinician_id, subject, content, message_type, from_actor_type, unread, reference_id)
       VALUES ($1, $2, $3, $4, $5, 'C', true, $6) RETURNING id`,
      [
        record.patientId,
        actor.sub,
        appointment ? 'Appointment Request' : 'Message about your test',
        message,
        appointment ? 'APPOINTMENT_REQUEST' : 'MESSAGE',
        appointment ? record.resultId : record.kitId,
      ],
    );
    await messageHistory(client, actor, [rows[0].id], 'SEND');
    await audit.one(client, {
      action: appointment ? 'APPOINTMENT_REQUEST' : 'MESSAGE_PATIENT',
      entityType: 'message',
      entityId: rows[0].id,
      patientId: record.patientId,
      outcome: 'SUCCESS',
    });
    return rows[0].id;
  },

  /** Whether the stored file under `key` is a result file of this kit. */
  async isResultFileOf(kitId: string, key: string) {
    const file = await storedFile(db, key);
    return !!file && file.category === 'RESULT_FILES' && file.recordType === 'KIT' && file.recordId === kitId;
  },

  /** The kit a result file is uploaded to: unknown, or outside the Actor's scope, reads as unknown (404). */
  uploadTarget: (kitId: string) => ownedRecord(db, actor, { type: 'KIT', id: kitId }),

  /** Records an uploaded result PDF as the kit's file, audited. */
  async linkResultFile(owner: OwnedRecord, file: { key: string; name: string; size: number }) {
    await linkFile(db, {
      key: file.key,
      category: 'RESULT_FILES',
      name: file.name,
      contentType: 'application/pdf',
      size: file.size,
      uploadedBy: actor.sub,
      owner,
    });
    await audit.one(db, { action: 'UPLOAD', entityType: 'result_file', entityId: owner.id, patientId: owner.patientId, outcome: 'SUCCESS' });
  },
});
