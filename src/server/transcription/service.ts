import {
  clinicalDocumentationSchema,
  consumeRefusal,
  conversationOutputSchema,
  transitionRefusal,
  TRANSCRIPTION_REFUSAL,
  type ConsumeInput,
  type CreateTranscriptionInput,
} from '../../domain/transcription/transcription';
import type { ObjectStorage } from '../adapters/object-storage/types';
import type { TranscriptionEngine } from '../adapters/transcription';
import { createChartNote } from '../chart-notes/service';
import type { DataAccess } from '../data/access';
import { ApiError, conflict, notFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { audioKeyOf, type TranscriptionRow } from './repository';

/** What transcription needs beyond the database: the audio's storage, the engine and the job queue (plugin options). */
export interface TranscriptionDeps {
  storage: ObjectStorage;
  engine: TranscriptionEngine;
  jobs: JobQueue;
}

/** POST /secure/transcribe: a recording starts for a booking's patient (one open transcription per booking). */
export function createTranscription(data: DataAccess, input: CreateTranscriptionInput) {
  return data.transaction((tx) => tx.transcription.create(input));
}

/** GET /latestTranscribe?bookingId=&patientId=: the newest one not discarded, or null. */
export async function latestTranscription(data: DataAccess, bookingId: string, patientId: string) {
  return { transcription: await data.transcription.latest(bookingId, patientId) };
}

/** Deletes the stored audio and aborts an upload under way; answers the row without its audio. */
async function dropAudio(deps: TranscriptionDeps, tx: DataAccess, t: TranscriptionRow) {
  if (t.uploadId) await deps.storage.abortMultipartUpload(audioKeyOf(t.id), t.uploadId).catch(() => undefined);
  const stored = t.audioUrl ? deps.storage.keyOf(t.audioUrl) : null;
  if (stored) await deps.storage.delete(stored);
  return tx.transcription.clearAudio(t);
}

/**
 * POST /status/{id}: AUDIO_UPLOADED once the audio is stored, or DISCARDED (any status but COMPLETED), which deletes
 * the audio and any upload under way at once: the recording is PHI the clinician chose not to keep.
 */
export async function updateStatus(deps: TranscriptionDeps, data: DataAccess, id: string, status: 'AUDIO_UPLOADED' | 'DISCARDED') {
  return data.transaction(async (tx) => {
    const t = await tx.transcription.lockForChange(id, status === 'DISCARDED' ? 'discard' : 'record');
    const refusal = transitionRefusal(t.status, status, 'clinician');
    if (refusal) throw conflict(refusal);
    if (status === 'AUDIO_UPLOADED' && !t.audioUrl) throw conflict(TRANSCRIPTION_REFUSAL.noAudio);
    if (status === 'DISCARDED') return tx.transcription.move(await dropAudio(deps, tx, t), status, 'DISCARD');
    return tx.transcription.move(t, status, 'AUDIO_UPLOADED');
  });
}

/**
 * POST /submit/{id}: the uploaded audio goes to the engine. The status change and the queued job commit together;
 * an engine that cannot run here (local packages missing) refuses before anything changes.
 */
export async function submitTranscription(deps: TranscriptionDeps, data: DataAccess, id: string) {
  const missing = await deps.engine.unavailable();
  if (missing) throw new ApiError(503, 'Transcription unavailable', missing);
  return data.transaction(async (tx) => {
    const t = await tx.transcription.lockForChange(id, 'record');
    const refusal = transitionRefusal(t.status, 'AWAITING_TRANSCRIBED_OUTPUT', 'submit');
    if (refusal) throw conflict(refusal);
    if (!t.audioUrl) throw conflict(TRANSCRIPTION_REFUSAL.noAudio);
    const submitted = await tx.transcription.move(t, 'AWAITING_TRANSCRIBED_OUTPUT', 'SUBMIT', { submitted: true, failureReason: null });
    await tx.transcription.queueEngineJob(t, deps.engine.kind, deps.jobs);
    return submitted;
  });
}

/** GET /audio/{id}: a presigned URL of the stored audio (404 when none is stored: not yet, discarded, or past retention). */
export async function audioUrl(deps: TranscriptionDeps, data: DataAccess, id: string, ttlSeconds: number) {
  const keyOf = (t: TranscriptionRow) => (t.audioUrl ? deps.storage.keyOf(t.audioUrl) : null);
  const t = await data.transcription.open(id, 'PRESIGN_AUDIO', (row) => {
    if (!keyOf(row)) throw notFound('no audio stored for this transcription');
  });
  return { url: await deps.storage.presignedGetUrl(keyOf(t)!, ttlSeconds, undefined, t.patientId), expiresInSeconds: ttlSeconds };
}

/** Output or summary of a completed transcription, as the engine wrote it. */
async function transcriptPart(data: DataAccess, id: string, part: 'conversation' | 'summary') {
  const t = await data.transcription.open(id, part === 'conversation' ? 'READ_OUTPUT' : 'READ_SUMMARY', (row) => {
    if (row.status !== 'COMPLETED' || !row[part]) throw notFound(TRANSCRIPTION_REFUSAL.notCompleted);
  });
  return { t, body: t[part] };
}

/** GET /output/{id}: the conversation of a completed transcription. */
export async function conversation(data: DataAccess, id: string) {
  return conversationOutputSchema.parse((await transcriptPart(data, id, 'conversation')).body);
}

/** GET /summary/{id}: the clinical summary of a completed transcription, and which engine wrote it. */
export async function summary(data: DataAccess, id: string) {
  const { t, body } = await transcriptPart(data, id, 'summary');
  return {
    ...clinicalDocumentationSchema.parse(body),
    summaryKind: t.summaryKind === 'HEALTHSCRIBE' ? ('HEALTHSCRIBE' as const) : ('LOCAL_DRAFT' as const),
  };
}

/**
 * POST /consume/{id}: once, from a completed transcription. With a note ('Save as'), the chart note is created on the
 * booking in the same transaction, so a note is never saved without consuming nor consumed without its note.
 */
export async function consumeTranscription(data: DataAccess, id: string, input: ConsumeInput) {
  return data.transaction(async (tx) => {
    const t = await tx.transcription.lockForChange(id, 'consume');
    const refusal = consumeRefusal(t);
    if (refusal) throw conflict(refusal);
    const noteId = input.note
      ? await createChartNote(tx, {
          personId: t.patientId,
          note: input.note.note,
          noteType: input.note.noteType,
          status: input.note.status,
          visibility: 'INTERNAL_NOTE',
          referenceId: t.referenceId,
          referenceType: 'BOOKING',
        })
      : null;
    return tx.transcription.consume(t, noteId);
  });
}
