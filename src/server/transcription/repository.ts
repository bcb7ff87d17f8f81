import {
  authorRefusal,
  TRANSCRIPTION_REFUSAL,
  type CreateTranscriptionInput,
  type TranscriptionRecord,
  type TranscriptionStatus,
} from '../../domain/transcription/transcription';
import type { AccessContext } from '../auth/access-context';
import { writeHistory } from '../audit/history';
import { inScope } from '../auth/scope';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { QUEUES, type JobQueue } from '../jobs/queue';
import * as sql from './repository-sql';
import type { TranscriptionRow } from './repository-sql';

export { audioKeyOf, type TranscriptionRow } from './repository-sql';

const NOT_FOUND = 'no such transcription';
type StatusChange = Parameters<typeof sql.moveStatus>[4];

/**
 * The transcriptions of the request's Actor: only of patients in its scope (outside it a transcription, or the booking
 * it is for, reads as unknown: 404), changed only by its author (a discard also by a super admin). Every read and
 * change is audited; every status change and consumption has its history row.
 */
export const transcriptionRepository = ({ db, tx, actor, audit }: AccessContext) => {
  /** Writes, locks and history rows run inside the caller's transaction (data.transaction). */
  const client = () => {
    if (!tx) throw new Error('transcription writes run inside data.transaction');
    return tx;
  };
  const audited = (t: TranscriptionRow, action: string) =>
    audit.one(db, { action, entityType: 'transcription', entityId: t.id, patientId: t.patientId, outcome: 'SUCCESS' });

  /** A transcription the actor may see (404 outside the licence scope, as if it did not exist). */
  async function visible(id: string, lock = false): Promise<TranscriptionRow> {
    const t = await sql.findTranscription(lock ? client() : db, id, lock);
    if (!t || !inScope(actor, { patientState: t.patientState, patientId: t.patientId })) throw notFound(NOT_FOUND);
    return t;
  }

  /** The booking a transcription is for, its patient in the actor's scope (else 404 like an unknown booking). */
  async function bookingInScope(bookingId: string) {
    const booking = await sql.bookingPatient(db, bookingId);
    if (!booking || !inScope(actor, { patientState: booking.state, patientId: booking.patientId })) throw notFound('No booking found');
    return booking;
  }

  /** The record as the API answers it. */
  const present = (t: TranscriptionRow): TranscriptionRecord => ({
    id: t.id,
    fileUUID: t.id,
    status: t.status,
    isConsumed: t.isConsumed,
    referenceId: t.referenceId,
    referenceType: t.referenceType,
    patientId: t.patientId,
    source: t.source,
    clinicianName: t.authorName,
    createdEpoch: Math.floor(t.createdAt.getTime() / 1000),
    hasAudio: !!t.audioUrl,
    summaryKind: t.summaryKind === 'HEALTHSCRIBE' || t.summaryKind === 'LOCAL_DRAFT' ? t.summaryKind : null,
    failureReason: t.failureReason,
    isAuthor: t.authorSub === actor.sub,
  });

  return {
    /** A recording starts for a booking's patient (one open transcription per booking), with its history row. */
    async create(input: CreateTranscriptionInput) {
      const booking = await bookingInScope(input.referenceId);
      if (booking.patientId !== input.patientId) throw new ApiError(400, 'Invalid request', TRANSCRIPTION_REFUSAL.notBookingPatient);
      const id = await sql.insertTranscription(client(), {
        ...input,
        authorSub: actor.sub,
        authorName: `${actor.givenName} ${actor.familyName}`,
        authorEmail: actor.email ?? actor.clinician?.email ?? null,
      });
      if (!id) throw conflict(TRANSCRIPTION_REFUSAL.alreadyInProgress);
      const t = await visible(id);
      await writeHistory(client(), actor, { entityType: 'transcription', entityId: id, action: 'CREATE', toStatus: 'IN_PROGRESS' });
      await audited(t, 'CREATE');
      return present(t);
    },

    /** One transcription as the API answers it, audited. */
    async get(id: string) {
      const t = await visible(id);
      await audited(t, 'READ');
      return present(t);
    },

    /**
     * One transcription's stored record (its audio, output or summary), audited as `action`; `refuse` may refuse it first (e.g. 404 when the part asked for is not
     * there), so that a refused read is not audited as one.
     */
    async open(id: string, action = 'READ', refuse?: (t: TranscriptionRow) => void) {
      const t = await visible(id);
      refuse?.(t);
      await audited(t, action);
      return t;
    },

    /** The booking's transcriptions, newest first (the Transcription accordion); 404 for a booking outside the scope. */
    async list(q: { referenceType: string; referenceId: string; page: number; perPage: number; order: 'ASC' | 'DESC' }) {
      await bookingInScope(q.referenceId);
      const { rows, total } = await sql.listForReference(db, q);
      for (const t of rows) await audited(t, 'READ');
      return { items: rows.map(present), total };
    },

    /** The booking's newest transcription not discarded, or null (also when its patient is outside the scope). */
    async latest(bookingId: string, patientId: string) {
      const t = await sql.latestForBooking(db, bookingId, patientId);
      if (!t || !inScope(actor, { patientState: t.patientState, patientId: t.patientId })) return null;
      await audited(t, 'READ');
      return present(t);
    },

    /** The transcription locked for a change by its author (or, for a discard, a super admin). */
    async lockForChange(id: string, action: 'record' | 'discard' | 'consume') {
      const t = await visible(id, true);
      const refusal = authorRefusal(t, { sub: actor.sub, superAdmin: actor.permissions.superAdmin }, action);
      if (refusal) throw forbidden(refusal);
      return t;
    },

    /**
     * Moves a locked transcription on (409 when another request moved it first), with its history row; audited as
     * `action`. Answers the record as it now is.
     */
    async move(t: TranscriptionRow, to: TranscriptionStatus, action: string, set: StatusChange = {}) {
      if (!(await sql.moveStatus(client(), t.id, t.status, to, set))) throw conflict(TRANSCRIPTION_REFUSAL.alreadyInProgress);
      await writeHistory(client(), actor, { entityType: 'transcription', entityId: t.id, action: 'STATUS', fromStatus: t.status, toStatus: to });
      await audited(t, action);
      return present({ ...t, status: to, ...('failureReason' in set ? { failureReason: set.failureReason ?? null } : {}) });
    },

    /** The submitted transcription's engine job, queued in the same transaction (it runs only once this commits). */
    async queueEngineJob(t: TranscriptionRow, engineKind: string, jobs: JobQueue) {
      await sql.setEngineJob(client(), t.id, engineKind, null);
      await jobs.send(QUEUES.transcription.name, { transcriptionId: t.id }, { db: client() });
    },

    /** The stored audio is gone (discarded): the record keeps only when. Answers the row without its audio. */
    async clearAudio(t: TranscriptionRow): Promise<TranscriptionRow> {
      await sql.clearAudio(client(), t.id);
      return { ...t, audioUrl: null };
    },

    /** The recording's audio is stored under the file id (one put or a completed upload), audited as `action`. */
    async audioStored(t: TranscriptionRow, url: string, bytes: number, action: string) {
      await sql.setAudio(client(), t.id, url, bytes);
      await audited(t, action);
    },

    /** The multipart upload under way (none: null) and its parts, audited as `action`. */
    async uploadChanged(t: TranscriptionRow, uploadId: string | null, parts: unknown[], action: string) {
      await sql.setUpload(client(), t.id, uploadId, parts);
      await audited(t, action);
    },

    /** Consumed once (409 when another request consumed it first), with the chart note written from it, if any. */
    async consume(t: TranscriptionRow, noteId: string | null) {
      if (!(await sql.markConsumed(client(), t.id, noteId))) throw conflict(TRANSCRIPTION_REFUSAL.consumed);
      await writeHistory(client(), actor, {
        entityType: 'transcription',
        entityId: t.id,
        action: 'CONSUME',
        comment: noteId ? `chart note ${noteId}` : null,
      });
      await audited(t, 'CONSUME');
      return { ...present({ ...t, isConsumed: true }), noteId };
    },
  };
};
export type TranscriptionRepository = ReturnType<typeof transcriptionRepository>;
