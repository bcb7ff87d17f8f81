import { z } from 'zod';
import type { ChartNoteInput } from '../../domain/chart-notes/chart-notes';
import { NOTE_REFUSAL } from '../../domain/chart-notes/chart-notes';
import { writeHistory } from '../audit/history';
import { assertClinicalAccess } from '../auth/access';
import type { AccessContext } from '../auth/access-context';
import { assertInScope, scopeSql } from '../auth/scope';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import * as sql from './repository-sql';
import type { LockedNote, NoteScope } from './repository-sql';

export { chartNoteSchema, type ChartNote, type NoteScope } from './repository-sql';

const REFERENCE_NAME = { KIT: 'kit', BOOKING: 'booking', TEST_RESULT: 'test result' } as const;
const isReferenceType = (t: string): t is keyof typeof REFERENCE_NAME => t in REFERENCE_NAME;

/** A note as written: the content already checked and sanitised (service.ts), the rest as the writer sent it. */
export type NoteWrite = Omit<ChartNoteInput, 'note'> & { html: string };

/**
 * The chart notes of the request's Actor. Only clinicians and super admins write notes, and only for patients in their
 * scope (a clinician: a valid licence in the patient's state); outside it the patient, and every note or list of it,
 * reads as unknown (404, never 403). Every write records its history rows and the request's audit.
 */
export const chartNotesRepository = ({ db, tx, actor, audit }: AccessContext) => {
  /** Writes, locks and history rows run inside the caller's transaction (data.transaction). */
  const client = () => {
    if (!tx) throw new Error('chart note writes run inside data.transaction');
    return tx;
  };

  /** The patient a note is written for: the writer's role, then the patient in the writer's scope. */
  async function writablePatient(personId: string) {
    if (!actor.permissions.clinicalAccess || actor.permissions.readOnly) throw forbidden('only clinicians and super admins write chart notes');
    const patient = await sql.patientState(db, personId);
    if (!patient) throw notFound('no such patient');
    assertInScope(actor, { patientState: patient.state, patientId: personId }, 'no such patient');
  }

  /**
   * The reference as stored, checked to be a record of the note's own patient (another patient's kit or booking reads
   * as unknown: 404). A TEST_RESULT reference is stored as the result's kit (KIT), so kit and test-result lists both show it.
   */
  async function storedReference(personId: string, referenceId?: string | null, referenceType?: string | null) {
    if (!referenceId || !referenceType) return { referenceId: null, referenceType: null };
    if (!isReferenceType(referenceType)) throw badRequest(`referenceType ${referenceType} is not valid`);
    const missing = notFound(`no such ${REFERENCE_NAME[referenceType]} for this patient`);
    if (referenceType === 'TEST_RESULT' && !z.guid().safeParse(referenceId).success) throw missing;
    const stored = await sql.referenceOfPatient(db, referenceType, referenceId, personId);
    if (!stored) throw missing;
    return referenceType === 'TEST_RESULT' ? { referenceId: stored, referenceType: 'KIT' } : { referenceId, referenceType };
  }

  /** The subject of a read (a patient, booking, kit or test result): unknown or outside the reader's scope is 404. */
  async function readableSubject(scope: NoteScope) {
    assertClinicalAccess(actor);
    const name = scope.by === 'testResult' ? 'test result' : scope.by;
    const subject = await sql.subjectOf(db, scope);
    if (!subject) throw notFound(`no such ${name}`);
    assertInScope(actor, subject, `no such ${name}`);
  }

  return {
    /**
     * A new note of the Actor inside the caller's transaction: writer and patient, its reference, the PUBLISHED note
     * of the same patient it amends (locked; its history records the amendment), history and audit. Returns its id.
     */
    async insert(note: NoteWrite): Promise<string> {
      await writablePatient(note.personId);
      const ref = await storedReference(note.personId, note.referenceId, note.referenceType);
      const amends = note.amendsNoteId ?? null;
      if (amends) {
        const status = await sql.lockPatientNoteStatus(client(), note.personId, amends);
        if (!status) throw notFound('no such chart note for this patient');
        if (status !== 'PUBLISHED') throw conflict(NOTE_REFUSAL.amendDraft);
      }
      const id = await sql.insertNote(
        client(),
        note.personId,
        { ...ref, html: note.html, noteType: note.noteType, status: note.status, visibility: note.visibility },
        { id: actor.sub, name: `${actor.givenName} ${actor.familyName}` },
        amends,
      );
      await writeHistory(client(), actor, {
        entityType: 'chart_note',
        entityId: id,
        action: 'CREATE',
        toStatus: note.status,
        comment: amends ? `amends note ${amends}` : null,
      });
      if (amends)
        await writeHistory(client(), actor, {
          entityType: 'chart_note',
          entityId: amends,
          action: 'AMEND',
          fromStatus: 'PUBLISHED',
          toStatus: 'PUBLISHED',
          comment: `amended by note ${id}`,
        });
      await audit.one(db, { action: 'CREATE', entityType: 'chart_note', entityId: id, patientId: note.personId, outcome: 'SUCCESS' });
      return id;
    },

    /** A note locked for a change by a writer of its patient (404 when unknown or outside the writer's scope). */
    async lockForChange(id: string): Promise<LockedNote> {
      const current = await sql.lockNote(client(), id);
      if (!current) throw notFound('no such chart note');
      await writablePatient(current.personId);
      return current;
    },

    /** Saves a draft the caller locked and may change (lockForChange), with its history row and the audit. */
    async saveDraft(id: string, current: LockedNote, note: NoteWrite) {
      const ref = await storedReference(current.personId, note.referenceId, note.referenceType);
      await sql.updateDraft(client(), id, { ...ref, html: note.html, noteType: note.noteType, status: note.status, visibility: note.visibility });
      await writeHistory(client(), actor, {
        entityType: 'chart_note',
        entityId: id,
        action: note.status === 'PUBLISHED' ? 'PUBLISH' : 'UPDATE',
        fromStatus: current.status,
        toStatus: note.status,
      });
      await audit.one(db, { action: 'UPDATE', entityType: 'chart_note', entityId: id, patientId: current.personId, outcome: 'SUCCESS' });
    },

    /** A note this request just wrote, as the API answers it (the write's audit already names it). */
    async written(id: string) {
      return sql.presentNote((await sql.loadNote(db, id))!);
    },

    /**
     * The notes of one patient, booking, kit or test result: 404 when that record is unknown or its patient outside the
     * reader's scope; notes of another patient that reference it (only in clear for that patient's readers) are left out.
     */
    async list(scope: NoteScope, q: { page: number; perPage: number; q?: string }) {
      await readableSubject(scope);
      const { rows, total } = await sql.listNotes(db, scope, (bind) => scopeSql(actor, bind).inScope({ state: 'p.state', id: 'p.id' }), q);
      await audit.many(
        db,
        'READ',
        'chart_note',
        rows.map((r) => ({ entityId: r.id, patientId: r.personId })),
      );
      return { items: rows.map(sql.presentNote), total };
    },

    /** The signed-in author's latest draft for a patient (and reference), or null. */
    async latestDraft(q: { personId: string; referenceId?: string; referenceType?: string }) {
      await readableSubject({ by: 'patient', id: q.personId });
      const stored = await storedReference(q.personId, q.referenceId, q.referenceId ? (q.referenceType ?? 'BOOKING') : null);
      const draft = await sql.latestDraft(db, actor.sub, q.personId, stored);
      if (draft) await audit.one(db, { action: 'READ', entityType: 'chart_note', entityId: draft.id, patientId: q.personId, outcome: 'SUCCESS' });
      return { draft: draft ? sql.presentNote(draft) : null };
    },
  };
};
export type ChartNotesRepository = ReturnType<typeof chartNotesRepository>;
