import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { prepared } from '../db/prepared';
import { pageClause } from '../db/rows';

/** The chart notes' SQL statements on a given connection; the Actor-bound repository (repository.ts) calls them. */

type Db = Pool | PoolClient;

export const NOTE_COLUMNS = `n.id, n.person_id AS "personId", n.note, n.note_type AS "noteType", n.reference_id AS "referenceId",
  n.reference_type AS "referenceType", n.status, n.visibility, n.author_id AS "authorId", n.author_name AS "authorName", n.amends_note_id AS "amendsNoteId",
  extract(epoch FROM n.created_at)::bigint AS "createdEpoch", extract(epoch FROM n.updated_at)::bigint AS "updatedEpoch",
  p.first_name || ' ' || p.last_name AS "patientName", p.dob::text AS "patientDob", p.state AS "patientState"`;

export interface NoteRow {
  id: string;
  personId: string;
  note: string;
  noteType: string;
  referenceId: string | null;
  referenceType: string | null;
  status: string;
  visibility: string;
  authorId: string;
  authorName: string;
  amendsNoteId: string | null;
  createdEpoch: string | number;
  updatedEpoch: string | number;
  patientName: string | null;
  patientDob: string | null;
  patientState: string | null;
}

/** A chart note as it leaves the server (the allowlist): only ever of a patient in the reader's scope. */
export const chartNoteSchema = z.object({
  id: z.string(),
  personId: z.string(),
  note: z.string(),
  noteMessage: z.string(),
  noteType: z.string(),
  referenceId: z.string().nullable(),
  referenceType: z.string().nullable(),
  status: z.string(),
  visibility: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  /** The published note this note amends (published notes never change), or null. */
  amendsNoteId: z.string().nullable(),
  createdEpoch: z.number(),
  updatedEpoch: z.number(),
  patientName: z.string().nullable(),
  patientDob: z.string().nullable(),
  patientState: z.string().nullable(),
  masked: z.literal(false),
});
export type ChartNote = z.infer<typeof chartNoteSchema>;

/** The note as the API returns it: noteMessage mirrors note (spec 2 §3), epochs as numbers. */
export function presentNote(row: NoteRow): ChartNote {
  return { ...row, noteMessage: row.note, createdEpoch: Number(row.createdEpoch), updatedEpoch: Number(row.updatedEpoch), masked: false };
}

export async function patientState(db: Db, personId: string): Promise<{ state: string | null; name: string } | null> {
  const { rows } = await db.query(prepared(`SELECT state, first_name || ' ' || last_name AS name FROM patients WHERE id = $1`, [personId]));
  return rows[0] ?? null;
}

export type NoteScope = { by: 'patient' | 'booking' | 'kit' | 'testResult'; id: string };

/** WHERE clause of a note list scope (bound value $1). */
export function scopeWhere(scope: NoteScope): string {
  switch (scope.by) {
    case 'patient':
      return 'n.person_id = $1::uuid';
    case 'booking':
      return `n.reference_type = 'BOOKING' AND n.reference_id = $1`;
    case 'kit':
      return `n.reference_type = 'KIT' AND n.reference_id = $1`;
    case 'testResult':
      return `n.reference_type = 'KIT' AND n.reference_id = (SELECT kit_id FROM test_results WHERE id = $1::uuid)`;
  }
}

/** The patient a note list is about (its state, and whether the subject has a patient at all), or null when unknown. */
export async function subjectOf(
  db: Db,
  scope: NoteScope,
): Promise<{ patientState: string | null; hasPatient: boolean; patientId: string | null } | null> {
  const sql = {
    patient: `SELECT state AS "patientState", true AS "hasPatient", id::text AS "patientId" FROM patients WHERE id = $1::uuid`,
    booking: `SELECT p.state AS "patientState", true AS "hasPatient", p.id::text AS "patientId" FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.id = $1`,
    kit: `SELECT patient_state AS "patientState", patient_id IS NOT NULL AS "hasPatient", patient_id::text AS "patientId" FROM kits WHERE kit_id = $1`,
    testResult: `SELECT k.patient_state AS "patientState", k.patient_id IS NOT NULL AS "hasPatient", k.patient_id::text AS "patientId"
      FROM test_results tr JOIN kits k ON k.kit_id = tr.kit_id WHERE tr.id = $1::uuid`,
  }[scope.by];
  const { rows } = await db.query<{ patientState: string | null; hasPatient: boolean; patientId: string | null }>(sql, [scope.id]);
  return rows[0] ?? null;
}

/** One note with its patient's name, date of birth and state. */
export async function loadNote(db: Db, id: string): Promise<NoteRow | undefined> {
  const { rows } = await db.query<NoteRow>(
    prepared(`SELECT ${NOTE_COLUMNS} FROM chart_notes n JOIN patients p ON p.id = n.person_id WHERE n.id = $1`, [id]),
  );
  return rows[0];
}

export interface LockedNote {
  status: string;
  authorId: string;
  noteType: string;
  personId: string;
}

/** A note's status, author, type and patient, under the row lock (FOR UPDATE); undefined when unknown. */
export async function lockNote(db: Db, id: string): Promise<LockedNote | undefined> {
  const { rows } = await db.query<LockedNote>(
    `SELECT status, author_id AS "authorId", note_type AS "noteType", person_id AS "personId" FROM chart_notes WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export interface StoredNote {
  html: string;
  noteType: string;
  referenceId: string | null;
  referenceType: string | null;
  status: string;
  visibility: string;
}

/** Inserts a note of `author`; returns its id. */
export async function insertNote(db: Db, personId: string, note: StoredNote, author: { id: string; name: string }, amendsNoteId: string | null) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO chart_notes (person_id, note, note_type, reference_id, reference_type, status, visibility, author_id, author_name, amends_note_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [personId, note.html, note.noteType, note.referenceId, note.referenceType, note.status, note.visibility, author.id, author.name, amendsNoteId],
  );
  return rows[0].id;
}

/** Changes a draft; the condition on DRAFT keeps a published note untouched whatever happens. */
export async function updateDraft(db: Db, id: string, note: StoredNote): Promise<void> {
  await db.query(
    `UPDATE chart_notes SET note = $2, note_type = $3, reference_id = $4, reference_type = $5, status = $6, visibility = $7, updated_at = now()
      WHERE id = $1 AND status = 'DRAFT'`,
    [id, note.html, note.noteType, note.referenceId, note.referenceType, note.status, note.visibility],
  );
}

/** The status of a note of the patient, locked (the note a new note amends); undefined when it is not that patient's. */
export async function lockPatientNoteStatus(db: Db, personId: string, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(`SELECT status FROM chart_notes WHERE id = $1 AND person_id = $2 FOR UPDATE`, [id, personId]);
  return rows[0]?.status;
}

/** Each reference type, looked up as a record of the note's patient ($2): the kit id it is stored under, or none. */
const REFERENCE_SQL: Record<string, string> = {
  KIT: `SELECT kit_id AS "kitId" FROM kits WHERE kit_id = $1 AND patient_id = $2`,
  BOOKING: `SELECT id AS "kitId" FROM bookings WHERE id = $1 AND patient_id = $2`,
  TEST_RESULT: `SELECT tr.kit_id AS "kitId" FROM test_results tr JOIN kits k ON k.kit_id = tr.kit_id WHERE tr.id = $1::uuid AND k.patient_id = $2`,
};

/** The record a reference names, if it is the patient's: the id it is stored under (a test result's kit), else undefined. */
export async function referenceOfPatient(db: Db, referenceType: 'KIT' | 'BOOKING' | 'TEST_RESULT', referenceId: string, personId: string) {
  const { rows } = await db.query<{ kitId: string }>(REFERENCE_SQL[referenceType], [referenceId, personId]);
  return rows[0]?.kitId;
}

/**
 * One page of the notes of a scope, newest first: only notes of patients in the reader's scope (`inScope` builds that
 * condition on p.state with the given binder), optionally containing `q` in the text or the author's name.
 */
export async function listNotes(
  db: Db,
  scope: NoteScope,
  inScope: (bind: (value: unknown) => string) => string,
  q: { page: number; perPage: number; q?: string },
) {
  const params: unknown[] = [scope.id];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const where = [scopeWhere(scope), inScope(bind)];
  if (q.q) where.push(`(n.note ILIKE $${params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} OR n.author_name ILIKE $${params.length})`);
  const whereSql = where.join(' AND ');
  const [rows, count] = await Promise.all([
    db.query<NoteRow>(
      `SELECT ${NOTE_COLUMNS} FROM chart_notes n JOIN patients p ON p.id = n.person_id WHERE ${whereSql}
      ORDER BY n.created_at DESC, n.id DESC ${pageClause(q.page, q.perPage)}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM chart_notes n JOIN patients p ON p.id = n.person_id WHERE ${whereSql}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0].n };
}

/** The author's latest draft for a patient, for one stored reference when given. */
export async function latestDraft(db: Db, authorId: string, personId: string, ref: { referenceId: string | null; referenceType: string | null }) {
  const params: unknown[] = [authorId, personId];
  const refSql = ref.referenceId
    ? ` AND n.reference_id = $${params.push(ref.referenceId)} AND n.reference_type = $${params.push(ref.referenceType)}`
    : '';
  const { rows } = await db.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM chart_notes n JOIN patients p ON p.id = n.person_id
    WHERE n.author_id = $1 AND n.person_id = $2 AND n.status = 'DRAFT'${refSql} ORDER BY n.updated_at DESC LIMIT 1`,
    params,
  );
  return rows[0];
}
