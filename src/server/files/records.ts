import { z } from 'zod';
import { kitIdSchema } from '../../domain/lab/lab-api';
import { badRequest } from '../errors';

/** The stored files' reads and writes other features use with their own connection (their SQL is in repository.ts). */
export { linkFile, ownedRecord, readableFile, storedFile } from './repository';

/** The record a stored file belongs to: reading the file is reading that record. */
export const FILE_RECORD_TYPES = ['KIT', 'BOOKING', 'PATIENT'] as const;
export type FileRecordType = (typeof FILE_RECORD_TYPES)[number];
export interface FileRecord {
  type: FileRecordType;
  id: string;
}
/** The record, its patient (null for a kit nobody registered yet) and where that patient is. */
export interface OwnedRecord extends FileRecord {
  patientId: string | null;
  patientState: string | null;
}

/** Upload query: exactly one record (kitId, bookingId or patientId). */
export const fileRecordQuerySchema = z.strictObject({
  kitId: kitIdSchema.optional(),
  bookingId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, 'bookingId is not valid')
    .optional(),
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

export interface StoredFileRow {
  key: string;
  category: string;
  name: string;
  uploadedBy: string;
  recordType: FileRecordType | null;
  recordId: string | null;
  patientId: string | null;
}
