import type { Pool, PoolClient } from 'pg';
import {
  authorRefusal, consumeRefusal, transitionRefusal, TRANSCRIPTION_REFUSAL, type ConsumeInput, type CreateTranscriptionInput,
  type TranscriptionRecord, type TranscriptionStatus,
} from '../../domain/transcription';
import type { ObjectStorage } from '../adapters/object-storage/types';
import type { TranscriptionEngine } from '../adapters/transcription';
import type { AuditEvent } from '../audit/audit';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { chartNotesRepository } from '../chart-notes/repository';
import { createChartNote } from '../chart-notes/service';
import type { DataAccess } from '../data/access';
import { withTx } from '../db/tx';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { QUEUES, type JobQueue } from '../jobs/queue';
import * as repo from './repository';
import type { Db, TranscriptionRow } from './repository';

export interface TranscriptionDeps {
  pool: Pool;
  storage: ObjectStorage;
  engine: TranscriptionEngine;
  jobs: JobQueue;
}

/** What a service tells the request's audit (routes bind it to the request; the service never sees the request). */
export type Audit = (db: Db, event: AuditEvent) => Promise<void>;

const NOT_FOUND = 'no such transcription';

/** The record as the API answers it. */
export function present(t: TranscriptionRow, actor: Actor): TranscriptionRecord {
  return {
    id: t.id, fileUUID: t.id, status: t.status, isConsumed: t.isConsumed, referenceId: t.referenceId, referenceType: t.referenceType,
    patientId: t.patientId, source: t.source, clinicianName: t.authorName, createdEpoch: Math.floor(t.createdAt.getTime() / 1000),
    hasAudio: !!t.audioUrl, summaryKind: t.summaryKind === 'HEALTHSCRIBE' || t.summaryKind === 'LOCAL_DRAFT' ? t.summaryKind : null,
    failureReason: t.failureReason, isAuthor: t.authorSub === actor.sub,
  };
}

/** A transcription the actor may see (404 outside the licence scope, as if it did not exist). */
export async function visibleTranscription(db: Db, actor: Actor, id: string, lock = false): Promise<TranscriptionRow> {
  const t = await repo.findTranscription(db, id, lock);
  if (!t || !inScope(actor, { patientState: t.patientState, patientId: t.patientId })) throw notFound(NOT_FOUND);
  return t;
}

/** The transcription locked for a change by its author (or, for a discard, a super admin). */
export async function lockedForChange(client: PoolClient, actor: Actor, id: string, action: 'record' | 'discard' | 'consume') {
  const t = await visibleTranscription(client, actor, id, true);
  const refusal = authorRefusal(t, { sub: actor.sub, superAdmin: actor.permissions.superAdmin }, action);
  if (refusal) throw forbidden(refusal);
  return t;
}

const audited = (t: TranscriptionRow, action: string): AuditEvent =>
  ({ action, entityType: 'transcription', entityId: t.id, patientId: t.patientId, outcome: 'SUCCESS' });

async function moved(client: PoolClient, actor: Actor, t: TranscriptionRow, to: TranscriptionStatus, set: Parameters<typeof repo.moveStatus>[4] = {}) {
  if (!(await repo.moveStatus(client, t.id, t.status, to, set))) throw conflict(TRANSCRIPTION_REFUSAL.alreadyInProgress);
  await writeHistory(client, actor, { entityType: 'transcription', entityId: t.id, action: 'STATUS', fromStatus: t.status, toStatus: to });
}

/** POST /secure/transcribe: a recording starts for a booking's patient (one open transcription per booking). */
export async function createTranscription(deps: TranscriptionDeps, actor: Actor, audit: Audit, input: CreateTranscriptionInput) {
  return withTx(deps.pool, async (client) => {
    const booking = await repo.bookingPatient(client, input.referenceId);
    if (!booking || !inScope(actor, { patientState: booking.state, patientId: booking.patientId })) throw notFound('No booking found');
    if (booking.patientId !== input.patientId) throw new ApiError(400, 'Invalid request', TRANSCRIPTION_REFUSAL.notBookingPatient);
    const id = await repo.insertTranscription(client, {
      ...input, authorSub: actor.sub, authorName: `${actor.givenName} ${actor.familyName}`, authorEmail: actor.email ?? actor.clinician?.email ?? null,
    });
    if (!id) throw conflict(TRANSCRIPTION_REFUSAL.alreadyInProgress);
    const t = await visibleTranscription(client, actor, id);
    await writeHistory(client, actor, { entityType: 'transcription', entityId: id, action: 'CREATE', toStatus: 'IN_PROGRESS' });
    await audit(client, audited(t, 'CREATE'));
    return present(t, actor);
  });
}

export async function getTranscription(deps: TranscriptionDeps, actor: Actor, audit: Audit, id: string) {
  const t = await visibleTranscription(deps.pool, actor, id);
  await audit(deps.pool, audited(t, 'READ'));
  return present(t, actor);
}

/** The booking's transcriptions, newest first (the Transcription accordion). */
export async function listTranscriptions(deps: TranscriptionDeps, actor: Actor, audit: Audit,
  q: { referenceType: string; referenceId: string; page: number; perPage: number; order: 'ASC' | 'DESC' }) {
  const booking = await repo.bookingPatient(deps.pool, q.referenceId);
  if (!booking || !inScope(actor, { patientState: booking.state, patientId: booking.patientId })) throw notFound('No booking found');
  const { rows, total } = await repo.listForReference(deps.pool, q);
  for (const t of rows) await audit(deps.pool, audited(t, 'READ'));
  return { items: rows.map((t) => present(t, actor)), total };
}

/** GET /latestTranscribe?bookingId=&patientId=: the newest one not discarded, or null. */
export async function latestTranscription(deps: TranscriptionDeps, actor: Actor, audit: Audit, bookingId: string, patientId: string) {
  const t = await repo.latestForBooking(deps.pool, bookingId, patientId);
  if (!t || !inScope(actor, { patientState: t.patientState, patientId: t.patientId })) return null;
  await audit(deps.pool, audited(t, 'READ'));
  return present(t, actor);
}

/**
 * POST /status/{id}: AUDIO_UPLOADED once the audio is stored, or DISCARDED (any status but COMPLETED), which deletes
 * the audio and any upload under way at once: the recording is PHI the clinician chose not to keep.
 */
export async function updateStatus(deps: TranscriptionDeps, actor: Actor, audit: Audit, id: string, status: 'AUDIO_UPLOADED' | 'DISCARDED') {
  return withTx(deps.pool, async (client) => {
    const t = await lockedForChange(client, actor, id, status === 'DISCARDED' ? 'discard' : 'record');
    const refusal = transitionRefusal(t.status, status, 'clinician');
    if (refusal) throw conflict(refusal);
    if (status === 'AUDIO_UPLOADED' && !t.audioUrl) throw conflict(TRANSCRIPTION_REFUSAL.noAudio);
    if (status === 'DISCARDED') await dropAudio(deps, client, t);
    await moved(client, actor, t, status);
    await audit(client, audited(t, status === 'DISCARDED' ? 'DISCARD' : 'AUDIO_UPLOADED'));
    return present({ ...t, status, audioUrl: status === 'DISCARDED' ? null : t.audioUrl }, actor);
  });
}

/** Deletes the stored audio and aborts an upload under way. */
async function dropAudio(deps: TranscriptionDeps, client: PoolClient, t: TranscriptionRow) {
  if (t.uploadId) await deps.storage.abortMultipartUpload(repo.audioKeyOf(t.id), t.uploadId).catch(() => undefined);
  const stored = t.audioUrl ? deps.storage.keyOf(t.audioUrl) : null;
  if (stored) await deps.storage.delete(stored);
  await repo.clearAudio(client, t.id);
}

/**
 * POST /submit/{id}: the uploaded audio goes to the engine. The status change and the queued job commit together;
 * an engine that cannot run here (local packages missing) refuses before anything changes.
 */
export async function submitTranscription(deps: TranscriptionDeps, actor: Actor, audit: Audit, id: string) {
  const missing = await deps.engine.unavailable();
  if (missing) throw new ApiError(503, 'Transcription unavailable', missing);
  return withTx(deps.pool, async (client) => {
    const t = await lockedForChange(client, actor, id, 'record');
    const refusal = transitionRefusal(t.status, 'AWAITING_TRANSCRIBED_OUTPUT', 'submit');
    if (refusal) throw conflict(refusal);
    if (!t.audioUrl) throw conflict(TRANSCRIPTION_REFUSAL.noAudio);
    await moved(client, actor, t, 'AWAITING_TRANSCRIBED_OUTPUT', { submitted: true, failureReason: null });
    await repo.setEngineJob(client, t.id, deps.engine.kind, null);
    await deps.jobs.send(QUEUES.transcription.name, { transcriptionId: t.id }, { db: client });
    await audit(client, audited(t, 'SUBMIT'));
    return present({ ...t, status: 'AWAITING_TRANSCRIBED_OUTPUT', failureReason: null }, actor);
  });
}

/** GET /audio/{id}: a presigned URL of the stored audio (404 when none is stored: not yet, discarded, or past retention). */
export async function audioUrl(deps: TranscriptionDeps, actor: Actor, audit: Audit, id: string, ttlSeconds: number) {
  const t = await visibleTranscription(deps.pool, actor, id);
  const key = t.audioUrl ? deps.storage.keyOf(t.audioUrl) : null;
  if (!key) throw notFound('no audio stored for this transcription');
  await audit(deps.pool, audited(t, 'PRESIGN_AUDIO'));
  return { url: await deps.storage.presignedGetUrl(key, ttlSeconds, undefined, t.patientId), expiresInSeconds: ttlSeconds };
}

/** Output or summary of a completed transcription, as the engine wrote it. */
export async function transcriptPart(deps: TranscriptionDeps, actor: Actor, audit: Audit, id: string, part: 'conversation' | 'summary') {
  const t = await visibleTranscription(deps.pool, actor, id);
  if (t.status !== 'COMPLETED' || !t[part]) throw notFound(TRANSCRIPTION_REFUSAL.notCompleted);
  await audit(deps.pool, audited(t, part === 'conversation' ? 'READ_OUTPUT' : 'READ_SUMMARY'));
  return { t, body: t[part] };
}

/**
 * POST /consume/{id}: once, from a completed transcription. With a note ('Save as'), the chart note is created on the
 * booking in the same transaction, so a note is never saved without consuming nor consumed without its note.
 */
export async function consumeTranscription(deps: TranscriptionDeps, actor: Actor, audit: Audit, id: string, input: ConsumeInput) {
  return withTx(deps.pool, async (client) => {
    const t = await lockedForChange(client, actor, id, 'consume');
    const refusal = consumeRefusal(t);
    if (refusal) throw conflict(refusal);
    // The note's own audit (chart_note CREATE) is written by the chart-notes repository on this transaction.
    const notes = { chartNotes: chartNotesRepository({ db: client, tx: client, actor, audit: { one: audit, many: async () => undefined } }) } as unknown as DataAccess;
    const noteId = input.note ? await createChartNote(notes, {
      personId: t.patientId, note: input.note.note, noteType: input.note.noteType, status: input.note.status, visibility: 'INTERNAL_NOTE',
      referenceId: t.referenceId, referenceType: 'BOOKING',
    }) : null;
    if (!(await repo.markConsumed(client, t.id, noteId))) throw conflict(TRANSCRIPTION_REFUSAL.consumed);
    await writeHistory(client, actor, { entityType: 'transcription', entityId: t.id, action: 'CONSUME', comment: noteId ? `chart note ${noteId}` : null });
    await audit(client, audited(t, 'CONSUME'));
    return { ...present({ ...t, isConsumed: true }, actor), noteId };
  });
}
