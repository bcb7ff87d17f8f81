/**
 * Load generator, run in its own process (forked by load.ts) so that autocannon does not share an event
 * loop with the API server under test. Receives one LoadJob over IPC, answers one LoadSummary.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadSummary } from './load';
import { nearestRank } from './figures';

async function runOnce(job: LoadJob, duration: number, record: boolean): Promise<LoadSummary> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    body: job.body,
    requests: job.requests,
    connections: job.connections,
    duration,
    timeout: 10,
  });
  // 'response' fires once per HTTP response with autocannon's own hrtime-based duration in ms (fractional).
  if (record) instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const cpu0 = process.cpuUsage();
  const r = await instance;
  const cpu = process.cpuUsage(cpu0);
  const sorted = Float64Array.from(latencies).sort();
  return {
    durationS: r.duration,
    requestsTotal: r.requests.total,
    reqPerSecMean: r.requests.average,
    p50: nearestRank(sorted, 50),
    p95: nearestRank(sorted, 95),
    p99: nearestRank(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    latencySamples: sorted.length,
    autocannonP50: r.latency.p50,
    autocannonP99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    loadGeneratorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

// If the parent goes away (killed), do not linger.
process.on('disconnect', () => process.exit(0));

process.once('message', (job: LoadJob) => {
  void (async () => {
    try {
      if (job.warmupS > 0) await runOnce(job, job.warmupS, false);
      process.send?.({ measuring: true });
      const summary = await runOnce(job, job.durationS, true);
      process.send?.({ ok: true, summary });
    } catch (err) {
      process.send?.({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
