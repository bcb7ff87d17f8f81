import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';

export const NOTE_COLUMNS = `n.id, n.person_id AS "personId", n.note, n.note_type AS "noteType", n.reference_id AS "referenceId",
  n.reference_type AS "referenceType", n.status, n.visibility, n.author_id AS "authorId", n.author_name AS "authorName", n.amends_note_id AS "amendsNoteId",
  extract(epoch FROM n.created_at)::bigint AS "createdEpoch", extract(epoch FROM n.updated_at)::bigint AS "updatedEpoch",
  p.first_name || ' ' || p.last_name AS "patientName", p.dob::text AS "patientDob", p.state AS "patientState"`;

export interface NoteRow {
  id: string; personId: string; note: string; noteType: string; referenceId: string | null; referenceType: string | null;
  status: string; visibility: string; authorId: string; authorName: string; amendsNoteId: string | null; createdEpoch: string | number; updatedEpoch: string | number;
  patientName: string | null; patientDob: string | null; patientState: string | null;
}

/** A chart note as it leaves the server (the allowlist): only ever of a patient in the reader's scope. */
export const chartNoteSchema = z.object({
  id: z.string(), personId: z.string(), note: z.string(), noteMessage: z.string(), noteType: z.string(), referenceId: z.string().nullable(),
  referenceType: z.string().nullable(), status: z.string(), visibility: z.string(), authorId: z.string(), authorName: z.string(),
  /** The published note this note amends (published notes never change), or null. */
  amendsNoteId: z.string().nullable(),
  createdEpoch: z.number(), updatedEpoch: z.number(), patientName: z.string().nullable(), patientDob: z.string().nullable(),
  patientState: z.string().nullable(), masked: z.literal(false),
});

/** The note as the API returns it: noteMessage mirrors note (spec 2 §3), epochs as numbers. */
export function presentNote(row: NoteRow): z.infer<typeof chartNoteSchema> {
  return { ...row, noteMessage: row.note, createdEpoch: Number(row.createdEpoch), updatedEpoch: Number(row.updatedEpoch), masked: false };
}

export async function patientState(db: Pool | PoolClient, personId: string): Promise<{ state: string | null; name: string } | null> {
  const { rows } = await db.query(`SELECT state, first_name || ' ' || last_name AS name FROM patients WHERE id = $1`, [personId]);
  return rows[0] ?? null;
}

export type NoteScope = { by: 'patient' | 'booking' | 'kit' | 'testResult'; id: string };

/** WHERE clause of a note list scope (bound value $1). */
export function scopeWhere(scope: NoteScope): string {
  switch (scope.by) {
    case 'patient': return 'n.person_id = $1::uuid';
    case 'booking': return `n.reference_type = 'BOOKING' AND n.reference_id = $1`;
    case 'kit': return `n.reference_type = 'KIT' AND n.reference_id = $1`;
    case 'testResult': return `n.reference_type = 'KIT' AND n.reference_id = (SELECT kit_id FROM test_results WHERE id = $1::uuid)`;
  }
}

/** The patient a note list is about (its state, and whether the subject has a patient at all), or null when unknown. */
export async function subjectOf(db: Pool | PoolClient, scope: NoteScope): Promise<{ patientState: string | null; hasPatient: boolean } | null> {
  const sql = {
    patient: `SELECT state AS "patientState", true AS "hasPatient" FROM patients WHERE id = $1::uuid`,
    booking: `SELECT p.state AS "patientState", true AS "hasPatient" FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.id = $1`,
    kit: `SELECT patient_state AS "patientState", patient_id IS NOT NULL AS "hasPatient" FROM kits WHERE kit_id = $1`,
    testResult: `SELECT k.patient_state AS "patientState", k.patient_id IS NOT NULL AS "hasPatient"
      FROM test_results tr JOIN kits k ON k.kit_id = tr.kit_id WHERE tr.id = $1::uuid`,
  }[scope.by];
  const { rows } = await db.query<{ patientState: string | null; hasPatient: boolean }>(sql, [scope.id]);
  return rows[0] ?? null;
}
