import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import type { AccessContext } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import { assertInScope } from '../auth/scope';
import { ApiError, forbidden, notFound } from '../errors';
import { messageRepository } from '../messages/repository';
import type { FileRecord, FileRecordType, OwnedRecord, StoredFileRow } from './records';

type Db = Pool | PoolClient;

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
  assertInScope(
    actor,
    {
      patientState: rows[0].patientState,
      hasPatient: rows[0].patientId !== null,
      // A break-glass session opens a patient's files for reading only.
      patientId: purpose === 'read' ? rows[0].patientId : null,
    },
    `no such ${name}`,
  );
  return { ...record, ...rows[0] };
}

/** Records a stored object with what the user called it, who stored it, and the record and patient it belongs to. */
export async function linkFile(
  db: Db,
  f: { key: string; category: string; name: string; contentType: string; size: number; uploadedBy: string; owner: OwnedRecord },
) {
  await db.query(
    `INSERT INTO stored_files (key, category, original_name, content_type, size_bytes, uploaded_by, record_type, record_id, patient_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [f.key, f.category, f.name, f.contentType, f.size, f.uploadedBy, f.owner.type, f.owner.id, f.owner.patientId],
  );
}

export async function storedFile(db: Db, key: string): Promise<StoredFileRow | null> {
  const { rows } = await db.query<StoredFileRow>(
    `SELECT key, category, original_name AS name, uploaded_by AS "uploadedBy", record_type AS "recordType", record_id AS "recordId",
            patient_id AS "patientId" FROM stored_files WHERE key = $1`,
    [key],
  );
  return rows[0] ?? null;
}

/**
 * A stored file the actor may read: it must belong to a record (an object no record owns is never served) whose patient
 * is in the actor's scope. Anything else is 404. Returns the row and the owning record (with its current patient).
 */
export async function readableFile(db: Db, actor: Actor, key: string): Promise<{ file: StoredFileRow; owner: OwnedRecord }> {
  const file = await storedFile(db, key);
  if (!file?.recordType || !file.recordId) throw notFound('no such file');
  const owner = await ownedRecord(db, actor, { type: file.recordType, id: file.recordId }, 'read').catch(() => {
    throw notFound('no such file');
  });
  return { file, owner };
}

/** What the files feature writes to the request's audit row: the object's key and the patient of its record. */
type FileAction = 'UPLOAD' | 'DOWNLOAD' | 'PRESIGN';

/**
 * Stored files as the request's Actor reaches them: every read goes through the file's record (outside the Actor's
 * scope, or an object no record owns, it reads as unknown: 404), a message attachment only for who may open a message
 * it is linked to (or its uploader before it is sent); every access is audited with the record's patient.
 */
export const filesRepository = (ctx: AccessContext) => {
  const { db, actor, audit } = ctx;
  const audited = (action: FileAction | 'DELETE', key: string, owner: OwnedRecord) =>
    audit.one(db, { action, entityType: 'file', entityId: key, patientId: owner.patientId, outcome: 'SUCCESS' });

  return {
    /** The record an upload is for, in the Actor's scope for writing (a break-glass session opens no writes). */
    uploadTarget: (record: FileRecord) => ownedRecord(db, actor, record),

    /** Records an uploaded object with its record and patient, audited. */
    async link(f: { key: string; category: string; name: string; contentType: string; size: number }, owner: OwnedRecord) {
      await linkFile(db, { ...f, uploadedBy: actor.sub, owner });
      await audited('UPLOAD', f.key, owner);
    },

    /** A file the Actor may read, with its record; a message attachment also needs a message the Actor may open. */
    async readable(key: string) {
      const found = await readableFile(db, actor, key);
      // A message attachment: who may open a message it is linked to (its uploader before it is sent), by the messages' rule.
      if (key.startsWith('MESSAGE_ATTACHMENTS/') && !(await messageRepository(ctx).attachmentAccess(key)).allowed) throw notFound('no such file');
      return found;
    },

    /** Audits a download or a presigned link of a file `readable` returned. */
    audited: (action: FileAction, key: string, owner: OwnedRecord) => audited(action, key, owner),

    /**
     * A file the Actor may delete: readable, its own upload (a super admin: any), and not sent with a message (the
     * message's record keeps it).
     */
    async deletable(key: string): Promise<OwnedRecord> {
      const { file, owner } = await readableFile(db, actor, key);
      if (file.uploadedBy !== actor.sub && !actor.permissions.superAdmin) throw forbidden('only the uploader or a super admin may delete this file');
      if (key.startsWith('MESSAGE_ATTACHMENTS/') && (await db.query('SELECT 1 FROM message_attachments WHERE file_key = $1', [key])).rowCount) {
        throw new ApiError(409, 'Conflict', 'the file is attached to a sent message');
      }
      return owner;
    },

    /** Forgets a deleted object's record, audited. */
    async remove(key: string, owner: OwnedRecord) {
      await db.query(`DELETE FROM stored_files WHERE key = $1`, [key]);
      await audited('DELETE', key, owner);
    },
  };
};
export type FilesRepository = ReturnType<typeof filesRepository>;
