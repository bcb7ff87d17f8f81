import type { Pool, PoolClient } from 'pg';
import { maskRecord, mustMask } from '../../domain/masking';
import type { Actor } from '../auth/actor';

export const NOTE_COLUMNS = `n.id, n.person_id AS "personId", n.note, n.note_type AS "noteType", n.reference_id AS "referenceId",
  n.reference_type AS "referenceType", n.status, n.visibility, n.author_id AS "authorId", n.author_name AS "authorName",
  extract(epoch FROM n.created_at)::bigint AS "createdEpoch", extract(epoch FROM n.updated_at)::bigint AS "updatedEpoch",
  p.first_name || ' ' || p.last_name AS "patientName", p.dob::text AS "patientDob", p.state AS "patientState"`;

export interface NoteRow {
  id: string; personId: string; note: string; noteType: string; referenceId: string | null; referenceType: string | null;
  status: string; visibility: string; authorId: string; authorName: string; createdEpoch: string | number; updatedEpoch: string | number;
  patientName: string | null; patientDob: string | null; patientState: string | null;
}

/** The note as the API returns it: noteMessage mirrors note (spec 2 §3), epochs as numbers, masked outside the viewer's states. */
export function presentNote(row: NoteRow, actor: Actor) {
  const out = { ...row, noteMessage: row.note, createdEpoch: Number(row.createdEpoch), updatedEpoch: Number(row.updatedEpoch) };
  if (!mustMask(row.patientState, actor.licenceStates.inValidStates, actor.permissions.unmasked)) return { ...out, masked: false };
  const { createdEpoch, id } = out;
  return { ...maskRecord(out), createdEpoch, id };
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
