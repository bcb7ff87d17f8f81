/**
 * Load generator of the many-users line (mixed-users.ts), in its own process: one keep-alive connection per user,
 * each user sending its own cycle of requests one after the other for the run's duration. Answers latencies,
 * status counts and its own CPU time over IPC.
 */
import { Pool } from 'undici';

export interface UserWalk {
  requests: Array<{ name: string; method: string; path: string; headers: Record<string, string>; body?: string }>;
}
export interface WalkJob {
  origin: string;
  users: UserWalk[];
  durationS: number;
  warmupS: number;
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

async function run(job: WalkJob, durationS: number): Promise<WalkSummary> {
  const pool = new Pool(job.origin, { connections: job.users.length, pipelining: 1 });
  const latencies: number[] = [];
  const byName: Record<string, number[]> = {};
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let firstFailure: string | undefined;
  const end = performance.now() + durationS * 1000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    job.users.map(async (u, n) => {
      for (let i = n % u.requests.length; performance.now() < end; i = (i + 1) % u.requests.length) {
        const r = u.requests[i];
        const started = performance.now();
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
  await pool.close();
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

process.on('disconnect', () => process.exit(0));
process.once('message', (job: WalkJob) => {
  void (async () => {
    try {
      if (job.warmupS > 0) await run(job, job.warmupS);
      process.send?.({ measuring: true });
      process.send?.({ ok: true, summary: await run(job, job.durationS) });
    } catch (err) {
      process.send?.({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
