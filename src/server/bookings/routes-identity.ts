import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BOOKING_FIELD_TEXT } from '../../domain/i18n/en/booking-detail';
import { IDENTITY_FILE_MISSING_TEXT, UPLOAD_DOCUMENT_TYPES } from '../../domain/booking-detail/booking-identity';
import { verifyIdentitySchema } from '../../domain/booking-detail/booking-requests';
import { declaredKind, detectFileKind, MAX_UPLOAD_BYTES } from '../../domain/files/files';
import { read, write } from '../../domain/shared/route-access';
import type { AppStorage } from '../adapters/object-storage';
import { ApiError, badRequest, invalidField } from '../errors';
import { displayName } from '../files/routes';
import { issuesFailure, type ZodApp } from '../http/validation';
import type { DocumentsCache } from './documents-cache';
import { documentsSchema, errors, idParam, okSchema } from './schemas';
import { identityDocuments } from './service-detail';
import { uploadDocument, verifyIdentity, type DocumentUpload } from './service-records';

const BASE = '/secure/booking/v1';
const tags = ['bookings'];
const uploadFieldsSchema = z.strictObject({
  bookingId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'bookingId is not valid'),
  documentType: z.enum(UPLOAD_DOCUMENT_TYPES),
  fileUseCaseType: z.literal('BOOKING_SELF_CHECK_IN'),
});

/** The multipart upload: its fields and one file, checked by declared type, magic bytes and size (the files rules). */
async function readUpload(req: FastifyRequest): Promise<DocumentUpload> {
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
  if (!file) throw badRequest(IDENTITY_FILE_MISSING_TEXT[parsed.data.documentType]);
  if (file.body.length === 0) throw badRequest('the file is empty');
  const declared = declaredKind(file.name, file.mime);
  if (!declared) throw badRequest(BOOKING_FIELD_TEXT.fileType);
  if (detectFileKind(file.body.subarray(0, 16)) !== declared) throw badRequest('the file content does not match its type');
  return {
    bookingId: parsed.data.bookingId,
    documentType: parsed.data.documentType,
    kind: declared,
    body: file.body,
    name: displayName(file.name, declared),
  };
}

/** Identity documents of self check-in (spec 2 §4, §7): presigned URLs, upload, accept / reject once. */
export function bookingIdentityRoutes(app: ZodApp, deps: { storage: AppStorage; documents: DocumentsCache }) {
  app.get(
    `${BASE}/:id/documents`,
    {
      config: read(['clinicians', 'super_admin', 'staff', 'auditor_read_only'], { licenceBound: true }),
      schema: { tags, params: idParam, response: { 200: documentsSchema, ...errors } },
    },
    (req) => identityDocuments(req.data, req.params.id, deps),
  );

  app.patch(
    `${BASE}/selfCheckIn/verifyIdentity`,
    {
      config: write('members', { licenceBound: true }),
      schema: { tags, body: verifyIdentitySchema, response: { 200: okSchema, ...errors } },
    },
    (req) => verifyIdentity(req.data, req.body),
  );

  app.post(
    '/secure/public/document',
    {
      config: write('members', { licenceBound: true }),
      schema: { tags, response: { 200: z.object({ id: z.string(), documentType: z.string(), key: z.string() }), ...errors } },
    },
    async (req) => uploadDocument(req.data, await readUpload(req), deps.storage),
  );
}
