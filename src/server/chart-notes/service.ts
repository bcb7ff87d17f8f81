import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { creatableNoteType, NOTE_REFUSAL, NOTE_TEXT, noteContentError, noteUpdateRefusal, type ChartNoteInput } from '../../domain/chart-notes';
import type { Auditor } from '../audit/auditor';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { assertClinicalAccess } from '../auth/access';
import { assertInScope, scopeSql } from '../auth/scope';
import { withTx } from '../db/tx';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { sanitizeRichTextCountingImages } from '../sanitize';
import * as repo from './repository';

/**
 * Only clinicians and super admins write notes, and only for patients in their scope (a clinician: a valid licence in
 * the patient's state); outside it the patient reads as unknown (404, never 403).
 */
export async function assertMayWrite(actor: Actor, personId: string, db: Pool | PoolClient) {
  if (!actor.permissions.clinicalAccess || actor.permissions.readOnly) throw forbidden('only clinicians and super admins write chart notes');
  const patient = await repo.patientState(db, personId);
  if (!patient) throw notFound('no such patient');
  assertInScope(actor, { patientState: patient.state, patientId: personId }, 'no such patient');
  return patient;
}

const REFERENCE_NAME = { KIT: 'kit', BOOKING: 'booking', TEST_RESULT: 'test result' } as const;
const isReferenceType = (t: string): t is keyof typeof REFERENCE_NAME => t in REFERENCE_NAME;

/**
 * The reference as stored, checked to be a record of the note's own patient (another patient's kit or booking reads
 * as unknown: 404). A TEST_RESULT reference is stored as the result's kit (KIT), so kit and test-result lists both show it.
 */
export async function storedReference(db: Pool | PoolClient, personId: string, referenceId?: string | null, referenceType?: string | null) {
  if (!referenceId || !referenceType) return { referenceId: null, referenceType: null };
  if (!isReferenceType(referenceType)) throw badRequest(`referenceType ${referenceType} is not valid`);
  const missing = notFound(`no such ${REFERENCE_NAME[referenceType]} for this patient`);
  if (referenceType === 'TEST_RESULT' && !z.guid().safeParse(referenceId).success) throw missing;
  const stored = await repo.referenceOfPatient(db, referenceType, referenceId, personId);
  if (!stored) throw missing;
  return referenceType === 'TEST_RESULT' ? { referenceId: stored, referenceType: 'KIT' } : { referenceId, referenceType };
}

/** The content rules (shared with the portal), then the one sanitiser; an image that only shows after parsing is refused too. */
export function checkContent(input: ChartNoteInput): string {
  const problem = noteContentError(input.note);
  if (problem) throw new ApiError(400, 'Invalid request', problem);
  if (!!input.referenceId !== !!input.referenceType) throw badRequest('referenceId and referenceType go together');
  const { html, images } = sanitizeRichTextCountingImages(input.note);
  if (images > 0) throw new ApiError(400, 'Invalid request', NOTE_TEXT.pastedImage);
  return html;
}

/** The PUBLISHED note of the same patient that a new note amends, locked; its history records the amendment. */
async function lockAmended(client: PoolClient, personId: string, amendsNoteId: string) {
  const status = await repo.lockPatientNoteStatus(client, personId, amendsNoteId);
  if (!status) throw notFound('no such chart note for this patient');
  if (status !== 'PUBLISHED') throw conflict(NOTE_REFUSAL.amendDraft);
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
  const id = await repo.insertNote(client, input.personId, { ...ref, html, noteType: input.noteType, status: input.status, visibility: input.visibility },
    { id: actor.sub, name: `${actor.givenName} ${actor.familyName}` }, amends);
  await writeHistory(client, actor, { entityType: 'chart_note', entityId: id, action: 'CREATE', toStatus: input.status, comment: amends ? `amends note ${amends}` : null });
  if (amends) await writeHistory(client, actor, { entityType: 'chart_note', entityId: amends, action: 'AMEND', fromStatus: 'PUBLISHED', toStatus: 'PUBLISHED', comment: `amended by note ${id}` });
  return id;
}

/** POST /secure/chartNote: a new note, audited, as the API answers it. */
export async function createNote(pool: Pool, actor: Actor, audit: Auditor, input: ChartNoteInput) {
  const note = await withTx(pool, async (client) => {
    const id = await createChartNote(client, actor, input);
    await audit.one(client, { action: 'CREATE', entityType: 'chart_note', entityId: id, patientId: input.personId, outcome: 'SUCCESS' });
    return repo.loadNote(client, id);
  });
  return repo.presentNote(note!);
}

/** PUT /secure/chartNote/{id}: only the author's drafts change (noteUpdateRefusal), never to another patient. */
export async function updateNote(pool: Pool, actor: Actor, audit: Auditor, id: string, input: ChartNoteInput) {
  const html = checkContent(input);
  const note = await withTx(pool, async (client) => {
    const current = await repo.lockNote(client, id);
    if (!current) throw notFound('no such chart note');
    await assertMayWrite(actor, current.personId, client);
    if (input.personId !== current.personId) throw badRequest('a note cannot move to another patient');
    const refusal = noteUpdateRefusal(current, actor.sub, input);
    if (refusal) throw new ApiError(409, 'Conflict', refusal);
    const ref = await storedReference(client, current.personId, input.referenceId, input.referenceType);
    await repo.updateDraft(client, id, { ...ref, html, noteType: input.noteType, status: input.status, visibility: input.visibility });
    await writeHistory(client, actor, { entityType: 'chart_note', entityId: id, action: input.status === 'PUBLISHED' ? 'PUBLISH' : 'UPDATE', fromStatus: current.status, toStatus: input.status });
    await audit.one(client, { action: 'UPDATE', entityType: 'chart_note', entityId: id, patientId: current.personId, outcome: 'SUCCESS' });
    return repo.loadNote(client, id);
  });
  return repo.presentNote(note!);
}

/**
 * The notes of one patient, booking, kit or test result: 404 when that record is unknown or its patient outside the
 * reader's scope; notes of another patient that reference it (only in clear for that patient's readers) are left out.
 */
export async function listNotes(pool: Pool, actor: Actor, audit: Auditor, scope: repo.NoteScope, q: { page: number; perPage: number; q?: string }) {
  assertClinicalAccess(actor);
  const name = scope.by === 'testResult' ? 'test result' : scope.by;
  const subject = await repo.subjectOf(pool, scope);
  if (!subject) throw notFound(`no such ${name}`);
  assertInScope(actor, subject, `no such ${name}`);
  const { rows, total } = await repo.listNotes(pool, scope, (bind) => scopeSql(actor, bind).inScope({ state: 'p.state', id: 'p.id' }), q);
  await audit.many(pool, 'READ', 'chart_note', rows.map((r) => ({ entityId: r.id, patientId: r.personId })));
  return { items: rows.map(repo.presentNote), total };
}

/** The signed-in author's latest draft for a patient (and reference), or null. */
export async function latestDraft(pool: Pool, actor: Actor, audit: Auditor, q: { personId: string; referenceId?: string; referenceType?: string }) {
  assertClinicalAccess(actor);
  const subject = await repo.subjectOf(pool, { by: 'patient', id: q.personId });
  if (!subject) throw notFound('no such patient');
  assertInScope(actor, subject, 'no such patient');
  const stored = await storedReference(pool, q.personId, q.referenceId, q.referenceId ? (q.referenceType ?? 'BOOKING') : null);
  const draft = await repo.latestDraft(pool, actor.sub, q.personId, stored);
  if (draft) await audit.one(pool, { action: 'READ', entityType: 'chart_note', entityId: draft.id, patientId: q.personId, outcome: 'SUCCESS' });
  return { draft: draft ? repo.presentNote(draft) : null };
}
