import { declaredKind, detectFileKind, MAX_UPLOAD_BYTES, MIME_OF } from '../../domain/files/files';
import type { AppStorage } from '../adapters/object-storage';
import { assertClinicalAccess, assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import type { DataAccess } from '../data/access';
import { ApiError, badRequest, notFound } from '../errors';
import { displayName, headerFileName, PRESIGNED_URL_TTL_SECONDS, READ_CATEGORIES, type Category } from './names';
import { recordOfUpload, type fileRecordQuerySchema } from './records';
import type { z } from 'zod';

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

/** One uploaded file as the multipart body carried it (null: no file part). */
export interface UploadedPart {
  filename: string;
  mimetype: string;
  body: Buffer;
  truncated: boolean;
}

/**
 * An upload: the category's access and its record (in the uploader's scope) first, then the file read from the body
 * (`read`: 400 when the body is not multipart) checked by size, declared type and magic bytes, stored, and linked to
 * its record and patient (a failed link removes the stored object).
 */
export async function upload(
  storage: AppStorage,
  data: DataAccess,
  category: Category,
  q: z.infer<typeof fileRecordQuerySchema>,
  read: () => Promise<UploadedPart | null>,
) {
  assertCategoryAccess(data.actor, category);
  const owner = await data.files.uploadTarget(recordOfUpload(category, q));
  const file = await read();
  if (!file) throw badRequest('no file');
  if (file.truncated || file.body.length > MAX_UPLOAD_BYTES)
    throw new ApiError(413, 'Payload too large', `file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  if (file.body.length === 0) throw badRequest('the file is empty');
  const declared = declaredKind(file.filename, file.mimetype);
  if (!declared) throw badRequest('only pdf, jpg, jpeg and png files are accepted');
  const actual = detectFileKind(file.body.subarray(0, 16));
  if (actual !== declared) throw badRequest('the file content does not match its type');
  const stored = await storage.put(category, file.body, MIME_OF[actual], actual);
  const name = displayName(file.filename, actual);
  await data.files
    .link({ key: stored.key, category, name, contentType: MIME_OF[actual], size: file.body.length }, owner)
    .catch(async (error: unknown) => {
      await storage.delete(stored.key).catch(() => undefined);
      throw error;
    });
  return { url: stored.url, name, size: file.body.length };
}

/** A file to download: readable by the Actor, present in the storage, audited; with the name to send it under. */
export async function download(storage: AppStorage, data: DataAccess, category: Category, file: string) {
  assertCategoryAccess(data.actor, category);
  const key = `${category}/${file}`;
  const { file: meta, owner } = await data.files.readable(key);
  const obj = await storage.get(key);
  if (!obj) throw notFound('no such file');
  await data.files.audited('DOWNLOAD', key, owner);
  return { ...obj, fileName: headerFileName(meta.name) };
}

/** Deletes a file: the uploader its own, a super admin any; never one sent with a message. */
export async function remove(storage: AppStorage, data: DataAccess, category: Category, file: string) {
  assertCategoryAccess(data.actor, category);
  const key = `${category}/${file}`;
  const owner = await data.files.deletable(key);
  await storage.delete(key);
  await data.files.remove(key, owner);
  return { deleted: true };
}

/** A presigned link (PRESIGNED_URL_TTL_SECONDS) to a stored file the Actor may read, named by its storage URL. */
export async function presignedUrl(storage: AppStorage, data: DataAccess, url: string) {
  const key = storage.keyOf(url);
  if (!key) throw badRequest('url is not a stored file');
  const category = key.split('/')[0];
  if (!isReadCategory(category)) throw badRequest('url is not a stored file');
  assertCategoryAccess(data.actor, category);
  const { file: meta, owner } = await data.files.readable(key);
  const link = await storage.presignedGetUrl(key, PRESIGNED_URL_TTL_SECONDS, headerFileName(meta.name), owner.patientId);
  await data.files.audited('PRESIGN', key, owner);
  return { url: link, expiresInSeconds: PRESIGNED_URL_TTL_SECONDS };
}

const isReadCategory = (c: string): c is Category => (READ_CATEGORIES as readonly string[]).includes(c);
