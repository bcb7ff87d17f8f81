/**
 * Bench section for issue 23: what PostgreSQL's durable settings cost on writes. Two identical stacks at demo scale,
 * started one after the other, one with the durable defaults (what `npm start` and the rest of the bench run with),
 * one with the test suite's non-durable setting (`unsafeNoDurabilityForTests`: fsync, full_page_writes and
 * synchronous_commit off). On each: approve 50 kits (sequential calls of 50 fresh kits) and a mixed write load
 * (the crash test's writes: chart notes, booking notes, lab assignments, booking status changes, from parallel
 * workers). Printed side by side, each line naming the settings PostgreSQL reported. Prints, never asserts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SCALE } from '../../src/server/db/seed/demo';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { passwordSignIn } from '../../src/server/launcher/cognito';
import { freePort } from '../../src/server/launcher/ports';
import { describeDurability } from '../../src/server/launcher/postgres';
import { startStack, type Stack } from '../../src/server/launcher/stack';
import { CrashWorker, prepareFixtures, send, type Acknowledged, type User } from '../api/durability/crash-writes';
import { buildJob } from './load';
import { ms, nearestRank } from './figures';

const APPROVE_CALLS = 4;
const MIXED = { workers: 8, writesPerWorker: 40 };
const EMAIL: Record<User, string> = { clinician: 'clinician@demo.test', superAdmin: 'superadmin@demo.test' };

export interface DurabilityBenchIo {
  line(s?: string): void;
  progress(s: string): void;
  checkInterrupted(): void;
}

interface Figures {
  settings: string;
  approve: number[];
  approveNote?: string;
  mixed: number[];
  mixedWallMs: number;
  refused: number;
  unknown: number;
}

async function approveFiftyKits(stack: Stack, token: string): Promise<{ times: number[]; note?: string }> {
  const { rows } = await stack.pool.query<{ kit_id: string }>(
    `SELECT kit_id FROM kits WHERE status = 'SAMPLE_COLLECTED_PENDING_REVIEW' ORDER BY kit_id LIMIT $1`,
    [APPROVE_CALLS * 50],
  );
  const times: number[] = [];
  for (let b = 0; b + 50 <= rows.length; b += 50) {
    const body = {
      kitIds: rows
        .slice(b, b + 50)
        .map((r) => r.kit_id)
        .join(','),
      comment: 'bench',
    };
    const job = buildJob(stack.url, { path: '/secure/kit/approveLabOrderSamples', method: 'PATCH', body }, token, {
      connections: 1,
      durationS: 1,
      warmupS: 0,
    });
    const t0 = performance.now();
    const res = await fetch(job.url, { method: job.method, headers: job.headers, body: job.body });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`approve answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return { times, note: rows.length < APPROVE_CALLS * 50 ? `only ${rows.length} collected kits in the seed` : undefined };
}

async function mixedWrites(stack: Stack, tokens: Record<User, string>): Promise<Pick<Figures, 'mixed' | 'mixedWallMs' | 'refused' | 'unknown'>> {
  const subs: Record<User, string> = { clinician: stack.cognito.subs[EMAIL.clinician], superAdmin: stack.cognito.subs[EMAIL.superAdmin] };
  const fx = await prepareFixtures(stack.pool, MIXED.workers, subs);
  const acked: Acknowledged = { chartNotes: [], bookingNotes: [], assigns: [], statuses: [] };
  const latencies: number[] = [];
  let refused = 0;
  let unknown = 0;
  const worker = async (w: number) => {
    const me = new CrashWorker(w, fx, acked, stack.pool);
    for (let i = 0; i < MIXED.writesPerWorker; i += 1) {
      if (me.dirty) await me.resync();
      const write = me.next();
      const t0 = performance.now();
      const outcome = await send(stack.url, tokens, write);
      const took = performance.now() - t0;
      if (outcome === 'acked') latencies.push(took);
      else {
        me.dirty = true;
        if (outcome === 'unknown') unknown += 1;
        else refused += 1;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: MIXED.workers }, (_, w) => worker(w)));
  return { mixed: latencies, mixedWallMs: performance.now() - t0, refused, unknown };
}

async function measure(unsafeNoDurabilityForTests: boolean, io: DurabilityBenchIo): Promise<Figures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-durability-'));
  let stack: Stack | null = null;
  try {
    io.progress(`durability: starting a demo-scale stack (${unsafeNoDurabilityForTests ? 'test-only non-durable' : 'durable'} settings) ...`);
    stack = await startStack({
      port: await freePort(),
      cognitoPort: await freePort(),
      dataDir: dir,
      staticDir: null,
      scale: DEMO_SCALE,
      logger: false,
      rateLimitPerMinute: 10_000_000,
      unsafeNoDurabilityForTests,
    });
    const settings = await describeDurability(stack.pool);
    await stack.pool.query('VACUUM (ANALYZE)');
    const tokens: Record<User, string> = {
      clinician: (await passwordSignIn(stack.cognito, EMAIL.clinician, DEMO_PASSWORD)).idToken,
      superAdmin: (await passwordSignIn(stack.cognito, EMAIL.superAdmin, DEMO_PASSWORD)).idToken,
    };
    io.checkInterrupted();
    const staff = (await passwordSignIn(stack.cognito, 'staff@demo.test', DEMO_PASSWORD)).idToken;
    const approve = await approveFiftyKits(stack, staff);
    io.checkInterrupted();
    io.progress('durability: mixed write load ...');
    return { settings, approve: approve.times, approveNote: approve.note, ...(await mixedWrites(stack, tokens)) };
  } finally {
    if (stack) await stack.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs both measurements and prints them side by side. */
export async function benchDurability(io: DurabilityBenchIo): Promise<void> {
  const { line } = io;
  line('');
  line(`Durability: the same writes on two fresh demo-scale stacks, PostgreSQL durable vs the test suite's non-durable setting`);
  line(
    `  approve 50 kits: ${APPROVE_CALLS} sequential PATCH /secure/kit/approveLabOrderSamples calls of 50 fresh kits; ` +
      `mixed writes: ${MIXED.workers} parallel workers x ${MIXED.writesPerWorker} writes (chart notes, booking notes, lab assignments, status changes)`,
  );
  const rows: Array<[string, Figures | string]> = [];
  for (const [label, unsafe] of [
    ['durable defaults (npm start, npm run bench)', false],
    ['test-only non-durable (test suite clusters)', true],
  ] as const) {
    io.checkInterrupted();
    try {
      rows.push([label, await measure(unsafe, io)]);
    } catch (err) {
      io.checkInterrupted();
      rows.push([label, (err instanceof Error ? err.message : String(err)).split('\n')[0]]);
    }
  }
  for (const [label, f] of rows) {
    if (typeof f === 'string') {
      line(`  ${label}: failed: ${f}`);
      continue;
    }
    const a = [...f.approve].sort((x, y) => x - y);
    const m = [...f.mixed].sort((x, y) => x - y);
    line(`  ${label} — ${f.settings}`);
    line(
      `    approve 50 kits: median ${ms(nearestRank(a, 50))}, max ${ms(a.at(-1) ?? NaN)} (${a.length} calls${f.approveNote ? `; ${f.approveNote}` : ''})`,
    );
    line(
      `    mixed writes: ${m.length} acknowledged in ${(f.mixedWallMs / 1000).toFixed(2)} s = ${(m.length / (f.mixedWallMs / 1000)).toFixed(0)} writes/s; ` +
        `p50 ${ms(nearestRank(m, 50))}, p95 ${ms(nearestRank(m, 95))}, p99 ${ms(nearestRank(m, 99))}, max ${ms(m.at(-1) ?? NaN)} (${f.refused} refused, ${f.unknown} unanswered)`,
    );
  }
}
