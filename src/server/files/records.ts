import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { kitIdSchema } from '../../domain/lab-api';
import type { Actor } from '../auth/actor';
import { assertInScope } from '../auth/scope';
import { badRequest, notFound } from '../errors';

type Db = Pool | PoolClient;

/** The record a stored file belongs to: reading the file is reading that record. */
export const FILE_RECORD_TYPES = ['KIT', 'BOOKING', 'PATIENT'] as const;
export type FileRecordType = (typeof FILE_RECORD_TYPES)[number];
export interface FileRecord { type: FileRecordType; id: string }
/** The record, its patient (null for a kit nobody registered yet) and where that patient is. */
export interface OwnedRecord extends FileRecord { patientId: string | null; patientState: string | null }

/** Upload query: exactly one record (kitId, bookingId or patientId). */
export const fileRecordQuerySchema = z.strictObject({
  kitId: kitIdSchema.optional(),
  bookingId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'bookingId is not valid').optional(),
  patientId: z.guid().optional(),
});

/** Which record each upload category belongs to (message attachments: any of the patient's records). */
const RECORD_OF_CATEGORY: Record<string, readonly FileRecordType[]> = {
  RESULT_FILES: ['KIT'],
  IDENTITY_DOCUMENTS: ['BOOKING'],
  MESSAGE_ATTACHMENTS: FILE_RECORD_TYPES,
};

/** The one record an upload names, checked against its category. */
export function recordOfUpload(category: string, q: z.infer<typeof fileRecordQuerySchema>): FileRecord {
  const named: FileRecord[] = [];
  if (q.kitId) named.push({ type: 'KIT', id: q.kitId });
  if (q.bookingId) named.push({ type: 'BOOKING', id: q.bookingId });
  if (q.patientId) named.push({ type: 'PATIENT', id: q.patientId });
  const allowed = RECORD_OF_CATEGORY[category] ?? [];
  const wanted = allowed.map((t) => ({ KIT: 'kitId', BOOKING: 'bookingId', PATIENT: 'patientId' })[t]).join(' or ');
  if (named.length !== 1 || !allowed.includes(named[0].type)) throw badRequest(`a ${category} file belongs to one record: give ${wanted}`);
  return named[0];
}

const RECORD_SQL: Record<FileRecordType, string> = {
  KIT: `SELECT patient_id AS "patientId", patient_state AS "patientState" FROM kits WHERE kit_id = $1`,
  BOOKING: `SELECT b.patient_id AS "patientId", p.state AS "patientState" FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.id = $1`,
  PATIENT: `SELECT id AS "patientId", state AS "patientState" FROM patients WHERE id = $1::uuid`,
};

/**
 * The record with its patient, when it exists and its patient is in the actor's scope; otherwise 404 (a record outside
 * the scope reads exactly like a missing one).
 */
export async function ownedRecord(db: Db, actor: Actor, record: FileRecord, purpose: 'read' | 'write' = 'write'): Promise<OwnedRecord> {
  const name = { KIT: 'kit', BOOKING: 'booking', PATIENT: 'patient' }[record.type];
  if (record.type === 'PATIENT' && !z.guid().safeParse(record.id).success) throw notFound(`no such ${name}`);
  const { rows } = await db.query<{ patientId: string | null; patientState: string | null }>(RECORD_SQL[record.type], [record.id]);
  if (!rows[0]) throw notFound(`no such ${name}`);
  assertInScope(actor, { patientState: rows[0].patientState, hasPatient: rows[0].patientId !== null,
    // A break-glass session opens a patient's files for reading only.
    patientId: purpose === 'read' ? rows[0].patientId : null }, `no such ${name}`);
  return { ...record, ...rows[0] };
}

export interface StoredFileRow {
  key: string; category: string; name: string; uploadedBy: string;
  recordType: FileRecordType | null; recordId: string | null; patientId: string | null;
}

/** Records a stored object with what the user called it, who stored it, and the record and patient it belongs to. */
export async function linkFile(db: Db, f: { key: string; category: string; name: string; contentType: string; size: number; uploadedBy: string; owner: OwnedRecord }) {
  await db.query(
    `INSERT INTO stored_files (key, category, original_name, content_type, size_bytes, uploaded_by, record_type, record_id, patient_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [f.key, f.category, f.name, f.contentType, f.size, f.uploadedBy, f.owner.type, f.owner.id, f.owner.patientId]);
}

export async function storedFile(db: Db, key: string): Promise<StoredFileRow | null> {
  const { rows } = await db.query<StoredFileRow>(
    `SELECT key, category, original_name AS name, uploaded_by AS "uploadedBy", record_type AS "recordType", record_id AS "recordId",
            patient_id AS "patientId" FROM stored_files WHERE key = $1`, [key]);
  return rows[0] ?? null;
}

/**
 * A stored file the actor may read: it must belong to a record (an object no record owns is never served) whose patient
 * is in the actor's scope. Anything else is 404. Returns the row and the owning record (with its current patient).
 */
export async function readableFile(db: Db, actor: Actor, key: string): Promise<{ file: StoredFileRow; owner: OwnedRecord }> {
  const file = await storedFile(db, key);
  if (!file?.recordType || !file.recordId) throw notFound('no such file');
  const owner = await ownedRecord(db, actor, { type: file.recordType, id: file.recordId }, 'read').catch(() => { throw notFound('no such file'); });
  return { file, owner };
}
