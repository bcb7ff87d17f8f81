import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { KEY_PATTERN, type ObjectStorage } from './types';

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' };

/**
 * Local object storage: files in a folder under the data directory; presigned URLs are served by the
 * API server at /files/signed/<key>?exp=&sig= with an HMAC over key and expiry.
 */
export function localObjectStorage(opts: { root: string; secret: string; publicBaseUrl: string }): ObjectStorage & {
  verifySignature(key: string, exp: number, sig: string, name?: string): boolean;
} {
  const fileOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid object key');
    return path.join(opts.root, key);
  };
  const sign = (key: string, exp: number, name = '') => createHmac('sha256', opts.secret).update(`${key}\n${exp}\n${name}`).digest('base64url');
  return {
    async put(category, body, contentType, extension) {
      const key = `${category}/${randomUUID()}.${extension}`;
      await mkdir(path.join(opts.root, category), { recursive: true });
      await writeFile(fileOf(key), body, { flag: 'wx' });
      return { key, url: `local://${key}` };
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
    async presignedGetUrl(key, expiresInSeconds, downloadName) {
      fileOf(key);
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const name = downloadName ?? '';
      const q = new URLSearchParams({ exp: String(exp), sig: sign(key, exp, name) });
      if (name) q.set('name', name);
      return `${opts.publicBaseUrl}/files/signed/${key}?${q}`;
    },
    keyOf(url) {
      const key = url.startsWith('local://') ? url.slice('local://'.length) : null;
      return key && KEY_PATTERN.test(key) ? key : null;
    },
    verifySignature(key, exp, sig, name = '') {
      if (!KEY_PATTERN.test(key) || !Number.isFinite(exp) || exp < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(key, exp, name));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
