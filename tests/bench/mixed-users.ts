/**
 * The many-users line (`mixed, 50 users`): 50 distinct signed-in users of every role and licence set
 * (mixed-users-walks.ts), each walking its own cycle of pages, filters and sorts (lists, details, dashboard, calendar,
 * messages, patient profile) with one write in ten (booking notes, chart notes, message sends), one connection per
 * user, in a forked load generator. Prints req/s, p95, errors and the response cache's hit ratio over the run, per
 * target (the stack's in-process API, and the production entry with one worker per core, cluster.ts), twice:
 * - paced (the target's line): each user sends RATE_PER_USER requests a second whatever the server does, latency
 *   counted from when each was due. Throughput and latency are then two measurements;
 * - closed loop: each user sends its next request when the last is answered, so the server is always saturated and
 *   the latency is its queue: by Little's law 50 users at X req/s wait 50/X s on average (at 500 req/s, 100 ms), so
 *   this line shows the most the target can answer, and its latency is no target's.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import type { ResponseCacheStats } from '../../src/server/http/response-cache';
import type { Stack } from '../../src/server/launcher/stack';
import { cpuPerRequest, type CpuMark } from './cpu';
import { buildJob } from './load';
import type { UserWalk, WalkJob, WalkSummary } from './mixed-users-child';
import { USERS, users, walk } from './mixed-users-walks';
import { startProfile, stopProfile } from './profile';
import { ms, nearestRank } from './figures';

/** Where the walks are sent: the line's label, the API's URL and its response cache's counters there. */
export interface WalkTarget {
  label: string;
  url: string;
  cacheStats(): ResponseCacheStats | Promise<ResponseCacheStats>;
  /** The CPU the API and PostgreSQL have used so far (cpu.ts), for the line's CPU per request. */
  cpu(): CpuMark;
  /** BENCH_PROFILE=<dir>: a CPU profile of this process's API during the run (the in-process target only). */
  profile?: boolean;
}

export interface ManyUsersDeps {
  /** The API the walks are probed on (what each role is refused is left out of its walk). */
  url: string;
  pool: Pool;
  stack: Stack;
  targets: WalkTarget[];
  line: (s?: string) => void;
  progress: (s: string) => void;
}

const DURATION_S = Number(process.env.BENCH_MIXED_S ?? 60);
/**
 * Long enough for the production entry's first seconds to stay out of the line: its workers close PostgreSQL
 * connections idle for 30 s (db/client.ts) and it waits while the in-process line runs, so its line starts on new
 * connections and caches the other line's writes ended. Measured from a cold start: 550 req/s answered at p95 0.2–2 s
 * for the first 6–8 s, then at the line's usual figures. Each line prints its warm-up's p95 beside it.
 */
const WARMUP_S = 15;
/** 11 a second each: 550 req/s offered, above the 500 the target asks for. */
const RATE_PER_USER = Number(process.env.BENCH_MIXED_RATE ?? 11);

export async function manyUsersLoad({ url, pool, stack, targets, line, progress }: ManyUsersDeps): Promise<void> {
  progress(`many users: creating ${USERS} users and their walks ...`);
  const all = await users(stack);
  const walks: UserWalk[] = [];
  const dropped = new Map<string, number>();
  for (const [n, { a, token }] of all.entries()) {
    const reads: UserWalk['requests'] = [];
    const writes: UserWalk['requests'] = [];
    for (const step of await walk(pool, a, n)) {
      const job = buildJob(url, step, token, { connections: 1, durationS: 1, warmupS: 0 });
      const res = await fetch(job.url, { method: job.method, headers: job.headers, body: job.body });
      await res.arrayBuffer();
      // What the user's role or licences refuse is not on its screens (the portal hides it): left out of its walk.
      if (res.status >= 300) {
        const key = `${a.groups[0]}: ${step.name} ${res.status}`;
        dropped.set(key, (dropped.get(key) ?? 0) + 1);
        continue;
      }
      const u = new URL(job.url);
      (step.write ? writes : reads).push({
        name: step.name,
        write: step.write,
        method: job.method,
        path: u.pathname + u.search,
        headers: job.headers,
        body: job.body,
      });
    }
    // Nine reads to one write (eighteen reads, a write after the ninth and the eighteenth); auditors only read.
    const cycle: UserWalk['requests'] = [];
    for (let i = 0; i < 18 && reads.length; i += 1) {
      cycle.push(reads[i % reads.length]);
      if ((i + 1) % 9 === 0 && writes.length) cycle.push(writes[((i + 1) / 9 - 1) % writes.length]);
    }
    walks.push({ requests: cycle });
  }
  const writes = walks.reduce((s, w) => s + w.requests.filter((r) => r.write).length, 0);
  const total = walks.reduce((s, w) => s + w.requests.length, 0);
  const roles = all.reduce<Record<string, number>>((m, { a }) => ({ ...m, [a.groups[0]]: (m[a.groups[0]] ?? 0) + 1 }), {});
  line(
    `Mixed load, 50 users: ${USERS} signed-in users (${Object.entries(roles)
      .map(([g, c]) => `${c} ${g}`)
      .join(', ')}), ` +
      `one connection each, ${DURATION_S} s after ${WARMUP_S} s of warm-up; each cycling its own ${Math.round(total / USERS)} requests (${((100 * writes) / total).toFixed(0)}% writes)`,
  );
  if (dropped.size)
    line(`  left out of walks (refused to that role or licence set when probed): ${[...dropped].map(([k, v]) => `${k} x${v}`).join(', ')}`);
  // The paced lines (the targets) first, each target's after a paced one: a closed loop leaves PostgreSQL vacuuming the
  // rows its writes replaced, which would slow the start of the line after it.
  for (const rate of [RATE_PER_USER, undefined]) {
    for (const target of targets) {
      const label = rate
        ? `${target.label}, paced at ${rate} req/s each (${rate * USERS} offered)`
        : `${target.label}, closed loop (most it answers)`;
      progress(`many users: ${USERS} users, ${DURATION_S} s, ${label} ...`);
      printLine(label, await runWalks(target, walks, rate), line, rate !== undefined);
    }
  }
}

/** The walks against one target, in a forked load generator; the cache's lookups counted from the end of warm-up. */
async function runWalks(
  target: WalkTarget,
  walks: UserWalk[],
  ratePerUser?: number,
): Promise<{ summary: WalkSummary; cache: ResponseCacheStats; cpu: string; warmupP95: number }> {
  let measuring: Promise<ResponseCacheStats> | null = null;
  let warmupP95 = NaN;
  let cpu0: CpuMark | null = null;
  const summary = await new Promise<WalkSummary>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./mixed-users-child.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (msg: { measuring?: true; warmupP95?: number; ok?: boolean; summary?: WalkSummary; error?: string }) => {
      if (msg.measuring) {
        warmupP95 = msg.warmupP95 ?? NaN;
        cpu0 = target.cpu();
        measuring = Promise.resolve(target.cacheStats()).then((s) => ({ ...s }));
        if (target.profile) void startProfile(); // BENCH_PROFILE=<dir> only
        return;
      }
      child.kill();
      if (msg.ok && msg.summary) resolve(msg.summary);
      else reject(new Error(msg.error));
    });
    child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
    child.send({ origin: new URL(target.url).origin, users: walks, durationS: DURATION_S, warmupS: WARMUP_S, ratePerUser } satisfies WalkJob);
  });
  const cpu = cpu0 ? cpuPerRequest(cpu0, target.cpu(), summary.requests, summary.loadGeneratorCpuMs) : '';
  if (target.profile) {
    const profile = await stopProfile('mixed_50_users');
    if (profile) process.stderr.write(`[bench] ${profile}\n`);
  }
  const after = await target.cacheStats();
  const before = (await measuring) ?? { hits: NaN, misses: NaN, bypassed: NaN };
  return {
    summary,
    cache: { hits: after.hits - before.hits, misses: after.misses - before.misses, bypassed: after.bypassed - before.bypassed },
    cpu,
    warmupP95,
  };
}

function printLine(
  label: string,
  { summary, cache, cpu, warmupP95 }: { summary: WalkSummary; cache: ResponseCacheStats; cpu: string; warmupP95: number },
  line: (s?: string) => void,
  paced: boolean,
) {
  const sorted = Float64Array.from(summary.latencies).sort();
  const pct = (p: number) => nearestRank(sorted, p);
  const non2xx = Object.entries(summary.statusCodes)
    .filter(([c]) => Number(c) >= 300)
    .reduce((s, [, v]) => s + v, 0);
  const errors = non2xx + summary.errors;
  const cacheable = cache.hits + cache.misses + cache.bypassed;
  const rps = summary.requests / summary.wallS;
  line(
    `  ${label}  ${Math.round(rps).toLocaleString('en-US')} req/s, p50 ${ms(pct(50))} p95 ${ms(pct(95))} p99 ${ms(pct(99))} ` +
      `(its ${WARMUP_S} s warm-up before: p95 ${ms(warmupP95)}); ` +
      `[${Object.entries(summary.statusCodes)
        .map(([c, v]) => `${c}: ${v}`)
        .join(', ')}]; errors ${errors}${summary.firstFailure ? ` (first: ${summary.firstFailure})` : ''}; ` +
      `response cache: ${cache.hits} hits / ${cacheable} cacheable requests = ${((100 * cache.hits) / cacheable).toFixed(1)}% hit ratio; ` +
      cpu +
      (paced
        ? `  | target >= 500 req/s, p95 <= 50 ms, 0 errors: ${rps >= 500 && pct(95) <= 50 && errors === 0 ? 'met' : 'MISSED'}`
        : '  | the most it answers (latency is the queue of 50 users)'),
  );
  line(`    where the time goes (share of all request time; count, median): ${timeShares(summary.byName)}`);
}

/** Each step's share of the summed latency, largest first: which pages a lever would help most. */
function timeShares(byName: Record<string, number[]>): string {
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const all = sum(Object.values(byName).map(sum));
  return Object.entries(byName)
    .map(([name, xs]) => ({ name, xs: Float64Array.from(xs).sort(), total: sum(xs) }))
    .sort((a, b) => b.total - a.total)
    .map(({ name, xs, total }) => `${name} ${((100 * total) / all).toFixed(0)}% (${xs.length}, ${ms(xs[Math.floor(xs.length / 2)])})`)
    .join(', ');
}
