import { getTableColumns } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import type { TranscriptionStatus } from '../../domain/transcription/transcription';
import { transcriptions } from '../db/schema';

/**
 * The transcriptions' SQL statements on a given connection: the Actor-bound repository (repository.ts) calls them for
 * requests, and the background worker (no Actor) calls them directly.
 */

/** A transcription row as drizzle's schema types it, with the patient's state (the licence scope reads it). */
export type TranscriptionRow = typeof transcriptions.$inferSelect & { status: TranscriptionStatus; patientState: string | null };
export type Db = Pool | PoolClient;

/** The audio is stored under the transcription's file id (spec 2 §7). */
export const audioKeyOf = (id: string) => `TRANSCRIPTION_AUDIO/${id}.webm`;

/** Every column of the table as "camelCase", from the drizzle schema (t = transcriptions, p = patients). */
const COLUMNS = Object.entries(getTableColumns(transcriptions))
  .map(([field, column]) => `t.${column.name} AS "${field}"`)
  .join(', ');
const SELECT = `SELECT ${COLUMNS}, p.state AS "patientState" FROM transcriptions t JOIN patients p ON p.id = t.patient_id`;

export async function findTranscription(db: Db, id: string, lock = false): Promise<TranscriptionRow | null> {
  const { rows } = await db.query<TranscriptionRow>(`${SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function listForReference(
  db: Db,
  q: { referenceType: string; referenceId: string; page: number; perPage: number; order: 'ASC' | 'DESC' },
) {
  const { referenceType, referenceId, page, perPage } = q;
  const order = q.order === 'ASC' ? 'ASC' : 'DESC';
  const [rows, count] = await Promise.all([
    db.query<TranscriptionRow>(
      `${SELECT} WHERE t.reference_type = $1 AND t.reference_id = $2
      ORDER BY t.created_at ${order}, t.id ${order} LIMIT $3 OFFSET $4`,
      [referenceType, referenceId, perPage, (page - 1) * perPage],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transcriptions WHERE reference_type = $1 AND reference_id = $2`, [
      referenceType,
      referenceId,
    ]),
  ]);
  return { rows: rows.rows, total: count.rows[0].n };
}

/** The newest transcription of a booking for its patient, discarded ones left out. */
export async function latestForBooking(db: Db, bookingId: string, patientId: string): Promise<TranscriptionRow | null> {
  const { rows } = await db.query<TranscriptionRow>(
    `${SELECT} WHERE t.reference_type = 'BOOKING' AND t.reference_id = $1
    AND t.patient_id = $2 AND t.status <> 'DISCARDED' ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
    [bookingId, patientId],
  );
  return rows[0] ?? null;
}

/** The booking's patient and state, to check the patient given and the licence scope. */
export async function bookingPatient(db: Db, bookingId: string): Promise<{ patientId: string; state: string | null } | null> {
  const { rows } = await db.query<{ patientId: string; state: string | null }>(
    `SELECT b.patient_id AS "patientId", p.state FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.id = $1`,
    [bookingId],
  );
  return rows[0] ?? null;
}

export interface NewTranscription {
  referenceType: string;
  referenceId: string;
  patientId: string;
  source: string;
  authorSub: string;
  authorName: string;
  authorEmail: string | null;
}

/** Inserts a recording transcription; null when the booking already has an open one (the partial unique index). */
export async function insertTranscription(db: Db, t: NewTranscription): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO transcriptions (reference_type, reference_id, patient_id, source, status, author_sub, author_name, author_email)
     VALUES ($1, $2, $3, $4, 'IN_PROGRESS', $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [t.referenceType, t.referenceId, t.patientId, t.source, t.authorSub, t.authorName, t.authorEmail],
  );
  return rows[0]?.id ?? null;
}

/** Moves the status only from the expected one; false when another request moved it first. */
export async function moveStatus(
  db: Db,
  id: string,
  from: TranscriptionStatus,
  to: TranscriptionStatus,
  set: { failureReason?: string | null; submitted?: boolean } = {},
): Promise<boolean> {
  const res = await db.query(
    `UPDATE transcriptions SET status = $3, updated_at = now(),
       failure_reason = CASE WHEN $4::boolean THEN $5 ELSE failure_reason END,
       submitted_at = CASE WHEN $6::boolean THEN now() ELSE submitted_at END
     WHERE id = $1 AND status = $2`,
    [id, from, to, 'failureReason' in set, set.failureReason ?? null, !!set.submitted],
  );
  return res.rowCount === 1;
}

export async function setUpload(db: Db, id: string, uploadId: string | null, parts: unknown[]): Promise<void> {
  await db.query(`UPDATE transcriptions SET upload_id = $2, upload_parts = $3::jsonb, updated_at = now() WHERE id = $1`, [
    id,
    uploadId,
    JSON.stringify(parts),
  ]);
}

export async function setAudio(db: Db, id: string, url: string, bytes: number): Promise<void> {
  await db.query(
    `UPDATE transcriptions SET audio_url = $2, audio_bytes = $3, audio_uploaded_at = now(), upload_id = NULL,
    upload_parts = '[]'::jsonb, audio_deleted_at = NULL, updated_at = now() WHERE id = $1`,
    [id, url, bytes],
  );
}

/** The audio is gone (discard or retention): the record keeps only when. */
export async function clearAudio(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE transcriptions SET audio_url = NULL, audio_deleted_at = now(), upload_id = NULL, upload_parts = '[]'::jsonb,
    updated_at = now() WHERE id = $1`,
    [id],
  );
}

/** The engine that runs the transcription and its job name (null: not started yet). */
export async function setEngineJob(db: Db, id: string, engine: string, jobName: string | null): Promise<void> {
  await db.query(`UPDATE transcriptions SET engine = $2, engine_job_name = $3, updated_at = now() WHERE id = $1`, [id, engine, jobName]);
}

/** Stores the engine's output and completes the transcription, only while it still awaits the output. */
export async function completeWithOutput(db: Db, id: string, conversation: unknown, summary: unknown, summaryKind: string): Promise<boolean> {
  const res = await db.query(
    `UPDATE transcriptions SET status = 'COMPLETED', conversation = $2::jsonb, summary = $3::jsonb, summary_kind = $4,
       completed_at = now(), failure_reason = NULL, updated_at = now()
     WHERE id = $1 AND status = 'AWAITING_TRANSCRIBED_OUTPUT'`,
    [id, JSON.stringify(conversation), JSON.stringify(summary), summaryKind],
  );
  return res.rowCount === 1;
}

export async function markConsumed(db: Db, id: string, noteId: string | null): Promise<boolean> {
  const res = await db.query(
    `UPDATE transcriptions SET is_consumed = true, consumed_at = now(), consumed_note_id = $2, updated_at = now()
    WHERE id = $1 AND status = 'COMPLETED' AND NOT is_consumed`,
    [id, noteId],
  );
  return res.rowCount === 1;
}

/** Audio past its retention period, not needed by a running engine job. */
export async function audioPastRetention(db: Db, days: number, limit = 100): Promise<{ id: string; audioUrl: string }[]> {
  const { rows } = await db.query<{ id: string; audioUrl: string }>(
    `SELECT id, audio_url AS "audioUrl" FROM transcriptions WHERE audio_url IS NOT NULL
       AND audio_uploaded_at < now() - make_interval(days => $1) AND status <> 'AWAITING_TRANSCRIBED_OUTPUT'
     ORDER BY audio_uploaded_at LIMIT $2`,
    [days, limit],
  );
  return rows;
}

/** Multipart uploads of recordings abandoned longer than the retention period. */
export async function staleUploads(db: Db, days: number, limit = 100): Promise<{ id: string; uploadId: string }[]> {
  const { rows } = await db.query<{ id: string; uploadId: string }>(
    `SELECT id, upload_id AS "uploadId" FROM transcriptions WHERE upload_id IS NOT NULL
       AND updated_at < now() - make_interval(days => $1) ORDER BY updated_at LIMIT $2`,
    [days, limit],
  );
  return rows;
}
