/**
 * Durable writes under concurrency: N writers, each sending one write after the other for a fixed time, rotating
 * approve one collected kit (staff), a booking status change along PENDING -> CONFIRMED -> CANCELLED (super admin) and
 * a secure message to a patient (clinician), in a forked process (writes-child.ts) as real clients are. Each writer has
 * its own kits and bookings, so writers never refuse each other. Prints writes/s (acknowledged writes over the wall time) and the latency percentiles of acknowledged writes.
 *
 * notifyComparison() runs the same lines with and without the response cache's per-statement triggers (<table>_data_changed:
 * migration 0034's NOTIFY, since 0038 the data generation's counter), dropped and re-created in the bench's database.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import type { MixedDeps } from './mixed';
import { startProfile, stopProfile } from './profile';
import { ADMIN, CLINICIAN, STAFF, STATUS_PATH, type WritersJob, type WritersResult } from './writes-job';
import { ms, nearestRank } from './figures';

/** The mixed line's: the stack's URL, the owner's pool (fixtures, triggers), tokens, and the report's lines. */
export type WriteBenchDeps = MixedDeps;

export interface WriteFigures {
  writers: number;
  acked: number;
  wallMs: number;
  p50: number;
  p95: number;
  p99: number;
  refused: number;
  unknown: number;
  firstRefusal?: string;
  /** The acknowledged writes' latencies, sorted (to merge runs). */
  latencies: number[];
}

const DURATION_S = Number(process.env.BENCH_WRITES_S ?? 10);
/** Enough records per writer for the longest line (a few hundred writes/s per writer at most, over DURATION_S). */
const PER_WRITER = (writers: number) => Math.ceil(Math.max(60, (2000 * DURATION_S) / writers / 3));

async function ids(pool: Pool, sql: string, params: unknown[] = []): Promise<string[]> {
  return (await pool.query(sql, params)).rows.map((r) => String(Object.values(r)[0]));
}

/** Fresh records for one line: collected kits, bookings put back at the start of their path, patients in scope. */
async function fixtures(pool: Pool, writers: number) {
  const n = PER_WRITER(writers) * writers;
  // Kits approved by an earlier line are put back, so every line approves kits in the same state.
  const kits = await ids(
    pool,
    `SELECT kit_id FROM kits WHERE status IN ('SAMPLE_COLLECTED_PENDING_REVIEW', 'SAMPLE_APPROVED_PENDING_SHIPMENT_MANIFEST') ORDER BY kit_id LIMIT $1`,
    [n],
  );
  await pool.query(
    `UPDATE kits SET status = 'SAMPLE_COLLECTED_PENDING_REVIEW' WHERE kit_id = ANY($1) AND status <> 'SAMPLE_COLLECTED_PENDING_REVIEW'`,
    [kits],
  );
  const bookings = await ids(pool, `SELECT id FROM bookings ORDER BY id LIMIT $1`, [n]);
  await pool.query(`UPDATE bookings SET status = $2, start_at = now() - interval '30 minutes', end_at = now() WHERE id = ANY($1)`, [
    bookings,
    STATUS_PATH[0],
  ]);
  const patients = await ids(pool, `SELECT id FROM patients WHERE state = 'NV' ORDER BY id LIMIT 50`);
  await pool.query('CHECKPOINT'); // the fixtures' own writes stay out of the timings
  return { kits, bookings, patients, per: PER_WRITER(writers) };
}

/** One line: `writers` concurrent writers for DURATION_S (`profile`: BENCH_PROFILE's profile of this process's API). */
export async function writeLine(deps: WriteBenchDeps, writers: number, profile = true): Promise<WriteFigures> {
  const fx = await fixtures(deps.pool, writers);
  const tokens: Record<string, string> = {
    [STAFF]: await deps.tokenFor(STAFF),
    [ADMIN]: await deps.tokenFor(ADMIN),
    [CLINICIAN]: await deps.tokenFor(CLINICIAN),
  };
  if (profile) await startProfile(); // BENCH_PROFILE=<dir> only
  const r = await new Promise<WritersResult>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./writes-child.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (msg: { ok: boolean; result?: WritersResult; error?: string }) => {
      child.kill();
      if (msg.ok && msg.result) resolve(msg.result);
      else reject(new Error(msg.error));
    });
    child.once('exit', (code) => reject(new Error(`writers exited (${code})`)));
    child.send({ url: deps.url, writers, durationS: DURATION_S, tokens, fx } satisfies WritersJob);
  });
  const heaviest = profile ? await stopProfile(`writes_${writers}_writers`) : null;
  if (heaviest) process.stderr.write(`${heaviest}\n`);
  return figures(writers, r.latencies, r.wallMs, r.refused, r.unknown, r.firstRefusal);
}

function figures(writers: number, latencies: number[], wallMs: number, refused: number, unknown: number, firstRefusal?: string): WriteFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    writers,
    acked: sorted.length,
    wallMs,
    p50: nearestRank(sorted, 50),
    p95: nearestRank(sorted, 95),
    p99: nearestRank(sorted, 99),
    refused,
    unknown,
    firstRefusal,
    latencies: sorted,
  };
}

/** Two runs of the same line as one: their writes, wall times and refusals added, the percentiles over both. */
const merged = (a: WriteFigures, b: WriteFigures): WriteFigures =>
  figures(
    a.writers,
    [...a.latencies, ...b.latencies],
    a.wallMs + b.wallMs,
    a.refused + b.refused,
    a.unknown + b.unknown,
    a.firstRefusal ?? b.firstRefusal,
  );

export const describeWrites = (f: WriteFigures) =>
  `${f.acked.toLocaleString('en-US')} acknowledged in ${(f.wallMs / 1000).toFixed(1)} s = ${Math.round(f.acked / (f.wallMs / 1000))} writes/s; ` +
  `p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, p99 ${ms(f.p99)} (${f.refused} refused, ${f.unknown} unanswered${f.firstRefusal ? `; first refusal: ${f.firstRefusal}` : ''})`;

/** The response cache's per-statement triggers (<table>_data_changed): to drop and re-create them for the comparison. */
async function dataChangedTriggers(pool: Pool): Promise<Array<{ table: string; name: string; def: string; fn: string }>> {
  const { rows } = await pool.query<{ table: string; name: string; def: string; fn: string }>(
    `SELECT c.relname AS table, t.tgname AS name, pg_get_triggerdef(t.oid) AS def, p.proname AS fn FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid WHERE t.tgname = c.relname || '_data_changed' ORDER BY 1`,
  );
  return rows;
}

/** Writes lines with 1, 10 and 50 writers, with the response cache's triggers and without, side by side. */
export async function notifyComparison(deps: WriteBenchDeps): Promise<void> {
  const { line, progress, pool } = deps;
  const counts = (process.env.BENCH_WRITERS ?? '1,10,50').split(',').map(Number);
  const triggers = await dataChangedTriggers(pool);
  const results = new Map<string, WriteFigures>();
  const fn = [...new Set(triggers.map((t) => t.fn))].join(', ');
  line(
    `Writes (durable), 2 × ${DURATION_S} s per line (with, without, without, with), each writer rotating approve 1 kit, a booking status change and a message send; ` +
      `with the response cache's ${triggers.length} per-statement triggers (${fn}) and without them`,
  );
  // Each writer count runs with, without, without, with (ABBA): whatever drifts over the run (table growth, vacuum,
  // the page cache) weighs on both modes alike, so the difference is the triggers'.
  const setTriggers = async (on: boolean) => {
    const present = new Set((await dataChangedTriggers(pool)).map((t) => t.name));
    for (const t of triggers) {
      if (on && !present.has(t.name)) await pool.query(t.def);
      if (!on && present.has(t.name)) await pool.query(`DROP TRIGGER ${t.name} ON ${t.table}`);
    }
  };
  try {
    for (const n of counts) {
      for (const mode of ['with', 'without', 'without', 'with'] as const) {
        await setTriggers(mode === 'with');
        progress(`writes: ${n} writers, ${mode} the NOTIFY triggers ...`);
        const run = await writeLine(deps, n);
        const before = results.get(`${mode} ${n}`);
        results.set(`${mode} ${n}`, before ? merged(before, run) : run);
      }
    }
  } finally {
    const left = new Set((await dataChangedTriggers(pool)).map((t) => t.name));
    for (const t of triggers) if (!left.has(t.name)) await pool.query(t.def);
  }
  for (const n of counts) {
    const a = results.get(`with ${n}`);
    const b = results.get(`without ${n}`);
    if (!a || !b) continue;
    const rate = (f: WriteFigures) => f.acked / (f.wallMs / 1000);
    line(`  writes, ${n} writer${n > 1 ? 's' : ''}: with the triggers    ${describeWrites(a)}`);
    line(`  writes, ${n} writer${n > 1 ? 's' : ''}: without the triggers ${describeWrites(b)}`);
    line(`    the triggers cost ${(100 * (1 - rate(a) / rate(b))).toFixed(1)}% of write throughput at ${n} writer${n > 1 ? 's' : ''}`);
  }
}

/** The same writers on another API (the production entry's workers, cluster.ts), with the triggers, twice as long as one line. */
export async function writesOn(deps: WriteBenchDeps, label: string): Promise<void> {
  const counts = (process.env.BENCH_WRITERS ?? '1,10,50').split(',').map(Number);
  for (const n of counts) {
    deps.progress(`writes: ${n} writers, ${label} ...`);
    const f = merged(await writeLine(deps, n, false), await writeLine(deps, n, false));
    deps.line(`  writes, ${n} writer${n > 1 ? 's' : ''}, ${label}: ${describeWrites(f)}`);
  }
}
