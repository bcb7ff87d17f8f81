/**
 * Load generator of the many-users line (mixed-users.ts), in its own process: one keep-alive connection per user,
 * each user sending its own cycle of requests for the run's duration (on the connection it warmed up on), either one
 * after the other (closed loop: as fast as the server answers) or paced (open loop: at its own fixed rate, as people
 * do, whatever the server does). Answers latencies, status counts and its own CPU time over IPC.
 */
import { Pool } from 'undici';
import { nearestRank } from './figures';

export interface UserWalk {
  requests: Array<{ name: string; write?: true; method: string; path: string; headers: Record<string, string>; body?: string }>;
}
export interface WalkJob {
  origin: string;
  users: UserWalk[];
  durationS: number;
  warmupS: number;
  /**
   * Requests per second each user sends (paced); absent: each sends its next request when the last is answered.
   * A paced request's latency counts from when it was due, not from when it could be sent: a server that falls
   * behind shows the wait it caused (no coordinated omission, as wrk2 measures).
   */
  ratePerUser?: number;
}
export interface WalkSummary {
  requests: number;
  wallS: number;
  latencies: number[];
  /** Each step's latencies, by its name in the walk (where the time goes). */
  byName: Record<string, number[]>;
  statusCodes: Record<string, number>;
  errors: number;
  loadGeneratorCpuMs: number;
  firstFailure?: string;
}

async function run(job: WalkJob, pool: Pool, durationS: number): Promise<WalkSummary> {
  const latencies: number[] = [];
  const byName: Record<string, number[]> = {};
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let firstFailure: string | undefined;
  const end = performance.now() + durationS * 1000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const intervalMs = job.ratePerUser ? 1000 / job.ratePerUser : 0;
  await Promise.all(
    job.users.map(async (u, n) => {
      // Paced users start spread over one interval, so their requests do not arrive in bursts of fifty.
      let due = t0 + (intervalMs * n) / job.users.length;
      for (let i = n % u.requests.length; performance.now() < end; i = (i + 1) % u.requests.length) {
        const r = u.requests[i];
        if (intervalMs) {
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          if (due >= end) break;
        }
        const started = intervalMs ? due : performance.now();
        due += intervalMs;
        try {
          const res = await pool.request({ method: r.method as 'GET', path: r.path, headers: r.headers, body: r.body });
          const text = await res.body.text();
          const took = performance.now() - started;
          latencies.push(took);
          (byName[r.name] ??= []).push(took);
          statusCodes[res.statusCode] = (statusCodes[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 300) firstFailure ??= `${r.method} ${r.path} ${res.statusCode} ${text.slice(0, 120)}`;
        } catch (err) {
          errors += 1;
          firstFailure ??= `${r.method} ${r.path}: ${err instanceof Error ? err.message : String(err)}`;
        }
      }
    }),
  );
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    requests: latencies.length + errors,
    wallS,
    latencies,
    byName,
    statusCodes,
    errors,
    loadGeneratorCpuMs: (cpu.user + cpu.system) / 1000,
    firstFailure,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

process.on('disconnect', () => process.exit(0));
process.once('message', (job: WalkJob) => {
  void (async () => {
    try {
      // One pool for warm-up and run: each user keeps its connection, as a browser does, so on the production entry it
      // stays with the worker whose cache its warm-up filled.
      const pool = new Pool(job.origin, { connections: job.users.length, pipelining: 1 });
      const warmup = job.warmupS > 0 ? await run(job, pool, job.warmupS) : undefined;
      // The warm-up's own p95: how the first seconds of this load went (not part of the line's figures).
      process.send?.({ measuring: true, warmupP95: warmup ? nearestRank(Float64Array.from(warmup.latencies).sort(), 95) : NaN });
      process.send?.({ ok: true, summary: await run(job, pool, job.durationS) });
      await pool.close();
    } catch (err) {
      process.send?.({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
