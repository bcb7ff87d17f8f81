import { read, write } from '../../domain/route-access';
import { issuesFailure, type ZodApp } from '../http/validation';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import {
  BOOKING_FIELD_TEXT, BOOKING_WRITES, identityReviewRefusal, IDENTITY_DOCUMENT_KEYS, UPLOAD_DOCUMENT_TYPES, verifyIdentitySchema, type IdentityDocumentKey,
} from '../../domain/booking-detail';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import { declaredKind, detectFileKind, MAX_UPLOAD_BYTES, MIME_OF } from '../../domain/files';
import type { AppStorage } from '../adapters/object-storage';
import { writeHistory } from '../audit/history';
import { actorOf } from '../auth/secure-plugin';
import { ApiError, badRequest, invalidField } from '../errors';
import { displayName, PRESIGNED_URL_TTL_SECONDS } from '../files/routes';
import { linkFile } from '../files/records';
import { readBooking } from './detail';
import { addLog, bookingWrite, refused, staleRefusal } from './repository';
import { callerOf } from './caller';
import { documentsSchema, errors, idParam, okSchema } from './schemas';
import type { DocumentsCache } from './documents-cache';

const BASE = '/secure/booking/v1';
const STEP_OF: Record<(typeof UPLOAD_DOCUMENT_TYPES)[number], string> = { IDENTITY_PASSPORT: 'UPLOAD_GOV_ID', SELFIE: 'UPLOAD_ID_SELFIE' };
const uploadFieldsSchema = z.strictObject({
  bookingId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'bookingId is not valid'),
  documentType: z.enum(UPLOAD_DOCUMENT_TYPES),
  fileUseCaseType: z.literal('BOOKING_SELF_CHECK_IN'),
});


/** The multipart upload: its fields and one file, checked by declared type, magic bytes and size (the files rules). */
async function readUpload(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest('expected multipart/form-data with one file');
  const fields: Record<string, string> = {};
  let file: { name: string; mime: string; body: Buffer } | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (file) throw badRequest('only one file may be sent');
      const body = await part.toBuffer(); // over the plugin's limit: 413
      if (part.file.truncated || body.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'Payload too large', BOOKING_FIELD_TEXT.fileSize);
      file = { name: part.filename ?? '', mime: part.mimetype, body };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const failure = issuesFailure(parsed.error.issues);
    throw invalidField(failure.field, failure.reason);
  }
  if (!file) throw badRequest(parsed.data.documentType === 'SELFIE' ? 'Please select a photo to upload' : 'Please select a file to upload');
  if (file.body.length === 0) throw badRequest('the file is empty');
  const declared = declaredKind(file.name, file.mime);
  if (!declared) throw badRequest(BOOKING_FIELD_TEXT.fileType);
  if (detectFileKind(file.body.subarray(0, 16)) !== declared) throw badRequest('the file content does not match its type');
  return { ...parsed.data, kind: declared, body: file.body, name: displayName(file.name, declared) };
}

/** Identity documents of self check-in (spec 2 §4, §7): presigned URLs, upload, accept / reject once. */
export function bookingIdentityRoutes(app: ZodApp, { pool, storage, documents }: { pool: Pool; storage: AppStorage; documents: DocumentsCache }) {
  app.get(`${BASE}/:id/documents`, { config: read(['clinicians', 'super_admin', 'staff', 'auditor_read_only'], { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, response: { 200: documentsSchema, ...errors } } }, async (req) => {
    const row = await readBooking(pool, req, req.params.id, 'READ_DOCUMENTS');
    const hit = documents.get(row.id);
    if (hit) return hit;
    const mark = documents.mark();
    const urls: Partial<Record<IdentityDocumentKey, string>> = {};
    for (const k of IDENTITY_DOCUMENT_KEYS) {
      const key = row.documentKeys[k];
      // The link carries the booking's patient, so its fetch is audited with it.
      if (key) urls[k] = await storage.presignedGetUrl(key, PRESIGNED_URL_TTL_SECONDS, undefined, row.patientId);
    }
    documents.set(row.id, urls, mark);
    return urls;
  });

  app.patch(`${BASE}/selfCheckIn/verifyIdentity`, {
    config: write('members', { licenceBound: true }),
    schema: { tags: ['bookings'], body: verifyIdentitySchema, response: { 200: okSchema, ...errors } },
  }, (req) => {
    const { bookingId, reviewResult } = req.body;
    if (!idParam.shape.id.safeParse(bookingId).success) throw badRequest('bookingId is not valid');
    return bookingWrite(pool, callerOf(req), bookingId, BOOKING_WRITES.verifyIdentity, 'VERIFY_IDENTITY', async (l) => {
      const refusal = identityReviewRefusal(l.row.documentKeys, l.row.identityVerified);
      // Reviewed meanwhile (another tab, a colleague): the refusal names who reviewed them.
      if (refusal) throw refusal === BOOKING_REFUSAL_TEXT.documentsReviewed ? await staleRefusal(l, refusal) : refused(409, refusal);
      const accepted = reviewResult === 'ACCEPT';
      const res = await l.client.query(`UPDATE bookings SET identity_verified = $2 WHERE id = $1 AND identity_verified IS NULL`, [l.row.id, accepted]);
      if (res.rowCount !== 1) throw await staleRefusal(l, BOOKING_REFUSAL_TEXT.documentsReviewed);
      await writeHistory(l.client, l.actor, { entityType: 'booking', entityId: l.row.id, action: 'IDENTITY_REVIEW', comment: reviewResult });
      await addLog(l.client, l.actor, l.row.id, 'IDENTITY', accepted ? 'Identity documents approved' : 'Identity documents rejected');
      await documents.changed(l.client, l.row.id); // every instance drops its links on commit
      return { id: l.row.id };
    });
  });

  app.post('/secure/public/document', {
    config: write('members', { licenceBound: true }),
    schema: { tags: ['bookings'], response: { 200: z.object({ id: z.string(), documentType: z.string(), key: z.string() }), ...errors } },
  }, async (req) => {
    const upload = await readUpload(req);
    const actor = actorOf(req);
    let storedKey: string | null = null;
    return bookingWrite(pool, callerOf(req), upload.bookingId, BOOKING_WRITES.uploadDocument, 'UPLOAD_DOCUMENT', async (l) => {
      if (l.row.identityVerified !== null) throw refused(409, BOOKING_REFUSAL_TEXT.documentsReviewed);
      const stored = await storage.put('IDENTITY_DOCUMENTS', upload.body, MIME_OF[upload.kind], upload.kind);
      storedKey = stored.key;
      await linkFile(l.client, { key: stored.key, category: 'IDENTITY_DOCUMENTS', name: upload.name, contentType: MIME_OF[upload.kind],
        size: upload.body.length, uploadedBy: actor.sub, owner: { type: 'BOOKING', id: l.row.id, patientId: l.row.patientId, patientState: null } });
      await l.client.query(
        `UPDATE bookings SET document_keys = document_keys || jsonb_build_object($2::text, $3::text),
           self_check_in_steps = CASE WHEN $4 = ANY(self_check_in_steps) THEN self_check_in_steps ELSE array_append(self_check_in_steps, $4) END
          WHERE id = $1`, [l.row.id, upload.documentType, stored.key, STEP_OF[upload.documentType]]);
      await addLog(l.client, l.actor, l.row.id, 'IDENTITY', `${upload.documentType === 'SELFIE' ? 'Selfie' : 'ID document'} uploaded`);
      await documents.changed(l.client, l.row.id); // every instance drops its links on commit
      return { id: l.row.id, documentType: upload.documentType, key: stored.key };
    }).catch(async (error: unknown) => {
      // The transaction rolled back: the stored object would be an orphan no row points to.
      if (storedKey) await storage.delete(storedKey).catch(() => undefined);
      throw error;
    });
  });
}
