/**
 * The writers of the writes lines (writes.ts), in their own process as real clients are: each sends one write after
 * the other for the line's duration, rotating approve one kit (staff), a booking status change along its path (super
 * admin) and a message send (clinician), on records of its own. Answers the acknowledged writes' latencies, the
 * refusals and the unanswered over IPC.
 */
import { buildJob, type Endpoint } from './load';
import { ADMIN, CLINICIAN, STAFF, STATUS_PATH, type WritersJob, type WritersResult } from './writes-job';

const html = (text: string) => Buffer.from(`<p>${text}</p>`).toString('base64');

async function run({ url, writers, durationS, tokens, fx }: WritersJob): Promise<WritersResult> {
  const latencies: number[] = [];
  let refused = 0;
  let unknown = 0;
  let firstRefusal: string | undefined;
  const end = performance.now() + durationS * 1000;
  const writer = async (w: number) => {
    const kits = fx.kits.slice(w * fx.per, (w + 1) * fx.per);
    const bookings = fx.bookings.slice(w * fx.per, (w + 1) * fx.per);
    let booking = { id: bookings.shift(), step: 0 };
    for (let i = 0; performance.now() < end; i += 1) {
      let ep: Endpoint & { as: string };
      const kind = (i + w) % 3;
      if (kind === 0 && kits.length > 0) {
        ep = { path: '/secure/kit/approveLabOrderSamples', method: 'PATCH', as: STAFF, body: { kitIds: kits.shift(), comment: 'bench write' } };
      } else if (kind === 1 && booking.id) {
        ep = {
          path: `/secure/booking/v1/updateStatus/${booking.id}`,
          method: 'PATCH',
          as: ADMIN,
          body: { bookingStatus: STATUS_PATH[booking.step + 1], reasonOrComments: 'bench write' },
        };
        booking.step += 1;
        if (booking.step >= STATUS_PATH.length - 1) booking = { id: bookings.shift(), step: 0 };
      } else {
        ep = {
          path: '/secure/message/patient',
          method: 'POST',
          as: CLINICIAN,
          body: {
            patientId: fx.patients[(i + w) % fx.patients.length],
            base64Message: html(`bench write ${w}-${i}`),
            rawMessage: `bench write ${w}-${i}`,
          },
        };
      }
      const job = buildJob(url, ep, tokens[ep.as], { connections: 1, durationS: 1, warmupS: 0 });
      const t0 = performance.now();
      const res = await fetch(job.url, { method: job.method, headers: job.headers, body: job.body }).catch(() => null);
      const text = res ? await res.text().catch(() => '') : '';
      const took = performance.now() - t0;
      if (res && res.status < 300) latencies.push(took);
      else if (!res || res.status >= 500) unknown += 1;
      else {
        refused += 1;
        firstRefusal ??= `${ep.method} ${ep.path} ${res.status} ${text.slice(0, 120)}`;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  return { latencies, wallMs: performance.now() - t0, refused, unknown, firstRefusal };
}

process.on('disconnect', () => process.exit(0));
process.once('message', (job: WritersJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (err: unknown) => process.send?.({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});
