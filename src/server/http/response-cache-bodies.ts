import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';
import { BROTLI_QUALITY, COMPRESSION_ENCODINGS, COMPRESSION_THRESHOLD, GZIP_LEVEL } from './static-assets';

/** How a kept answer's bytes are stored and sent: compressed as the compress plugin would, or the plain text. */
export type BodyEncoding = (typeof COMPRESSION_ENCODINGS)[number] | 'identity';

/**
 * A kept answer's bytes in the encodings made so far, the first being the one its first client took. A browser
 * always takes brotli, and a list's JSON shrinks about tenfold, so a kept answer usually costs a tenth of its text
 * and serving it again compresses nothing; another encoding is made from it when a client asks for one.
 */
export type Bodies = ReadonlyMap<BodyEncoding, Buffer>;

/**
 * The encoding this request takes for an answer of `plainBytes`, as the compress plugin chooses it: the plain text
 * below the compression threshold or when the request says `x-no-compression`.
 */
export function encodingFor(req: FastifyRequest, plainBytes: number): BodyEncoding {
  const header = req.headers['accept-encoding'];
  if (!header || plainBytes < COMPRESSION_THRESHOLD || req.headers['x-no-compression'] !== undefined) return 'identity';
  const chosen = negotiate(header.toLowerCase(), [...COMPRESSION_ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

export function encode(encoding: BodyEncoding, plain: Buffer): Buffer {
  if (encoding === 'br')
    return brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
  if (encoding === 'gzip') return gzipSync(plain, { level: GZIP_LEVEL });
  return plain;
}

function decode(encoding: BodyEncoding, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/** The answer in `encoding`, made from one already kept when missing (then `added` says so, for the cache's size). */
export function bodyIn(bodies: Bodies, encoding: BodyEncoding): { body: Buffer; added: boolean } {
  const kept = bodies.get(encoding);
  if (kept) return { body: kept, added: false };
  const [from, stored] = bodies.entries().next().value as [BodyEncoding, Buffer];
  return { body: encode(encoding, decode(from, stored)), added: true };
}

/** Bytes held by an entry's bodies (what the cache's size limit counts). */
export const bytesOf = (bodies: Bodies) => [...bodies.values()].reduce((n, b) => n + b.length, 0);
