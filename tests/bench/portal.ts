/**
 * The portal's figures of `npm run bench`: what headless Chromium downloads and how soon it shows the lab results,
 * the static files' cache headers, and JSON compression on/off. Each figure is printed with its target.
 */
import type { Pool } from 'pg';
import { measurePortal, median, type DetailPage } from './browser';
import { compareCompression, COMPRESSION_SAMPLES } from './compression';

export interface PortalBenchDeps {
  url: string;
  email: string;
  password: string;
  /** url, method and headers of a signed-in GET (the bench's own job builder). */
  signedGet: (path: string) => Promise<{ url: string; headers: Record<string, string> }>;
  line: (s?: string) => void;
  progress: (s: string) => void;
  /** The bench database: which patient and booking the detail pages open. */
  pool: Pool;
  /** The signed-in user's licence states: the detail pages open a patient and a booking there. */
  states: string[];
}

export const TARGETS = {
  signInJsKiB: 250,
  dashboardJsKiB: 450,
  firstRowMs: 1000,
  render200Ms: 300,
} as const;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const errText = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** Cache-Control of index.html and of the entry script it names. */
async function cacheHeaders(base: string) {
  const index = await fetch(`${base}/`, { headers: { accept: 'text/html' } });
  const html = await index.text();
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  const asset = entry ? await fetch(new URL(entry, base), { method: 'HEAD' }) : null;
  return { index: index.headers.get('cache-control'), entry, asset: asset?.headers.get('cache-control') ?? null };
}

/**
 * The patient profile and the booking detail as the signed-in user opens them: a patient of her licence states with
 * bookings, and one of that patient's bookings; each page's first content is its name heading, as the API answers it.
 */
async function detailPages(url: string, pool: Pool, states: string[], signedGet: PortalBenchDeps['signedGet']): Promise<DetailPage[]> {
  const { rows } = await pool.query<{ patient: string; booking: string }>(
    `SELECT p.id::text AS patient, b.id AS booking FROM patients p JOIN bookings b ON b.patient_id = p.id
      WHERE p.state = ANY($1::text[]) ORDER BY b.start_at DESC, b.id LIMIT 1`,
    [states],
  );
  if (!rows[0]) throw new Error(`no booking of a patient in ${states.join(', ')}`);
  const read = async <T>(path: string): Promise<T> => {
    const job = await signedGet(path);
    const res = await fetch(job.url, { headers: job.headers });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return res.json() as Promise<T>;
  };
  const { patient, booking } = rows[0];
  const p = await read<{ name: string }>(`/secure/patient/detailsBySubId/${patient}`);
  const b = await read<{ firstName: string; lastName: string }>(`/secure/booking/v1/get/${encodeURIComponent(booking)}`);
  return [
    { name: 'patient profile', url: `${url}/PatientProfile?patientId=${patient}&idType=sub`, heading: p.name },
    { name: 'booking detail', url: `${url}/BookingDetails?bookingId=${encodeURIComponent(booking)}`, heading: `${b.firstName} ${b.lastName}` },
  ];
}

export async function portalBench({ url, email, password, signedGet, line, progress, pool, states }: PortalBenchDeps): Promise<void> {
  line('Portal (headless Debian Chromium, playwright-core; JS = CDP encodedDataLength of script responses: bytes on the wire incl. headers)');
  try {
    const c = await cacheHeaders(url);
    const immutable = 'public, max-age=31536000, immutable';
    line(
      `  cache: index.html "${c.index}" (target no-cache) ${verdict(c.index === 'no-cache')}; ${c.entry} "${c.asset}" (target "${immutable}") ${verdict(c.asset === immutable)}`,
    );
  } catch (err) {
    line(`  cache headers: failed: ${errText(err)}`);
  }
  try {
    progress('portal in Chromium: sign-in, dashboard, Lab Results ...');
    const details = await detailPages(url, pool, states, signedGet);
    const p = await measurePortal(url, email, password, details);
    const js = (t: typeof p.signIn) => `${kib(t.transferred)} transferred in ${t.files} files (${kib(t.decoded)} decoded)`;
    line(
      `  JS for the sign-in page:                  ${js(p.signIn)}  target <= ${TARGETS.signInJsKiB} KiB ${verdict(p.signIn.transferred <= TARGETS.signInJsKiB * 1024)}`,
    );
    line(
      `  JS up to the dashboard after sign-in:     ${js(p.dashboard)}  target <= ${TARGETS.dashboardJsKiB} KiB ${verdict(p.dashboard.transferred <= TARGETS.dashboardJsKiB * 1024)}`,
    );
    const list = (xs: number[]) => `median ${ms(median(xs))} (runs ${xs.map(Math.round).join('/')})`;
    for (const [name, why] of Object.entries(p.failed))
      line(`  (series ${name} failed: ${why}; its line below counts only the runs before the failure)`);
    line(
      `  menu Lab Results pressed on the dashboard after sign-in -> first row (first visit: its chunks fetched): ${list(p.firstRowFromMenu)}  target <= ${ms(TARGETS.firstRowMs)} ${verdict(median(p.firstRowFromMenu) <= TARGETS.firstRowMs)}`,
    );
    line(
      `  address typed after sign-in -> first Lab Results row (first visit: the dashboard's chunks cached, the list's fetched): ${list(p.firstRowFirstVisit)}  target <= ${ms(TARGETS.firstRowMs)} ${verdict(median(p.firstRowFirstVisit) <= TARGETS.firstRowMs)}`,
    );
    line(
      `  navigation -> first Lab Results row, signed in, warm cache: ${list(p.firstRowWarm)}  target <= ${ms(TARGETS.firstRowMs)} ${verdict(median(p.firstRowWarm) <= TARGETS.firstRowMs)}`,
    );
    line(
      `  navigation -> first Lab Results row, signed in, cold cache: ${list(p.firstRowCold)}  target <= ${ms(TARGETS.firstRowMs)} ${verdict(median(p.firstRowCold) <= TARGETS.firstRowMs)}`,
    );
    line(
      `  navigation -> first Lab Results row, signed in, warm cache, from another site (fresh renderer process): ${list(p.firstRowFromOtherSite)}  (no target)`,
    );
    for (const [name, d] of Object.entries(p.details)) {
      line(
        `  ${name}: navigation -> first content, signed in, warm cache: ${list(d.warm)}  target <= ${ms(TARGETS.firstRowMs)} ${verdict(median(d.warm) <= TARGETS.firstRowMs)}`,
      );
      line(
        `  ${name}: navigation -> first content, signed in, cold cache: ${list(d.cold)}  target <= ${ms(TARGETS.firstRowMs)} ${verdict(median(d.cold) <= TARGETS.firstRowMs)}`,
      );
    }
    const after = p.render200.map((r) => r.afterData);
    line(
      `  Lab Results page of 200 rows, list response end -> 200th row painted: ${list(after)}  target <= ${ms(TARGETS.render200Ms)} ${verdict(median(after) <= TARGETS.render200Ms)}` +
        `  (from navigation: median ${ms(median(p.render200.map((r) => r.fromNavigation)))})`,
    );
  } catch (err) {
    line(`  browser figures: failed: ${errText(err)}`);
  }
  for (const perPage of [50, 200]) {
    try {
      progress(`JSON compression on/off, lab results page of ${perPage} ...`);
      const job = await signedGet(`/secure/testResult?queryType=ALL&page=1&perPage=${perPage}`);
      const figures = await compareCompression(job.url, job.headers);
      const off = figures.find((f) => f.encoding === 'identity')!;
      line(
        `  JSON compression, lab results page of ${perPage} (${COMPRESSION_SAMPLES} sequential requests each, interleaved, to the last byte received; ` +
          `then 10 in flight for 3 s; "decoded": with the client's decompression and JSON.parse):`,
      );
      for (const f of figures) {
        const ok = f.encoding === 'identity' ? '' : `  target p50 <= off ${verdict(f.p50 <= off.p50)}`;
        const decompress = f.encoding === 'identity' ? '' : `, of which the client's decompression ${f.decompressP50.toFixed(2)} ms`;
        line(
          `    Accept-Encoding ${f.encoding.padEnd(8)} -> ${f.answered.padEnd(8)} ${kib(f.wireBytes).padStart(10)} on the wire (${kib(f.decodedBytes)} JSON)  ` +
            `p50 ${f.p50.toFixed(2)} ms  p95 ${f.p95.toFixed(2)} ms  ${Math.round(f.reqPerSec)} req/s` +
            `  (decoded p50 ${f.decodedP50.toFixed(2)} ms${decompress})${ok}`,
        );
      }
    } catch (err) {
      line(`  JSON compression, page of ${perPage}: failed: ${errText(err)}`);
    }
  }
}
