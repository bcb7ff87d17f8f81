/**
 * JSON compression on and off for one list request: the same request asked with `Accept-Encoding: identity`, `gzip`
 * and `br`, interleaved, over keep-alive loopback connections. Two latencies per request: request start to the last
 * byte received (what compressing costs the server and saves on the wire), and request start to the decoded body
 * (the client's decompression and JSON.parse added). The target is on the first: on loopback the wire costs almost
 * nothing, so the decoded latency of a compressed answer is always the plain one plus the client's decompression
 * (tens of microseconds for a page of 50), which the bench prints beside it.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { nearestRank } from './figures';

export const ENCODINGS = ['identity', 'gzip', 'br'] as const;
/** Sequential requests per encoding: the p50s differ by tens of microseconds on loopback. */
export const COMPRESSION_SAMPLES = 500;
export type Encoding = (typeof ENCODINGS)[number];

export interface EncodingFigures {
  encoding: Encoding;
  /** What the server answered in Content-Encoding ('identity' when none). */
  answered: string;
  wireBytes: number;
  decodedBytes: number;
  /** Request start to the last byte received. */
  p50: number;
  p95: number;
  /** Request start to the decoded, parsed body. */
  decodedP50: number;
  /** The client's decompression alone (0 for a plain answer). */
  decompressP50: number;
  /** Requests per second with `concurrency` requests in flight. */
  reqPerSec: number;
}

function once(agent: http.Agent, url: URL, headers: Record<string, string>, encoding: Encoding) {
  return new Promise<{ ms: number; decodedMs: number; decompressMs: number; wire: number; decoded: number; answered: string }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { agent, headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`answered ${res.statusCode}`));
        const received = performance.now();
        const wire = Buffer.concat(parts);
        const answered = String(res.headers['content-encoding'] ?? 'identity');
        const body = answered === 'br' ? brotliDecompressSync(wire) : answered === 'gzip' ? gunzipSync(wire) : wire;
        const decompressed = performance.now();
        JSON.parse(body.toString('utf8'));
        const parsed = performance.now();
        resolve({
          ms: received - t0,
          decodedMs: parsed - t0,
          decompressMs: answered === 'identity' ? 0 : decompressed - received,
          wire: wire.length,
          decoded: body.length,
          answered,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `samples` sequential requests per encoding (interleaved), then `concurrency` in flight for `seconds` each. */
export async function compareCompression(
  url: string,
  headers: Record<string, string>,
  { samples = COMPRESSION_SAMPLES, concurrency = 10, seconds = 3 } = {},
): Promise<EncodingFigures[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  try {
    const times = new Map<Encoding, Awaited<ReturnType<typeof once>>[]>(ENCODINGS.map((e) => [e, []]));
    const last = new Map<Encoding, Awaited<ReturnType<typeof once>>>();
    for (const e of ENCODINGS) await once(agent, target, headers, e); // warm-up
    for (let i = 0; i < samples; i++) {
      for (const e of ENCODINGS) {
        const r = await once(agent, target, headers, e);
        times.get(e)!.push(r);
        last.set(e, r);
      }
    }
    const out: EncodingFigures[] = [];
    for (const e of ENCODINGS) {
      let done = 0;
      const until = performance.now() + seconds * 1000;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < until) {
            await once(agent, target, headers, e);
            done++;
          }
        }),
      );
      const samplesOf = times.get(e)!;
      const sorted = (pick: (r: Awaited<ReturnType<typeof once>>) => number) => samplesOf.map(pick).sort((a, b) => a - b);
      const wireMs = sorted((r) => r.ms);
      const r = last.get(e)!;
      out.push({
        encoding: e,
        answered: r.answered,
        wireBytes: r.wire,
        decodedBytes: r.decoded,
        p50: nearestRank(wireMs, 50),
        p95: nearestRank(wireMs, 95),
        decodedP50: nearestRank(
          sorted((x) => x.decodedMs),
          50,
        ),
        decompressP50: nearestRank(
          sorted((x) => x.decompressMs),
          50,
        ),
        reqPerSec: done / ((performance.now() - t0) / 1000),
      });
    }
    return out;
  } finally {
    agent.destroy();
  }
}
