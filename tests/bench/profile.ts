/**
 * BENCH_PROFILE=<dir>: a V8 CPU profile of this process (the API server) per load-tested endpoint, taken over the
 * measured part of its load (after the warm-up), written as <dir>/<endpoint>.cpuprofile (open in Chrome DevTools),
 * and its ten heaviest functions by self time printed to stderr. Off by default: the profiler costs some CPU itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  startTime: number;
  endTime: number;
}

const dir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
let session: Session | null = null;

export async function startProfile(): Promise<void> {
  if (!dir) return;
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
  }
  await session.post('Profiler.start');
}

/** Stops the profile, writes it and answers a one-line summary of the heaviest functions (or '' when off). */
export async function stopProfile(name: string): Promise<string> {
  if (!dir || !session) return '';
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name.replace(/[^A-Za-z0-9]+/g, '_')}.cpuprofile`), JSON.stringify(profile));
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    total += hits;
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${path.basename(f.url || '')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + hits);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => `    ${((100 * v) / Math.max(total, 1)).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
}
