import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { read, write } from '../../domain/shared/route-access';
import type { AppStorage } from '../adapters/object-storage';
import { badRequest } from '../errors';
import { errorBody } from '../http/validation';
import { READ_CATEGORIES, UPLOAD_CATEGORIES, type Category } from './names';
import { fileRecordQuerySchema } from './records';
import * as service from './service';

/** The file names and link lifetime other features share (names.ts). */
export { displayName, headerFileName, PRESIGNED_URL_TTL_SECONDS, READ_CATEGORIES, UPLOAD_CATEGORIES } from './names';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };
/** A stored object's file part: the generated <uuid>.<ext>, nothing else (no path, no user-chosen name). */
const fileSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$/, 'file is not valid');
const fileParams = (categories: readonly [Category, ...Category[]]) => z.strictObject({ category: z.enum(categories), file: fileSchema });

/** The one file of a multipart body (400 when the body is not multipart); over the size limit it is truncated. */
async function uploadedPart(req: FastifyRequest): Promise<service.UploadedPart | null> {
  if (!req.isMultipart()) throw badRequest('expected multipart/form-data with one file');
  const file = await req.file();
  if (!file) return null;
  const body = await file.toBuffer(); // over the limit: 413 (FST_REQ_FILE_TOO_LARGE)
  return { filename: file.filename ?? '', mimetype: file.mimetype, body, truncated: file.file.truncated };
}

/**
 * Files (spec 1 §7): upload (checked by declared type, magic bytes and size, and linked to its record and patient),
 * download, delete, presigned URL. Every read goes through the file's record: outside the reader's scope, or for an
 * object no record owns, the file reads as unknown (404); the audit row carries the patient id. HTTP only: the rules
 * in service.ts, the records, scope and audit in repository.ts.
 */
export const fileRoutes: FastifyPluginAsync<{ storage: AppStorage }> = async (plugin, { storage }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/secure/file/upload/:category',
    {
      config: write('members'),
      schema: {
        tags: ['files'],
        params: z.strictObject({ category: z.enum(UPLOAD_CATEGORIES) }),
        querystring: fileRecordQuerySchema,
        response: { 200: z.object({ url: z.string(), name: z.string(), size: z.number().int() }), ...err },
      },
    },
    (req) => service.upload(storage, req.data, req.params.category, req.query, () => uploadedPart(req)),
  );

  app.get(
    '/secure/file/download/:category/:file',
    {
      config: read('members', { licenceBound: true }),
      schema: { tags: ['files'], params: fileParams(READ_CATEGORIES) },
    },
    async (req, reply) => {
      const obj = await service.download(storage, req.data, req.params.category, req.params.file);
      return reply
        .header('content-type', obj.contentType)
        .header('content-disposition', `attachment; filename="${obj.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(obj.body);
    },
  );

  app.delete(
    '/secure/file/delete/:category/:file',
    {
      config: write('members', { licenceBound: true }),
      schema: { tags: ['files'], params: fileParams(UPLOAD_CATEGORIES), response: { 200: z.object({ deleted: z.boolean() }), ...err } },
    },
    (req) => service.remove(storage, req.data, req.params.category, req.params.file),
  );

  app.get(
    '/secure/file/presignedUrl',
    {
      config: read('members', { licenceBound: true }),
      schema: {
        tags: ['files'],
        querystring: z.strictObject({ url: z.string().trim().min(1).max(1000) }),
        response: { 200: z.object({ url: z.string(), expiresInSeconds: z.number().int() }), ...err },
      },
    },
    (req) => service.presignedUrl(storage, req.data, req.query.url),
  );
};
