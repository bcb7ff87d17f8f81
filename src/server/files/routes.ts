import { read, write } from '../../domain/route-access';
import type { FastifyInstance } from 'fastify';
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
import { attachmentAccess } from '../messages/service';

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

/** Files (spec 1 §7): upload (checked by declared type, magic bytes and size), download, delete, presigned URL. */
export function fileRoutes(app: ZodApp, { pool, storage }: { pool: Pool; storage: AppStorage }) {
  async function storedName(key: string): Promise<{ name: string; uploadedBy: string } | null> {
    const { rows } = await pool.query<{ name: string; uploadedBy: string }>(
      `SELECT original_name AS name, uploaded_by AS "uploadedBy" FROM stored_files WHERE key = $1`, [key]);
    return rows[0] ?? null;
  }

  /**
   * A message attachment is read only by who may open a message it is linked to (or by its uploader before it is
   * sent); anyone else gets 404, as if it did not exist. Answers the patient id for the audit row.
   */
  async function messageAttachmentPatient(actor: Actor, key: string): Promise<string | null> {
    if (!key.startsWith('MESSAGE_ATTACHMENTS/')) return null;
    const access = await attachmentAccess(pool, actor, key);
    if (!access.allowed) throw notFound('no such file');
    return access.patientId;
  }

  app.post('/secure/file/upload/:category', {
    config: write('members'),
    schema: {
      tags: ['files'], params: z.strictObject({ category: z.enum(UPLOAD_CATEGORIES) }),
      response: { 200: z.object({ url: z.string(), name: z.string(), size: z.number().int() }), ...err },
    },
  }, async (req) => {
    const actor = actorOf(req);
    const { category } = req.params as { category: (typeof UPLOAD_CATEGORIES)[number] };
    assertCategoryAccess(actor, category);
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
    await pool.query(
      `INSERT INTO stored_files (key, category, original_name, content_type, size_bytes, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6)`,
      [stored.key, category, name, MIME_OF[actual], body.length, actor.sub],
    );
    await writeAudit(pool, req, { action: 'UPLOAD', entityType: 'file', entityId: stored.key, outcome: 'SUCCESS' });
    return { url: stored.url, name, size: body.length };
  });

  app.get('/secure/file/download/:category/:file', {
    config: read('members', { licenceBound: true }),
    schema: { tags: ['files'], params: fileParams(READ_CATEGORIES) },
  }, async (req, reply) => {
    const actor = actorOf(req);
    const { category, file } = req.params as { category: Category; file: string };
    assertCategoryAccess(actor, category);
    const key = `${category}/${file}`;
    const patientId = await messageAttachmentPatient(actor, key);
    const obj = await storage.get(key);
    if (!obj) throw notFound('no such file');
    const meta = await storedName(key);
    await writeAudit(pool, req, { action: 'DOWNLOAD', entityType: 'file', entityId: key, patientId, outcome: 'SUCCESS' });
    return reply.header('content-type', obj.contentType)
      .header('content-disposition', `attachment; filename="${headerFileName(meta?.name ?? file)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(obj.body);
  });

  app.delete('/secure/file/delete/:category/:file', {
    config: write('members'),
    schema: { tags: ['files'], params: fileParams(UPLOAD_CATEGORIES), response: { 200: z.object({ deleted: z.boolean() }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const { category, file } = req.params as { category: Category; file: string };
    assertCategoryAccess(actor, category);
    const key = `${category}/${file}`;
    const meta = await storedName(key);
    // The uploader deletes its own files; a super admin any file (also those stored by other flows).
    if (meta && meta.uploadedBy !== actor.sub && !actor.permissions.superAdmin) throw forbidden('only the uploader or a super admin may delete this file');
    if (!meta && (!actor.permissions.superAdmin || !(await storage.get(key)))) throw notFound('no such file');
    // A file sent with a message stays with it (the message's record).
    if (category === 'MESSAGE_ATTACHMENTS' && (await pool.query('SELECT 1 FROM message_attachments WHERE file_key = $1', [key])).rowCount) {
      throw new ApiError(409, 'Conflict', 'the file is attached to a sent message');
    }
    await storage.delete(key);
    await pool.query(`DELETE FROM stored_files WHERE key = $1`, [key]);
    await writeAudit(pool, req, { action: 'DELETE', entityType: 'file', entityId: key, outcome: 'SUCCESS' });
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
    const key = storage.keyOf((req.query as { url: string }).url);
    if (!key) throw badRequest('url is not a stored file');
    const category = key.split('/')[0] as Category;
    if (!(READ_CATEGORIES as readonly string[]).includes(category)) throw badRequest('url is not a stored file');
    assertCategoryAccess(actor, category);
    const patientId = await messageAttachmentPatient(actor, key);
    const meta = await storedName(key);
    const url = await storage.presignedGetUrl(key, PRESIGNED_URL_TTL_SECONDS, meta ? headerFileName(meta.name) : undefined);
    await writeAudit(pool, req, { action: 'PRESIGN', entityType: 'file', entityId: key, patientId, outcome: 'SUCCESS' });
    return { url, expiresInSeconds: PRESIGNED_URL_TTL_SECONDS };
  });
}
