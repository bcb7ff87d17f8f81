/**
 * What the rate limit costs per request: a demo-scale stack, then autocannon on two small endpoints (an anonymous
 * `/config.json`, no query of its own, keyed by address; a signed-in `GET /secure/license/validStates`, keyed by
 * user), with the requests per second, latency and CPU per request of the API process and of PostgreSQL. The limit is
 * set far above the load, so every request takes the limiter's whole path and none is refused.
 * `npx tsx tests/bench/rate-limit-cost.ts` (about a minute; BENCH_DATA_DIR=<dir> keeps the seeded stack for the next run).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack } from '../../src/server/launcher/stack';
import { freePort } from '../../src/server/launcher/ports';
import { passwordSignIn } from '../../src/server/launcher/cognito';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { cpuMark, cpuPerRequest } from './cpu';
import { buildJob, runLoad, type Endpoint } from './load';

const LOAD = { connections: 10, durationS: Number(process.env.BENCH_SECONDS ?? 10), warmupS: 2 };
const ENDPOINTS: Endpoint[] = [{ name: 'GET /config.json (anonymous)', path: '/config.json' }, { path: '/secure/license/validStates' }];

const keep = process.env.BENCH_DATA_DIR;
const dir = keep ?? (await mkdtemp(path.join(tmpdir(), 'rate-limit-cost-')));
const stack = await startStack({
  port: await freePort(),
  cognitoPort: await freePort(),
  dataDir: dir,
  staticDir: null,
  logger: false,
  rateLimitPerMinute: 10_000_000,
});
try {
  const { idToken } = await passwordSignIn(stack.cognito, 'clinician@demo.test', DEMO_PASSWORD);
  const pgDir = path.join(dir, 'postgres');
  for (const ep of ENDPOINTS) {
    const job = buildJob(stack.url, ep, idToken, LOAD);
    let from = cpuMark(pgDir);
    const summary = await runLoad(job, () => {
      from = cpuMark(pgDir);
    });
    const to = cpuMark(pgDir);
    console.log(
      `${ep.name ?? `GET ${ep.path}`}: ${summary.reqPerSecMean.toFixed(0)} req/s, p50 ${summary.p50.toFixed(2)} ms, ` +
        `p99 ${summary.p99.toFixed(2)} ms, non-2xx ${summary.non2xx}; ${cpuPerRequest(from, to, summary.requestsTotal, summary.loadGeneratorCpuMs)}`,
    );
  }
} finally {
  await stack.stop();
  if (!keep) await rm(dir, { recursive: true, force: true });
}
