/**
 * The API lines of issue 14's table (what is load-tested, with its target) and the EXPLAINs of the queries behind
 * them (one per index or counter change of migrations 0017 and 0025). run.ts prints them in one run.
 */
import { accessLogQuerySchema } from '../../src/domain/access-log/access-log';
import { defaultSearchRange } from '../../src/domain/bookings/bookings';
import { accessLogPageQuery } from '../../src/server/access-log/repository';
import { calendarEventsSql, startRangeCount } from '../../src/server/bookings/repository-sql';
import type { Endpoint } from './load';
import type { ExplainQuery } from './sql';

export interface Target {
  p95Ms: number;
  rps: number;
}
export type TargetedEndpoint = Endpoint & { target?: Target };

const DAY_MS = 86_400_000;
const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
const LIST: Target = { p95Ms: 20, rps: 1000 };

const LAB_RESULTS: TargetedEndpoint = {
  name: 'lab results ALL, page of 50',
  path: '/secure/testResult?queryType=ALL&page=1&perPage=50',
  target: LIST,
};
const KITS_BY_STATUS: TargetedEndpoint = {
  name: 'kits by status page of 50',
  path: '/secure/kit/status/SAMPLE_COLLECTED_PENDING_REVIEW?careLocation=DENVER_CAREHUB_01&page=1&perPage=50',
  target: LIST,
};
const DASHBOARD_MY_STATES: TargetedEndpoint = {
  name: 'dashboard summary My States',
  path: '/secure/dashboard/summary?stateMode=MY&careLocation=ALL',
  target: { p95Ms: 50, rps: 200 },
};
const FIND_BOOKINGS: TargetedEndpoint = {
  name: 'findBookings date range, page of 100',
  method: 'POST',
  path: '/secure/booking/v1/findBookings',
  body: { searchType: 'DATE_RANGE', ...defaultSearchRange(new Date().toISOString().slice(0, 10)), perPage: 100 },
  target: { p95Ms: 30, rps: 400 },
};
const CALENDAR_WEEK: TargetedEndpoint = {
  name: 'calendar week range (view=events)',
  path: `/secure/booking/v1/bookings?from=${iso(Date.now() - 3 * DAY_MS)}&to=${iso(Date.now() + 4 * DAY_MS)}&view=events`,
};
/** The same request computed afresh every time (Cache-Control: no-cache): what an answer costs that the response cache
 * (src/server/http/response-cache.ts) does not hold, as most requests of many users are (issue 41's targets). */
const computed = (ep: TargetedEndpoint, target: Target): TargetedEndpoint => ({
  ...ep,
  name: `${ep.name}, computed (no-cache)`,
  headers: { 'cache-control': 'no-cache' },
  target,
});
const COMPUTED_LIST: Target = { p95Ms: 25, rps: 600 };

/** The same request with the Accept-Encoding Chromium sends (the portal's own requests): the cached compressed answer.
 * No target, except for the calendar (below). */
const asBrowser = (ep: TargetedEndpoint): TargetedEndpoint => ({
  ...ep,
  name: `${ep.name}, as the browser asks (br)`,
  headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  target: undefined,
});

export const API_ENDPOINTS: TargetedEndpoint[] = [
  LAB_RESULTS,
  computed(LAB_RESULTS, COMPUTED_LIST),
  { name: 'lab results My States, page of 50', path: '/secure/testResult?queryType=ALL&myStates=true&page=1&perPage=50', target: LIST },
  KITS_BY_STATUS,
  computed(KITS_BY_STATUS, COMPUTED_LIST),
  { name: 'order report page of 50', path: '/secure/report/orders?page=1&perPage=50', as: 'staff@demo.test', target: LIST },
  DASHBOARD_MY_STATES,
  computed(DASHBOARD_MY_STATES, { p95Ms: 50, rps: 300 }),
  {
    name: 'dashboard summary All States, Denver',
    path: '/secure/dashboard/summary?stateMode=ALL&careLocation=DENVER_CAREHUB_01',
    target: { p95Ms: 50, rps: 200 },
  },
  FIND_BOOKINGS,
  computed(FIND_BOOKINGS, { p95Ms: 40, rps: 400 }),
  // What the portal's calendar asks for a week (the light projection, view=events). The target is held by the request
  // as the portal sends it: a week is ~1.2 MB of JSON uncompressed (~30 KB br), and reading that plain at the target
  // rate costs the load generator, on the same two cores, about as much CPU as the server (its line prints both).
  CALENDAR_WEEK,
  { ...asBrowser(CALENDAR_WEEK), target: { p95Ms: 50, rps: 200 } },
  computed(CALENDAR_WEEK, { p95Ms: 100, rps: 100 }),
];

/** "target p95 <= 20 ms, >= 1,000 req/s: met" beside a measured line. */
export function targetNote(target: Target | undefined, p95: number, rps: number): string {
  if (!target) return '';
  const met = p95 <= target.p95Ms && rps >= target.rps;
  return `  | target p95 <= ${target.p95Ms} ms, >= ${target.rps.toLocaleString('en-US')} req/s: ${met ? 'met' : 'MISSED'}`;
}

const weekFrom = `now() - interval '3 days'`;
const weekTo = `now() + interval '4 days'`;
const WEEK = `b.start_at >= ${weekFrom} AND b.start_at < ${weekTo}`;

export const API_QUERIES: ExplainQuery[] = [
  // Migration 0045: the lab lists' sort keys on the lab tables, each sort read in its index's order.
  {
    name: "lab requests by patient name, page 2 of 50: the page's kit ids (lab_requests_name_sort_idx, 0045)",
    sql: `SELECT lr.kit_id FROM lab_requests lr WHERE lr.patient_last_name IS NOT NULL
            ORDER BY lr.patient_last_name DESC, lr.patient_first_name DESC, lr.kit_id DESC LIMIT 100`,
  },
  {
    name: "lab results by product, a clinician's masked sort: her states one by one (test_results_state_product_sort_idx, 0045)",
    sql: `SELECT x.kit_id FROM (SELECT DISTINCT s FROM unnest(ARRAY['CA', 'NV']) s) AS st(state) CROSS JOIN LATERAL
            (SELECT tr.kit_id, tr.product_name FROM test_results tr WHERE tr.patient_state = st.state AND tr.product_name IS NOT NULL
              ORDER BY tr.product_name ASC, tr.kit_id ASC LIMIT 100) x ORDER BY x.product_name, x.kit_id LIMIT 100`,
  },
  {
    name: 'dashboard count from dashboard_counts (needing review, My States)',
    sql: `SELECT COALESCE(sum(n), 0) FROM dashboard_counts WHERE source = 'result' AND status = 'NEEDS_CLINICIAN_REVIEW'
            AND patient_state = ANY($1::text[])`,
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  // Migration 0025: the status indexes in the dashboard cards' order, and today's appointments counted per booking.
  {
    name: 'dashboard card: results needing review, My States, newest 5 (test_results_status_idx, 0025)',
    sql: `SELECT tr.kit_id FROM test_results tr JOIN kits k ON k.kit_id = tr.kit_id WHERE tr.status = 'NEEDS_CLINICIAN_REVIEW'
            AND tr.patient_state = ANY($1::text[]) ORDER BY tr.created_at DESC, tr.kit_id LIMIT 5`,
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  {
    name: 'dashboard card: kits collected, newest 5 (kits_status_created_idx, 0025)',
    sql: `SELECT k.kit_id FROM kits k WHERE k.status = 'SAMPLE_COLLECTED_PENDING_REVIEW' ORDER BY k.created_at DESC, k.kit_id LIMIT 5`,
  },
  {
    name: "dashboard count: today's appointments, My States (calendar_events_range_idx, index only)",
    sql: `SELECT count(*)::int FROM calendar_events ce WHERE ce.start_at >= date_trunc('day', now()) AND ce.start_at < date_trunc('day', now()) + interval '1 day'
            AND ce.state = ANY($1::text[])`,
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  {
    name: "dashboard count: today's appointments, My States, the per-booking patient lookup it replaced",
    sql: `SELECT count(*)::int FROM bookings b WHERE b.start_at >= date_trunc('day', now()) AND b.start_at < date_trunc('day', now()) + interval '1 day'
            AND (SELECT p.state FROM patients p WHERE p.id = b.patient_id) = ANY($1::text[])`,
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  {
    name: 'calendar week, event columns (calendar_events projection, calendar_events_range_idx, 0030)',
    sql: calendarEventsSql(WEEK, 'TRUE'),
  },
  {
    name: "calendar week, a clinician's: events outside her states read without their values (the scope once per event)",
    sql: calendarEventsSql(WEEK, 'COALESCE(b.state = ANY($1::text[]), false)'),
    params: [['NV', 'CO', 'CA', 'NY']],
  },
  {
    name: 'calendar week, the join the projection replaced (bookings + patients + clinicians)',
    sql: `SELECT b.id, b.status, b.tag, b.clinician_id, c.first_name || ' ' || c.last_name, b.care_type, b.care_location, b.start_at, b.end_at, b.timezone,
            p.id, p.first_name, p.last_name, p.state
            FROM bookings b JOIN patients p ON p.id = b.patient_id LEFT JOIN clinicians c ON c.id = b.clinician_id
           WHERE b.start_at >= ${weekFrom} AND b.start_at < ${weekTo} ORDER BY b.start_at, b.id LIMIT 2000`,
  },
  {
    name: 'findBookings 15 days, newest 100 (bookings_start_desc_idx)',
    sql: `SELECT b.id, p.last_name FROM bookings b JOIN patients p ON p.id = b.patient_id
           WHERE b.start_at >= now() - interval '7 days' AND b.start_at < now() + interval '8 days' ORDER BY b.start_at DESC, b.id LIMIT 100`,
  },
  // The PHI access log's page for one patient, as the repository builds it (migrations 0030 and 0035): rows with their
  // lists inline through the GIN of sealed rows and audit_log_unsealed_idx, rows naming a stored list through
  // audit_id_sets and audit_log_id_set_idx. The patient: the first by id, the same in every run (how many rows name it
  // depends on the reads earlier runs made on a kept BENCH_DATA_DIR).
  {
    name: 'access log of one patient, newest 50 (inline: GIN of sealed rows + unsealed index; stored lists: audit_log_id_set_idx)',
    async build(pool) {
      const { rows } = await pool.query<{ id: string }>(`SELECT id::text AS id FROM patients ORDER BY id LIMIT 1`);
      const q = accessLogPageQuery(accessLogQuerySchema.parse({ filter: JSON.stringify({ patientId: rows[0].id }), range: '[0,49]' }));
      return { sql: q.text, params: q.values };
    },
  },
  {
    name: 'findBookings 15 days, count (index only): what the quarter-hour counters replaced',
    sql: `SELECT count(*) FROM bookings b WHERE b.start_at >= now() - interval '7 days' AND b.start_at < now() + interval '8 days'`,
  },
  // Migration 0042: the same total from the quarter-hour counters, as findBookings asks it (16 whole days in a zone).
  {
    name: 'findBookings 16 days, total from booking_start_counts (0042)',
    sql: `SELECT (${startRangeCount(`(($1)::date::timestamp AT TIME ZONE 'America/Los_Angeles')`, `((($2)::date + 1)::timestamp AT TIME ZONE 'America/Los_Angeles')`)})`,
    params: [new Date(Date.now() - 8 * DAY_MS).toISOString().slice(0, 10), new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10)],
  },
  // The list totals from the dashboard's counters (no index change): every test result, and a status in a location.
  {
    name: 'lab results ALL, total from dashboard_counts (was: lab_counts, one row per assignee too)',
    sql: `SELECT COALESCE(sum(n), 0)::int FROM dashboard_counts WHERE source = 'result'`,
  },
  {
    name: 'lab results ALL, total from lab_counts (what it replaced)',
    sql: `SELECT COALESCE(sum(n), 0)::int FROM lab_counts WHERE kind = 'result'`,
  },
  {
    name: 'kits by status in a location, total from dashboard_counts (was: count of the kits, index only)',
    sql: `SELECT COALESCE(sum(n), 0)::int FROM dashboard_counts WHERE source = 'kit' AND status = $1 AND care_location = $2`,
    params: ['SAMPLE_COLLECTED_PENDING_REVIEW', 'DENVER_CAREHUB_01'],
  },
  {
    name: 'kits by status in a location, count of the kits (what it replaced)',
    sql: `SELECT count(*)::int FROM kits k WHERE k.status = $1 AND k.care_location = $2`,
    params: ['SAMPLE_COLLECTED_PENDING_REVIEW', 'DENVER_CAREHUB_01'],
  },
];
