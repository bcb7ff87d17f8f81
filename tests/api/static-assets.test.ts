import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createPool } from '../../src/server/db/client';
import { COMPRESSION_THRESHOLD, HASHED_ASSET_CACHE } from '../../src/server/http/static-assets';
import { apiHeaders, cloneTemplateDatabase, DEMO, testConfig, tokenFor } from './helpers';

/**
 * The built portal as the server sends it: each file's brotli/gzip twin chosen by Accept-Encoding, hashed assets
 * cached for a year, index.html revalidated; JSON answers above 1 KiB compressed, small ones not.
 * A dist/ folder of its own (what `vite build` writes: file, file.br, file.gz), so the test does not need a build.
 */

const ASSET = '/assets/bootstrap-Ab12Cd34.js';
const assetJs = `export const portal = ${JSON.stringify('x'.repeat(200))};\n`.repeat(40);
const indexHtml = `<!doctype html><html><head><title>Clinician Portal</title><script type="module" src="${ASSET}"></script></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;

let staticDir: string;
let app: FastifyInstance;
let pool: pg.Pool;

function writeWithTwins(file: string, text: string, twins = true) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (!twins) return;
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  writeWithTwins(path.join(staticDir, 'index.html'), indexHtml);
  writeWithTwins(path.join(staticDir, ASSET), assetJs);
  writeWithTwins(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  const { dbName, databaseUrl } = await cloneTemplateDatabase();
  pool = createPool(databaseUrl, 3);
  app = await buildApp({ config: { ...testConfig(databaseUrl, dbName), staticDir }, pool, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('the portal files: pre-compressed twins by content negotiation, cache headers', () => {
  it('a hashed asset: brotli when accepted, else gzip, else the file itself; immutable for a year; Vary: Accept-Encoding', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetJs);
    expect(br.rawPayload.length).toBeLessThan(assetJs.length / 5);
    expect(br.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(HASHED_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');

    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetJs);
    expect(gz.headers['cache-control']).toBe(HASHED_ASSET_CACHE);

    const plain = await get(ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetJs);
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('index.html is never cached without revalidation, at / and as the single-page fallback of a portal route', async () => {
    for (const url of ['/', '/index.html', '/result?filter=%7B%7D']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'"); // helmet's headers still apply
      // the calendar's embedded scheduling widget: only the configured booking site may be framed, never any origin
      expect(res.headers['content-security-policy'], url).toMatch(/(^|;)frame-src https:\/\/book\.example\.com(;|$)/);
    }
    const plain = await get('/', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('an unhashed file without twins is sent as it is and revalidated', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset is a 404, not index.html', async () => {
    const res = await get('/assets/missing-00000000.js', { accept: '*/*', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
  });
});

describe('JSON answers: compressed above 1 KiB, in the encoding the client prefers', () => {
  const listUrl = '/secure/testResult?queryType=ALL&page=1&perPage=50';
  const call = async (url: string, acceptEncoding?: string) => {
    const token = await tokenFor(DEMO.clinician);
    return app.inject({
      method: 'GET',
      url,
      headers: { ...apiHeaders(url, undefined, token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });
  };

  it('a page of lab results: brotli or gzip when accepted (same JSON), plain without Accept-Encoding', async () => {
    const plain = await call(listUrl);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    const br = await call(listUrl, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store'); // the /secure answers' own header is kept
    const brBody = brotliDecompressSync(br.rawPayload);
    expect(br.rawPayload.length).toBeLessThan(brBody.length / 4);
    expect(JSON.parse(brBody.toString())).toEqual(json);

    const gz = await call(listUrl, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);
  });

  it('an answer under 1 KiB is sent as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('a compressed request body is refused, not inflated', async () => {
    const url = '/secure/booking/v1/findBookings';
    const token = await tokenFor(DEMO.clinician);
    const body = JSON.stringify({ searchType: 'TODAY' });
    const res = await app.inject({
      method: 'POST',
      url,
      payload: gzipSync(Buffer.from(body)),
      headers: { ...apiHeaders(url, body, token), 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('security headers on every answer', () => {
  const HELMET_HEADERS = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
  ];

  it('a JSON answer, a refused request, a missing route, a portal file and an invalid body all carry the same headers', async () => {
    const token = await tokenFor(DEMO.clinician);
    const listUrl = '/secure/testResult?queryType=ALL&page=1&perPage=5';
    const answers = {
      json: await app.inject({ method: 'GET', url: listUrl, headers: apiHeaders(listUrl, undefined, token) }),
      unauthenticated: await app.inject({ method: 'GET', url: listUrl }),
      missingRoute: await get('/secure/no-such-route'),
      asset: await get(ASSET),
      invalidBody: await app.inject({
        method: 'PATCH',
        url: '/secure/kit/approveLabOrderSamples',
        headers: apiHeaders('/secure/kit/approveLabOrderSamples', '{}', token),
        payload: '{}',
      }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode]))).toEqual({
      json: 200,
      unauthenticated: 401,
      missingRoute: 404,
      asset: 200,
      invalidBody: 400,
    });
    const first = answers.json.headers;
    for (const [what, res] of Object.entries(answers)) {
      for (const header of HELMET_HEADERS) expect(res.headers[header], `${what}: ${header}`).toBe(first[header]);
    }
    expect(first['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first['x-content-type-options']).toBe('nosniff');
    expect(first['strict-transport-security']).toBeUndefined(); // HSTS only in production mode
  });
});
