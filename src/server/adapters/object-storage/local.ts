import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { KEY_PATTERN, MAX_PART_NUMBER, MIN_PART_BYTES, type ObjectStorage } from './types';

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webm: 'audio/webm',
  json: 'application/json',
};
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/**
 * Local object storage: files in a folder under the data directory; presigned URLs are served by the
 * API server at /files/signed/<key>?exp=&sig= with an HMAC over key and expiry.
 */
export function localObjectStorage(opts: { root: string; secret: string; publicBaseUrl: string }): ObjectStorage & {
  verifySignature(key: string, exp: number, sig: string, name?: string, patientId?: string): boolean;
} {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid object key');
    return path.join(opts.root, key);
  };
  /** A multipart upload's parts wait in .multipart/<uploadId>/<partNumber> until it completes or is aborted. */
  const uploadDir = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new Error('invalid upload id');
    return path.join(opts.root, '.multipart', uploadId);
  };
  const partFile = (uploadId: string, partNumber: number) => {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) throw new Error('invalid part number');
    return path.join(uploadDir(uploadId), String(partNumber));
  };
  const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
  /** The signature covers key, expiry, download name and (when the link carries one) the patient id. */
  const sign = (key: string, exp: number, name = '', patientId = '') =>
    createHmac('sha256', opts.secret)
      .update(`${key}\n${exp}\n${name}${patientId ? `\n${patientId}` : ''}`)
      .digest('base64url');
  /** The upload exists and belongs to this key (an upload id never writes into another object). */
  const assertUpload = async (key: string, uploadId: string) => {
    fileOf(key);
    const owner = await readFile(path.join(uploadDir(uploadId), 'key'), 'utf8').catch(() => null);
    if (owner !== key) throw new Error('NoSuchUpload');
  };
  return {
    async put(category, body, contentType, extension) {
      const key = `${category}/${randomUUID()}.${extension}`;
      await mkdir(path.join(opts.root, category), { recursive: true });
      await writeFile(fileOf(key), body, { flag: 'wx' });
      return { key, url: `local://${key}` };
    },
    async putAt(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return { key, url: `local://${key}` };
    },
    async createMultipartUpload(key) {
      fileOf(key);
      const uploadId = randomUUID();
      await mkdir(uploadDir(uploadId), { recursive: true });
      await writeFile(path.join(uploadDir(uploadId), 'key'), key);
      return uploadId;
    },
    async uploadPart(key, uploadId, partNumber, body) {
      await assertUpload(key, uploadId);
      await writeFile(partFile(uploadId, partNumber), body);
      return etagOf(body);
    },
    async completeMultipartUpload(key, uploadId, parts) {
      await assertUpload(key, uploadId);
      if (parts.length === 0) throw new Error('no parts to complete');
      const bodies: Buffer[] = [];
      for (const [i, part] of parts.entries()) {
        if (i > 0 && part.partNumber <= parts[i - 1].partNumber) throw new Error('parts must be in ascending order');
        const body = await readFile(partFile(uploadId, part.partNumber)).catch(() => null);
        if (!body || etagOf(body) !== part.etag) throw new Error(`part ${part.partNumber} is missing or its ETag differs`);
        if (i < parts.length - 1 && body.length < MIN_PART_BYTES) throw new Error('EntityTooSmall: every part but the last must be at least 5 MiB');
        bodies.push(body);
      }
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const staging = `${file}.${uploadId}.part`;
      await rm(staging, { force: true });
      for (const body of bodies) await appendFile(staging, body);
      await rename(staging, file);
      await rm(uploadDir(uploadId), { recursive: true, force: true });
      return { key, url: `local://${key}` };
    },
    async abortMultipartUpload(key, uploadId) {
      await assertUpload(key, uploadId).catch(() => undefined);
      await rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    async get(key) {
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async presignedGetUrl(key, expiresInSeconds, downloadName, patientId) {
      fileOf(key);
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const name = downloadName ?? '';
      const pid = patientId ?? '';
      const q = new URLSearchParams({ exp: String(exp) });
      if (pid) q.set('pid', pid);
      q.set('sig', sign(key, exp, name, pid));
      if (name) q.set('name', name);
      return `${opts.publicBaseUrl}/files/signed/${key}?${q}`;
    },
    keyOf(url) {
      const key = url.startsWith('local://') ? url.slice('local://'.length) : null;
      return key && KEY_PATTERN.test(key) ? key : null;
    },
    verifySignature(key, exp, sig, name = '', patientId = '') {
      if (!KEY_PATTERN.test(key) || !Number.isFinite(exp) || exp < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, exp, name, patientId));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
