import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bodyIn, bytesOf, encode, encodingFor, type BodyEncoding } from './response-cache-bodies';

const text = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, status: 'PENDING_RESULTS', state: 'NV' }))));
const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('a kept answer in several encodings', () => {
  it('makes any encoding from the one kept first, and counts the bytes of all', () => {
    const kept = new Map<BodyEncoding, Buffer>([['br', encode('br', text)]]);
    expect(kept.get('br')!.length).toBeLessThan(text.length / 5);
    const plain = bodyIn(kept, 'identity');
    expect(plain).toEqual({ body: text, added: true });
    const gzip = bodyIn(kept, 'gzip');
    expect(gunzipSync(gzip.body)).toEqual(text);
    expect(bodyIn(kept, 'br')).toEqual({ body: kept.get('br'), added: false });
    expect(brotliDecompressSync(bodyIn(new Map([['gzip', gzip.body]]), 'br').body)).toEqual(text);
    kept.set('gzip', gzip.body);
    expect(bytesOf(kept)).toBe(kept.get('br')!.length + gzip.body.length);
  });

  it('takes the encoding the compress plugin would: brotli first, plain below 1 KiB or without accept-encoding', () => {
    expect(encodingFor(req({ 'accept-encoding': 'gzip, deflate, br, zstd' }), text.length)).toBe('br');
    expect(encodingFor(req({ 'accept-encoding': 'gzip' }), text.length)).toBe('gzip');
    expect(encodingFor(req({ 'accept-encoding': 'br' }), 1023)).toBe('identity');
    expect(encodingFor(req({}), text.length)).toBe('identity');
    expect(encodingFor(req({ 'accept-encoding': 'br', 'x-no-compression': '1' }), text.length)).toBe('identity');
  });
});
