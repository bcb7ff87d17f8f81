/**
 * The many-users line (`mixed, 50 users`): 50 distinct signed-in users of every role and licence set, created in
 * the identity emulator and the database the way the seed creates the demo sign-ins, each walking its own cycle of
 * pages, filters and sorts (lists, details, dashboard, calendar, messages, patient profile) with one write in ten
 * (booking notes, chart notes, message sends), one connection per user, in a forked load generator. Prints req/s,
 * p95, errors and the response cache's hit ratio over the run.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { defaultSearchRange } from '../../src/domain/bookings/bookings';
import { insertAccountProfile } from '../../src/server/db/seed/demo';
import { DEMO_LICENCE_EXPIRY, DEMO_PASSWORD, type DemoAccount } from '../../src/server/db/seed/demo-users';
import { passwordSignIn } from '../../src/server/launcher/cognito';
import { provision } from '../../src/server/launcher/cognito-provision';
import type { Stack } from '../../src/server/launcher/stack';
import { buildJob, type Endpoint } from './load';
import { startProfile, stopProfile } from './profile';
import type { UserWalk, WalkJob, WalkSummary } from './mixed-users-child';

export interface ManyUsersDeps {
  url: string;
  pool: Pool;
  stack: Stack;
  line: (s?: string) => void;
  progress: (s: string) => void;
}

const USERS = 50;
const DURATION_S = Number(process.env.BENCH_MIXED_S ?? 60);
const DAY_MS = 86_400_000;
const STATE_SETS = [
  ['NV', 'CA'],
  ['CO'],
  ['NY', 'TX'],
  ['NV', 'CO', 'CA', 'NY'],
  ['FL', 'GA', 'IL'],
  ['WA', 'OR'],
  ['AZ', 'UT', 'NM'],
  [],
  ['MA', 'PA'],
  ['CA'],
];
const ZONES = ['America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York'];
/** Role of user n: half clinicians, the rest super admins, staff, auditors and operation support. */
const GROUPS = (n: number) => (n < 25 ? 'clinicians' : ['super_admin', 'staff', 'auditor_read_only', 'operation_support'][n % 4]);

function account(n: number): DemoAccount {
  const group = GROUPS(n);
  const states = STATE_SETS[n % STATE_SETS.length];
  const withProfile = group === 'clinicians' || group === 'super_admin';
  return {
    email: `bench.user${n}@bench.test`,
    givenName: `Bench${n}`,
    familyName: `User${n}`,
    groups: [group],
    note: 'bench',
    profile: withProfile
      ? {
          status: 'ACTIVE',
          state: states[0] ?? 'NV',
          timezone: ZONES[n % ZONES.length],
          calendarLink: `https://cal.example.com/bench-${n}`,
          licences: states.map((state, i) => ({
            state,
            licenseId: `${state}-BN-${String(n * 10 + i).padStart(6, '0')}`,
            expirationDate: DEMO_LICENCE_EXPIRY,
            goodStanding: true,
          })),
        }
      : undefined,
  };
}

/** The 50 users (created once per database; a kept BENCH_DATA_DIR keeps them) and their id tokens. */
async function users(stack: Stack): Promise<Array<{ a: DemoAccount; token: string }>> {
  const accounts = Array.from({ length: USERS }, (_, n) => account(n));
  const { subs } = await provision(
    stack.cognito.endpoint,
    [],
    accounts.map((a) => ({ email: a.email, password: DEMO_PASSWORD, givenName: a.givenName, familyName: a.familyName, groups: a.groups })),
  );
  for (const a of accounts) {
    const exists = await stack.pool.query('SELECT 1 FROM clinicians WHERE id = $1', [subs[a.email]]);
    if (exists.rowCount === 0) await insertAccountProfile(stack.pool, subs[a.email], a);
  }
  const tokens = await Promise.all(accounts.map(async (a) => (await passwordSignIn(stack.cognito, a.email, DEMO_PASSWORD)).idToken));
  return accounts.map((a, i) => ({ a, token: tokens[i] }));
}

const pick = <T>(xs: T[], n: number) => xs[n % xs.length];
const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

/** User n's cycle: eighteen reads of its own pages, filters and sorts, and two writes. */
async function walk(pool: Pool, a: DemoAccount, n: number): Promise<Array<Endpoint & { name: string }>> {
  const states = a.profile?.licences.map((l) => l.state) ?? [];
  const inStates = states.length ? states : ['NV'];
  const one = async (sql: string, params: unknown[]) => String(Object.values((await pool.query(sql, params)).rows[0] ?? { x: '' })[0]);
  const patientId = await one(`SELECT id FROM patients WHERE state = ANY($1) ORDER BY id OFFSET $2 LIMIT 1`, [inStates, n * 7]);
  const kitId = await one(`SELECT kit_id FROM kits WHERE patient_id = $1 ORDER BY kit_id LIMIT 1`, [patientId]);
  const bookingId = await one(
    `SELECT id FROM bookings WHERE patient_id IN (SELECT id FROM patients WHERE state = ANY($1)) ORDER BY start_at DESC OFFSET $2 LIMIT 1`,
    [inStates, n],
  );
  const messageId = await one(
    `SELECT m.id FROM messages m JOIN patients p ON p.id = m.patient_id WHERE p.state = ANY($1) AND m.from_actor_type = 'P' AND m.to_clinician_id IS NULL ORDER BY m.created_at DESC OFFSET $2 LIMIT 1`,
    [inStates, n],
  );
  const sorts = ['createDateTime', 'kitId', 'status', 'patientName', 'patientState', 'productName'];
  const order = n % 2 ? 'ASC' : 'DESC';
  const page = 1 + (n % 3);
  const week = Date.now() + ((n % 3) - 1) * 7 * DAY_MS;
  const day = new Date(Date.now() + ((n % 5) - 2) * DAY_MS).toISOString().slice(0, 10);
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const reads: Array<Endpoint & { name: string }> = [
    {
      name: 'lab results',
      path: `/secure/testResult?queryType=${pick(['ALL', 'ASSIGNED', 'UNASSIGNED'], n)}&myStates=${n % 2 ? 'true' : 'false'}&page=${page}&perPage=50&sort=${pick(sorts, n)}&order=${order}`,
      headers: browser,
    },
    {
      name: 'lab requests',
      path: `/secure/labRequest?queryType=ALL&page=${page}&perPage=50&sort=${pick(sorts, n + 1)}&order=${order}`,
      headers: browser,
    },
    {
      name: 'kits by status',
      path: `/secure/kit/status/${pick(['SAMPLE_COLLECTED_PENDING_REVIEW', 'PENDING_RESULTS', 'REGISTERED', 'SHIPPED'], n)}?careLocation=${pick(['ALL', 'DENVER_CAREHUB_01', 'CHARLESTON_NV_89104'], n)}&page=1&perPage=50`,
      headers: browser,
    },
    { name: 'kit detail', path: `/secure/kit/${kitId}` },
    { name: 'dashboard', path: `/secure/dashboard/summary?stateMode=${n % 2 ? 'MY' : 'ALL'}&careLocation=ALL`, headers: browser },
    {
      name: 'calendar week',
      path: `/secure/booking/v1/bookings?from=${iso(week - 3 * DAY_MS)}&to=${iso(week + 4 * DAY_MS)}&view=events`,
      headers: browser,
    },
    {
      name: 'findBookings',
      method: 'POST',
      path: '/secure/booking/v1/findBookings',
      headers: browser,
      body: { searchType: 'DATE_RANGE', ...defaultSearchRange(day), perPage: 100 },
    },
    { name: 'booking detail', path: `/secure/booking/v1/get/${bookingId}` },
    {
      name: 'message inbox',
      path: `/secure/message?page=1&perPage=100&myStates=${n % 2 ? 'true' : 'false'}&unanswered=${n % 3 ? 'false' : 'true'}`,
      headers: browser,
    },
    { name: 'new-message count', path: '/secure/message/new/count' },
    { name: 'message detail', path: `/secure/message/${messageId}` },
    { name: 'patient profile', path: `/secure/patient/detailsBySubId/${patientId}` },
    { name: 'patient bookings', path: `/secure/patient/bookings?patientId=${patientId}&page=1&perPage=10` },
    { name: 'patient kits', path: `/secure/patient/kits?patientId=${patientId}&page=1&perPage=10` },
    { name: 'order report', path: `/secure/report/orders?page=${page}&perPage=50`, headers: browser },
    {
      name: 'patient search',
      method: 'POST',
      path: '/secure/patient/search',
      body: { type: 'patient_name', term: pick(['smith', 'garcia', 'lee', 'brown'], n) },
    },
  ];
  const writes: Array<Endpoint & { name: string }> = [
    { name: 'booking note (write)', method: 'PATCH', path: `/secure/booking/v1/addNotes/${bookingId}`, body: { notes: `bench user ${n}` } },
    {
      name: 'chart note (write)',
      method: 'POST',
      path: '/secure/chartNote',
      body: { personId: patientId, note: `<p>bench user ${n}</p>`, noteType: 'CLINICIAN_NOTE' },
    },
    {
      name: 'message send (write)',
      method: 'POST',
      path: '/secure/message/patient',
      body: { patientId, base64Message: Buffer.from(`<p>bench user ${n}</p>`).toString('base64'), rawMessage: `bench user ${n}` },
    },
  ];
  return [...reads.slice(n % 4), ...reads.slice(0, n % 4), ...writes.slice(n % 3), ...writes.slice(0, n % 3)];
}

export async function manyUsersLoad({ url, pool, stack, line, progress }: ManyUsersDeps): Promise<void> {
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
      (step.method && step.method !== 'GET' ? writes : reads).push({
        name: step.name,
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
  const stats = stack.app?.responseCacheStats;
  const before = stats ? { ...stats } : null;
  progress(`many users: ${USERS} users, ${DURATION_S} s ...`);
  const summary = await new Promise<WalkSummary>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./mixed-users-child.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let measuring: typeof before = null;
    child.on('message', (msg: { measuring?: true; ok?: boolean; summary?: WalkSummary; error?: string }) => {
      if (msg.measuring) {
        measuring = stats ? { ...stats } : null;
        void startProfile(); // BENCH_PROFILE=<dir> only
        return;
      }
      if (measuring && before) Object.assign(before, measuring);
      child.kill();
      if (msg.ok && msg.summary) resolve(msg.summary);
      else reject(new Error(msg.error));
    });
    child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
    child.send({ origin: new URL(url).origin, users: walks, durationS: DURATION_S, warmupS: 5 } satisfies WalkJob);
  });
  const profile = await stopProfile('mixed_50_users');
  if (profile) progress(profile);
  const sorted = Float64Array.from(summary.latencies).sort();
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  const non2xx = Object.entries(summary.statusCodes)
    .filter(([c]) => Number(c) >= 300)
    .reduce((s, [, v]) => s + v, 0);
  const errors = non2xx + summary.errors;
  const writes = walks.reduce((s, w) => s + w.requests.filter((r) => r.method !== 'GET').length, 0);
  const total = walks.reduce((s, w) => s + w.requests.length, 0);
  const hits = stats && before ? stats.hits - before.hits : NaN;
  const computed = stats && before ? stats.misses + stats.bypassed - before.misses - before.bypassed : NaN;
  line(
    `Mixed load, 50 users: ${USERS} signed-in users (${Object.entries(
      all.reduce<Record<string, number>>((m, { a }) => ({ ...m, [a.groups[0]]: (m[a.groups[0]] ?? 0) + 1 }), {}),
    )
      .map(([g, c]) => `${c} ${g}`)
      .join(', ')}), ` +
      `one connection each, ${DURATION_S} s after 5 s of warm-up; each cycling its own ${Math.round(total / USERS)} requests (${((100 * writes) / total).toFixed(0)}% writes)`,
  );
  if (dropped.size)
    line(`  left out of walks (refused to that role or licence set when probed): ${[...dropped].map(([k, v]) => `${k} x${v}`).join(', ')}`);
  const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
  const rps = summary.requests / summary.wallS;
  line(
    `  mixed, 50 users  ${Math.round(rps).toLocaleString('en-US')} req/s, p50 ${ms(pct(50))} p95 ${ms(pct(95))} p99 ${ms(pct(99))}; ` +
      `[${Object.entries(summary.statusCodes)
        .map(([c, v]) => `${c}: ${v}`)
        .join(', ')}]; errors ${errors}${summary.firstFailure ? ` (first: ${summary.firstFailure})` : ''}; ` +
      `response cache: ${hits} hits / ${hits + computed} cacheable requests = ${((100 * hits) / (hits + computed)).toFixed(1)}% hit ratio; ` +
      `load generator cpu ${(summary.loadGeneratorCpuMs / summary.requests).toFixed(2)} ms/request` +
      `  | target >= 500 req/s, p95 <= 50 ms, 0 errors: ${rps >= 500 && pct(95) <= 50 && errors === 0 ? 'met' : 'MISSED'}`,
  );
  line(`  where the time goes (share of all request time; count, median): ${timeShares(summary.byName, ms)}`);
}

/** Each step's share of the summed latency, largest first: which pages a lever would help most. */
function timeShares(byName: Record<string, number[]>, ms: (x: number) => string): string {
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const all = sum(Object.values(byName).map(sum));
  return Object.entries(byName)
    .map(([name, xs]) => ({ name, xs: Float64Array.from(xs).sort(), total: sum(xs) }))
    .sort((a, b) => b.total - a.total)
    .map(({ name, xs, total }) => `${name} ${((100 * total) / all).toFixed(0)}% (${xs.length}, ${ms(xs[Math.floor(xs.length / 2)])})`)
    .join(', ');
}
