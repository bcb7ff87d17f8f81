import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { creatableNoteType, NOTE_REFUSAL, NOTE_TEXT, noteContentError, type ChartNoteInput } from '../../domain/chart-notes';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { assertInScope } from '../auth/scope';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { containsImage, sanitizeHtml } from '../sanitize';
import { patientState } from './repository';

/**
 * Only clinicians and super admins write notes, and only for patients in their scope (a clinician: a valid licence in
 * the patient's state); outside it the patient reads as unknown (404, never 403).
 */
export async function assertMayWrite(actor: Actor, personId: string, db: Pool | PoolClient) {
  if (!actor.permissions.clinicalAccess || actor.permissions.readOnly) throw forbidden('only clinicians and super admins write chart notes');
  const patient = await patientState(db, personId);
  if (!patient) throw notFound('no such patient');
  assertInScope(actor, { patientState: patient.state }, 'no such patient');
  return patient;
}

/** Each reference type, looked up as a record of the note's patient ($2): the kit id it is stored under, or none. */
const REFERENCE_SQL: Record<string, { sql: string; name: string }> = {
  KIT: { sql: `SELECT kit_id AS "kitId" FROM kits WHERE kit_id = $1 AND patient_id = $2`, name: 'kit' },
  BOOKING: { sql: `SELECT id AS "kitId" FROM bookings WHERE id = $1 AND patient_id = $2`, name: 'booking' },
  TEST_RESULT: { sql: `SELECT tr.kit_id AS "kitId" FROM test_results tr JOIN kits k ON k.kit_id = tr.kit_id WHERE tr.id = $1::uuid AND k.patient_id = $2`, name: 'test result' },
};

/**
 * The reference as stored, checked to be a record of the note's own patient (another patient's kit or booking reads
 * as unknown: 404). A TEST_RESULT reference is stored as the result's kit (KIT), so kit and test-result lists both show it.
 */
export async function storedReference(db: Pool | PoolClient, personId: string, referenceId?: string | null, referenceType?: string | null) {
  if (!referenceId || !referenceType) return { referenceId: null, referenceType: null };
  const lookup = REFERENCE_SQL[referenceType];
  if (!lookup) throw badRequest(`referenceType ${referenceType} is not valid`);
  const missing = notFound(`no such ${lookup.name} for this patient`);
  if (referenceType === 'TEST_RESULT' && !z.guid().safeParse(referenceId).success) throw missing;
  const { rows } = await db.query<{ kitId: string }>(lookup.sql, [referenceId, personId]);
  if (!rows[0]) throw missing;
  return referenceType === 'TEST_RESULT' ? { referenceId: rows[0].kitId, referenceType: 'KIT' } : { referenceId, referenceType };
}

/** The content rules (shared with the portal), then the one sanitiser; an image that only shows after parsing is refused too. */
export function checkContent(input: ChartNoteInput): string {
  const problem = noteContentError(input.note);
  if (problem) throw new ApiError(400, 'Invalid request', problem);
  if (!!input.referenceId !== !!input.referenceType) throw badRequest('referenceId and referenceType go together');
  const html = sanitizeHtml(input.note);
  if (containsImage(html)) throw new ApiError(400, 'Invalid request', NOTE_TEXT.pastedImage);
  return html;
}

/** The PUBLISHED note of the same patient that a new note amends, locked; its history records the amendment. */
async function lockAmended(client: PoolClient, personId: string, amendsNoteId: string) {
  const { rows } = await client.query<{ status: string }>(
    `SELECT status FROM chart_notes WHERE id = $1 AND person_id = $2 FOR UPDATE`, [amendsNoteId, personId]);
  if (!rows[0]) throw notFound('no such chart note for this patient');
  if (rows[0].status !== 'PUBLISHED') throw conflict(NOTE_REFUSAL.amendDraft);
}

/**
 * Creates a chart note inside the caller's transaction (POST /secure/chartNote, and 'Save as' of a transcription,
 * which marks the transcription consumed in the same transaction): content rules, writer and licence, stored HTML
 * sanitised, author from the Actor. Returns the new note's id.
 */
export async function createChartNote(client: PoolClient, actor: Actor, input: ChartNoteInput): Promise<string> {
  const html = checkContent(input);
  if (!creatableNoteType(input.noteType)) throw badRequest(`a new note cannot be of type ${input.noteType}`);
  await assertMayWrite(actor, input.personId, client);
  const ref = await storedReference(client, input.personId, input.referenceId, input.referenceType);
  const amends = input.amendsNoteId ?? null;
  if (amends) await lockAmended(client, input.personId, amends);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO chart_notes (person_id, note, note_type, reference_id, reference_type, status, visibility, author_id, author_name, amends_note_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [input.personId, html, input.noteType, ref.referenceId, ref.referenceType, input.status, input.visibility,
      actor.sub, `${actor.givenName} ${actor.familyName}`, amends]);
  const id = rows[0].id;
  await writeHistory(client, actor, { entityType: 'chart_note', entityId: id, action: 'CREATE', toStatus: input.status, comment: amends ? `amends note ${amends}` : null });
  if (amends) await writeHistory(client, actor, { entityType: 'chart_note', entityId: amends, action: 'AMEND', fromStatus: 'PUBLISHED', toStatus: 'PUBLISHED', comment: `amended by note ${id}` });
  return id;
}
