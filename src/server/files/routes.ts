import { read, write } from '../../domain/route-access';
import type { Pool } from 'pg';
import { z } from 'zod';
import { declaredKind, detectFileKind, MAX_UPLOAD_BYTES, MIME_OF } from '../../domain/files';
import type { AppStorage } from '../adapters/object-storage';
import { writeAudit } from '../audit/audit';
import { assertClinicalAccess, assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { actorOf } from '../auth/secure-plugin';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { fileRecordQuerySchema, linkFile, ownedRecord, readableFile, recordOfUpload } from './records';
import type { MessageRepository } from '../messages/repository';

/** Categories a user may upload to (spec 1 §7, spec 2 identity documents); SAMPLE_LABELS are made by the server. */
export const UPLOAD_CATEGORIES = ['MESSAGE_ATTACHMENTS', 'RESULT_FILES', 'IDENTITY_DOCUMENTS'] as const;
export const READ_CATEGORIES = [...UPLOAD_CATEGORIES, 'SAMPLE_LABELS'] as const;
type Category = (typeof READ_CATEGORIES)[number];

/** Presigned download links live 30 minutes. */
export const PRESIGNED_URL_TTL_SECONDS = 30 * 60;

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };
/** A stored object's file part: the generated <uuid>.<ext>, nothing else (no path, no user-chosen name). */
const fileSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$/, 'file is not valid');
const fileParams = (categories: readonly [Category, ...Category[]]) => z.strictObject({ category: z.enum(categories), file: fileSchema });

/**
 * Who may read or write a category: message attachments any portal role; result files clinical data access;
 * identity documents and sample labels product/order or clinical access. Auditors read; writes are refused to
 * them globally.
 */
function assertCategoryAccess(actor: Actor, category: Category) {
  if (category === 'RESULT_FILES') assertClinicalAccess(actor);
  if (category === 'SAMPLE_LABELS') assertProductOrderAccess(actor);
  if (category === 'IDENTITY_DOCUMENTS' && !actor.permissions.clinicalAccess) assertProductOrderAccess(actor);
}

/** What the user called the file: its last path segment, without control or quote characters, at most 120 characters. */
export function displayName(original: string, ext: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').replace(/^\.+/, '').trim().slice(-120);
  return clean || `file.${ext}`;
}

/** A file name safe inside a quoted Content-Disposition header (ASCII letters, digits, dot, dash, underscore). */
export const headerFileName = (name: string) => name.replace(/[^\w.-]/g, '_').slice(0, 120) || 'file';

/**
 * Files (spec 1 §7): upload (checked by declared type, magic bytes and size, and linked to its record and patient),
 * download, delete, presigned URL. Every read goes through the file's record: outside the reader's scope, or for an
 * object no record owns, the file reads as unknown (404); the audit row carries the patient id.
 */
export function fileRoutes(app: ZodApp, { pool, storage }: { pool: Pool; storage: AppStorage }) {
  /**
   * A message attachment is read only by who may open a message it is linked to (or by its uploader before it is
   * sent); anyone else gets 404, as if it did not exist. Applies on top of the record check.
   */
  async function assertMessageAttachmentReadable(messages: MessageRepository, key: string): Promise<void> {
    if (!key.startsWith('MESSAGE_ATTACHMENTS/')) return;
    const access = await messages.attachmentAccess(key);
    if (!access.allowed) throw notFound('no such file');
  }

  app.post('/secure/file/upload/:category', {
    config: write('members'),
    schema: {
      tags: ['files'], params: z.strictObject({ category: z.enum(UPLOAD_CATEGORIES) }), querystring: fileRecordQuerySchema,
      response: { 200: z.object({ url: z.string(), name: z.string(), size: z.number().int() }), ...err },
    },
  }, async (req) => {
    const actor = actorOf(req);
    const { category } = req.params;
    assertCategoryAccess(actor, category);
    const owner = await ownedRecord(pool, actor, recordOfUpload(category, req.query));
    if (!req.isMultipart()) throw badRequest('expected multipart/form-data with one file');
    const file = await req.file();
    if (!file) throw badRequest('no file');
    const body = await file.toBuffer(); // over the limit: 413 (FST_REQ_FILE_TOO_LARGE)
    if (file.file.truncated || body.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'Payload too large', `file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
    if (body.length === 0) throw badRequest('the file is empty');
    const declared = declaredKind(file.filename ?? '', file.mimetype);
    if (!declared) throw badRequest('only pdf, jpg, jpeg and png files are accepted');
    const actual = detectFileKind(body.subarray(0, 16));
    if (actual !== declared) throw badRequest('the file content does not match its type');
    const stored = await storage.put(category, body, MIME_OF[actual], actual);
    const name = displayName(file.filename ?? '', actual);
    await linkFile(pool, { key: stored.key, category, name, contentType: MIME_OF[actual], size: body.length, uploadedBy: actor.sub, owner })
      .catch(async (error: unknown) => { await storage.delete(stored.key).catch(() => undefined); throw error; });
    await writeAudit(pool, req, { action: 'UPLOAD', entityType: 'file', entityId: stored.key, patientId: owner.patientId, outcome: 'SUCCESS' });
    return { url: stored.url, name, size: body.length };
  });

  app.get('/secure/file/download/:category/:file', {
    config: read('members', { licenceBound: true }),
    schema: { tags: ['files'], params: fileParams(READ_CATEGORIES) },
  }, async (req, reply) => {
    const actor = actorOf(req);
    const { category, file } = req.params;
    assertCategoryAccess(actor, category);
    const key = `${category}/${file}`;
    const { file: meta, owner } = await readableFile(pool, actor, key);
    await assertMessageAttachmentReadable(req.data.messages, key);
    const obj = await storage.get(key);
    if (!obj) throw notFound('no such file');
    await writeAudit(pool, req, { action: 'DOWNLOAD', entityType: 'file', entityId: key, patientId: owner.patientId, outcome: 'SUCCESS' });
    return reply.header('content-type', obj.contentType)
      .header('content-disposition', `attachment; filename="${headerFileName(meta.name)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(obj.body);
  });

  app.delete('/secure/file/delete/:category/:file', {
    config: write('members', { licenceBound: true }),
    schema: { tags: ['files'], params: fileParams(UPLOAD_CATEGORIES), response: { 200: z.object({ deleted: z.boolean() }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const { category, file } = req.params;
    assertCategoryAccess(actor, category);
    const key = `${category}/${file}`;
    const { file: meta, owner } = await readableFile(pool, actor, key);
    // The uploader deletes its own files; a super admin any file.
    if (meta.uploadedBy !== actor.sub && !actor.permissions.superAdmin) throw forbidden('only the uploader or a super admin may delete this file');
    // A file sent with a message stays with it (the message's record).
    if (category === 'MESSAGE_ATTACHMENTS' && (await pool.query('SELECT 1 FROM message_attachments WHERE file_key = $1', [key])).rowCount) {
      throw new ApiError(409, 'Conflict', 'the file is attached to a sent message');
    }
    await storage.delete(key);
    await pool.query(`DELETE FROM stored_files WHERE key = $1`, [key]);
    await writeAudit(pool, req, { action: 'DELETE', entityType: 'file', entityId: key, patientId: owner.patientId, outcome: 'SUCCESS' });
    return { deleted: true };
  });

  app.get('/secure/file/presignedUrl', {
    config: read('members', { licenceBound: true }),
    schema: {
      tags: ['files'], querystring: z.strictObject({ url: z.string().trim().min(1).max(1000) }),
      response: { 200: z.object({ url: z.string(), expiresInSeconds: z.number().int() }), ...err },
    },
  }, async (req) => {
    const actor = actorOf(req);
    const key = storage.keyOf(req.query.url);
    if (!key) throw badRequest('url is not a stored file');
    const category = key.split('/')[0] as Category;
    if (!(READ_CATEGORIES as readonly string[]).includes(category)) throw badRequest('url is not a stored file');
    assertCategoryAccess(actor, category);
    const { file: meta, owner } = await readableFile(pool, actor, key);
    await assertMessageAttachmentReadable(req.data.messages, key);
    const url = await storage.presignedGetUrl(key, PRESIGNED_URL_TTL_SECONDS, headerFileName(meta.name), owner.patientId);
    await writeAudit(pool, req, { action: 'PRESIGN', entityType: 'file', entityId: key, patientId: owner.patientId, outcome: 'SUCCESS' });
    return { url, expiresInSeconds: PRESIGNED_URL_TTL_SECONDS };
  });
}
