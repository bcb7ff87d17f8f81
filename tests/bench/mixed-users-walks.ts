/**
 * The 50 users of the many-users line (mixed-users.ts) and each one's walk: every role and licence set, created in the
 * identity emulator and the database the way the seed creates the demo sign-ins; each walk is the user's own pages,
 * filters and sorts, with its writes.
 */
import type { Pool } from 'pg';
import { defaultSearchRange } from '../../src/domain/bookings/bookings';
import { insertAccountProfile } from '../../src/server/db/seed/demo';
import { DEMO_LICENCE_EXPIRY, DEMO_PASSWORD, type DemoAccount } from '../../src/server/db/seed/demo-users';
import { passwordSignIn } from '../../src/server/launcher/cognito';
import { provision } from '../../src/server/launcher/cognito-provision';
import type { Stack } from '../../src/server/launcher/stack';
import type { Endpoint } from './load';

export const USERS = 50;
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
export async function users(stack: Stack): Promise<Array<{ a: DemoAccount; token: string }>> {
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

export type Step = Endpoint & { name: string; write?: true };

/**
 * User n's pages, filters and sorts (reads: some are POSTs, as findBookings and the patient search), then its writes
 * (marked `write`), each list rotated by n.
 */
export async function walk(pool: Pool, a: DemoAccount, n: number): Promise<Step[]> {
  const states = a.profile?.licences.map((l) => l.state) ?? [];
  const inStates = states.length ? states : ['NV'];
  const one = async (sql: string, params: unknown[]) => String(Object.values((await pool.query(sql, params)).rows[0] ?? { x: '' })[0]);
  // The n-th patient of the user's states (wrapping round on a small seed; any patient when the seed has none there).
  const patientId = await one(
    `WITH here AS (SELECT id FROM patients WHERE state = ANY($1)), pool AS (SELECT id FROM here UNION ALL SELECT id FROM patients WHERE NOT EXISTS (SELECT 1 FROM here))
     SELECT id FROM pool ORDER BY id OFFSET $2 % (SELECT count(*) FROM pool) LIMIT 1`,
    [inStates, n * 7],
  );
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
  const reads: Step[] = [
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
  const writes: Step[] = [
    {
      name: 'booking note (write)',
      write: true,
      method: 'PATCH',
      path: `/secure/booking/v1/addNotes/${bookingId}`,
      body: { notes: `bench user ${n}` },
    },
    {
      name: 'chart note (write)',
      write: true,
      method: 'POST',
      path: '/secure/chartNote',
      body: { personId: patientId, note: `<p>bench user ${n}</p>`, noteType: 'CLINICIAN_NOTE' },
    },
    {
      name: 'message send (write)',
      write: true,
      method: 'POST',
      path: '/secure/message/patient',
      body: { patientId, base64Message: Buffer.from(`<p>bench user ${n}</p>`).toString('base64'), rawMessage: `bench user ${n}` },
    },
  ];
  return [...reads.slice(n % 4), ...reads.slice(0, n % 4), ...writes.slice(n % 3), ...writes.slice(0, n % 3)];
}
