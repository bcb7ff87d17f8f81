import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { creatableNoteType, noteContentError, type ChartNoteInput } from '../../domain/chart-notes';
import type { Actor } from '../auth/actor';
import { assertInScope } from '../auth/scope';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { sanitizeHtml } from '../sanitize';
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

/** A TEST_RESULT reference is stored as the result's kit (KIT), so kit and test-result lists both show the note. */
export async function storedReference(db: Pool | PoolClient, referenceId?: string | null, referenceType?: string | null) {
  if (!referenceId || !referenceType) return { referenceId: null, referenceType: null };
  if (referenceType !== 'TEST_RESULT') return { referenceId, referenceType };
  if (!z.guid().safeParse(referenceId).success) throw notFound('no such test result');
  const { rows } = await db.query(`SELECT kit_id AS "kitId" FROM test_results WHERE id = $1`, [referenceId]);
  if (!rows[0]) throw notFound('no such test result');
  return { referenceId: rows[0].kitId as string, referenceType: 'KIT' };
}

export function checkContent(input: ChartNoteInput): string {
  const problem = noteContentError(input.note);
  if (problem) throw new ApiError(400, 'Invalid request', problem);
  if (!!input.referenceId !== !!input.referenceType) throw badRequest('referenceId and referenceType go together');
  return sanitizeHtml(input.note);
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
  const ref = await storedReference(client, input.referenceId, input.referenceType);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO chart_notes (person_id, note, note_type, reference_id, reference_type, status, visibility, author_id, author_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [input.personId, html, input.noteType, ref.referenceId, ref.referenceType, input.status, input.visibility,
      actor.sub, `${actor.givenName} ${actor.familyName}`]);
  return rows[0].id;
}
