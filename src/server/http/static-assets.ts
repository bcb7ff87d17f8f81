import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';

/** Vite's content-hashed output: a changed file gets a new name, so a cached copy never goes stale. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html (and the other unhashed files) are revalidated on every use, so a release is picked up at once. */
export const REVALIDATE_CACHE = 'no-cache';

/** Responses below this many bytes are sent as they are (compressing them saves nothing worth the CPU). */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli quality and gzip level of responses compressed per request (JSON): the cheapest ones. On loopback the
 * smaller body saves next to nothing, so the compression itself must cost next to nothing: for a page of 200 lab
 * results (78 KB of JSON) quality 1 takes about 0.3 ms and still shrinks it about twelvefold, quality 4 (the plugin's
 * default) about 1.6 ms for 20% less. `npm run bench` prints the on/off comparison.
 */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;
/** What JSON is compressed with, in the server's order of preference (the client's q-values decide first). */
export const COMPRESSION_ENCODINGS = ['br', 'gzip'] as const;

/**
 * JSON up to this size is compressed in one synchronous call (about 0.3 ms for 250 KiB at these levels) instead of
 * through zlib's thread pool, whose hand-offs cost more than the compression itself on a busy 2-core machine.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 1024 * 1024;

/**
 * JSON (and other compressible) responses above 1 KiB, compressed per request with brotli or gzip, whichever the
 * client prefers. Registered before the routes so that every route's replies pass through it. Responses already
 * compressed (the portal's pre-compressed files) are left as they are. Request bodies are not decompressed.
 * (The API authenticates with a bearer header, not cookies, so a cross-site page cannot make the browser send
 * authenticated requests whose compressed sizes it could observe: BREACH-style attacks do not apply.)
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...COMPRESSION_ENCODINGS],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    // JSON and text only (mime-db's compressible types too); never octet-stream downloads, which are often compressed already.
    customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)/u,
    globalDecompression: false,
  });
}

/**
 * The built portal (dist/): each file's brotli and gzip versions, made by the build, are chosen by the request's
 * Accept-Encoding (`Vary: Accept-Encoding`); hashed files under /assets/ are cached for a year as immutable, the rest
 * (index.html, icons) revalidated on every use.
 */
export async function registerPortalStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  const assetsDir = path.join(path.resolve(staticDir), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    index: ['index.html'],
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assetsDir) ? HASHED_ASSET_CACHE : REVALIDATE_CACHE);
    },
  });
}
