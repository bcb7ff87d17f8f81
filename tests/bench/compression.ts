/**
 * JSON compression on and off for one list request: the same request asked with `Accept-Encoding: identity`, `gzip`
 * and `br`, interleaved, over keep-alive loopback connections. Latency is request start to the decoded body (the
 * client's decompression included), so compression shows whether it costs more than it saves on loopback.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { nearestRank } from './figures';

export const ENCODINGS = ['identity', 'gzip', 'br'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface EncodingFigures {
  encoding: Encoding;
  /** What the server answered in Content-Encoding ('identity' when none). */
  answered: string;
  wireBytes: number;
  decodedBytes: number;
  p50: number;
  p95: number;
  /** Requests per second with `concurrency` requests in flight. */
  reqPerSec: number;
}

function once(agent: http.Agent, url: URL, headers: Record<string, string>, encoding: Encoding) {
  return new Promise<{ ms: number; wire: number; decoded: number; answered: string }>((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(url, { agent, headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`answered ${res.statusCode}`));
        const wire = Buffer.concat(parts);
        const answered = String(res.headers['content-encoding'] ?? 'identity');
        const body = answered === 'br' ? brotliDecompressSync(wire) : answered === 'gzip' ? gunzipSync(wire) : wire;
        JSON.parse(body.toString('utf8'));
        resolve({ ms: performance.now() - t0, wire: wire.length, decoded: body.length, answered });
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
  { samples = 60, concurrency = 10, seconds = 3 } = {},
): Promise<EncodingFigures[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  try {
    const times = new Map<Encoding, number[]>(ENCODINGS.map((e) => [e, []]));
    const last = new Map<Encoding, Awaited<ReturnType<typeof once>>>();
    for (const e of ENCODINGS) await once(agent, target, headers, e); // warm-up
    for (let i = 0; i < samples; i++) {
      for (const e of ENCODINGS) {
        const r = await once(agent, target, headers, e);
        times.get(e)!.push(r.ms);
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
      const sorted = times.get(e)!.sort((a, b) => a - b);
      const r = last.get(e)!;
      out.push({
        encoding: e,
        answered: r.answered,
        wireBytes: r.wire,
        decodedBytes: r.decoded,
        p50: nearestRank(sorted, 50),
        p95: nearestRank(sorted, 95),
        reqPerSec: done / ((performance.now() - t0) / 1000),
      });
    }
    return out;
  } finally {
    agent.destroy();
  }
}
