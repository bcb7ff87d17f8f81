/**
 * Issue 14's mixed load: 10 connections for 60 s (BENCH_MIXED_S), each cycling through lists, details and one write
 * in ten, the same sequence on every connection (autocannon `requests`). Printed with its error count (target 0).
 */
import type { Pool } from 'pg';
import { defaultSearchRange } from '../../src/domain/bookings/bookings';
import { buildJob, runLoad, type Endpoint, type LoadJob } from './load';
import { ms } from './figures';

export interface MixedDeps {
  url: string;
  pool: Pool;
  tokenFor: (email: string) => Promise<string>;
  line: (s?: string) => void;
  progress: (s: string) => void;
}

const CLINICIAN = 'clinician@demo.test';
const STAFF = 'staff@demo.test';
const WRITER = 'superadmin@demo.test';
const DURATION_S = Number(process.env.BENCH_MIXED_S ?? 60);

/** Nine reads (lists and details of records the clinician may see) and one write. */
async function sequence(pool: Pool): Promise<Array<Endpoint & { as: string }>> {
  const one = async (sql: string) => Object.values((await pool.query(sql)).rows[0] ?? {})[0] as string | undefined;
  const kitId = await one(`SELECT kit_id FROM kits k JOIN patients p ON p.id = k.patient_id WHERE p.state = 'NV' ORDER BY kit_id LIMIT 1`);
  const bookingId = await one(
    `SELECT b.id FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE p.state = 'NV' ORDER BY b.start_at DESC LIMIT 1`,
  );
  const noteBooking = await one(`SELECT id FROM bookings WHERE status NOT IN ('CANCELLED', 'CANCELLED_NO_SHOW', 'COMPLETED') ORDER BY id LIMIT 1`);
  const day = new Date().toISOString().slice(0, 10);
  return [
    { name: 'lab results', path: '/secure/testResult?queryType=ALL&page=1&perPage=50', as: CLINICIAN },
    { name: 'kit detail', path: `/secure/kit/${kitId}`, as: CLINICIAN },
    { name: 'kits by status', path: '/secure/kit/status/SAMPLE_COLLECTED_PENDING_REVIEW?page=1&perPage=50', as: CLINICIAN },
    { name: 'booking detail', path: `/secure/booking/v1/get/${bookingId}`, as: CLINICIAN },
    { name: 'lab requests', path: '/secure/labRequest?page=1&perPage=50', as: CLINICIAN },
    { name: 'order report', path: '/secure/report/orders?page=1&perPage=50', as: STAFF },
    { name: 'dashboard', path: '/secure/dashboard/summary?stateMode=MY&careLocation=ALL', as: CLINICIAN },
    {
      name: 'findBookings',
      method: 'POST',
      path: '/secure/booking/v1/findBookings',
      as: CLINICIAN,
      body: { searchType: 'DATE_RANGE', ...defaultSearchRange(day), perPage: 100 },
    },
    { name: 'message inbox', path: '/secure/message?page=1&perPage=100', as: CLINICIAN },
    {
      name: 'booking note (write)',
      method: 'PATCH',
      path: `/secure/booking/v1/addNotes/${noteBooking}`,
      as: WRITER,
      body: { notes: 'bench mixed load' },
    },
  ];
}

export async function mixedLoad({ url, pool, tokenFor, line, progress }: MixedDeps): Promise<void> {
  const steps = await sequence(pool);
  const base = { connections: 10, durationS: DURATION_S, warmupS: 0 };
  const jobs: LoadJob[] = [];
  for (const step of steps) {
    const job = buildJob(url, step, await tokenFor(step.as), base);
    const probe = await fetch(job.url, { method: job.method, headers: job.headers, body: job.body });
    await probe.arrayBuffer();
    if (probe.status < 200 || probe.status > 299) throw new Error(`${step.name} (${job.method} ${step.path}) answered ${probe.status}`);
    jobs.push(job);
  }
  const requests = jobs.map((j) => ({ method: j.method, path: new URL(j.url).pathname + new URL(j.url).search, headers: j.headers, body: j.body }));
  progress(`mixed load: ${base.connections} connections, ${DURATION_S} s ...`);
  const r = await runLoad({ ...jobs[0], requests, ...base });
  const codes = Object.entries(r.statusCodes)
    .map(([c, n]) => `${c}: ${n.toLocaleString('en-US')}`)
    .join(', ');
  const errorCount = r.non2xx + r.errors + r.timeouts;
  line(`Mixed load: ${base.connections} connections, ${r.durationS} s, each cycling ${steps.map((s) => s.name).join(', ')}`);
  line(
    `  ${r.requestsTotal.toLocaleString('en-US')} requests, ${Math.round(r.reqPerSecMean).toLocaleString('en-US')} req/s, ` +
      `p50 ${ms(r.p50)} p95 ${ms(r.p95)} p99 ${ms(r.p99)} max ${ms(r.max)}; [${codes}]; ` +
      `errors ${errorCount} (non-2xx ${r.non2xx}, socket errors ${r.errors}, timeouts ${r.timeouts})  target 0 ${errorCount === 0 ? 'ok' : 'MISSED'}`,
  );
}
