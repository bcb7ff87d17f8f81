import { expect } from 'vitest';
import type { TestApi } from './helpers';

export const B = '/secure/booking/v1';

/** Booking fixtures on the test file's own database: a seeded booking of a state, set to a status and start time. */
export function bookingFixtures(api: () => TestApi) {
  let taken = 0;
  const one = async (sql: string, params: unknown[] = []) => (await api().pool.query(sql, params)).rows[0];

  /** A fresh seeded booking (never handed out twice in a file) with its patient in `state`. */
  async function booking(opts: { state: string; status?: string; startInMinutes?: number; hasAccount?: boolean; clinician?: string | null }) {
    const b = await one(
      `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id
        WHERE p.state = $1 AND b.id LIKE 'BK0%' ORDER BY b.id OFFSET $2 LIMIT 1`,
      [opts.state, taken++],
    );
    await api().pool.query(
      `UPDATE bookings SET status = $2, start_at = now() + make_interval(mins => $3), end_at = now() + make_interval(mins => $3 + 30),
         identity_verified = NULL, document_keys = '{}'::jsonb WHERE id = $1`,
      [b.id, opts.status ?? 'BOOKED_CONFIRMED', opts.startInMinutes ?? 120],
    );
    if (opts.hasAccount !== undefined) await api().pool.query(`UPDATE patients SET has_account = $2 WHERE id = $1`, [b.patient_id, opts.hasAccount]);
    if (opts.clinician !== undefined) {
      await api().pool.query(`UPDATE bookings SET clinician_id = (SELECT id FROM clinicians WHERE email = $2) WHERE id = $1`, [b.id, opts.clinician]);
    }
    return b.id as string;
  }

  /** Everything a booking write may touch, to show that a refusal changed nothing. */
  async function snapshot(id: string) {
    const q = async (sql: string) => (await api().pool.query(sql, [id])).rows;
    return {
      booking: await q(`SELECT * FROM bookings WHERE id = $1`),
      patient: await q(`SELECT p.* FROM patients p JOIN bookings b ON b.patient_id = p.id WHERE b.id = $1`),
      products: await q(`SELECT * FROM booking_products WHERE booking_id = $1 ORDER BY unique_id`),
      log: await q(`SELECT id FROM booking_log WHERE booking_id = $1 ORDER BY id`),
      history: await q(`SELECT id FROM record_history WHERE entity_id = $1 ORDER BY id`),
      mails: await q(`SELECT id FROM mail_outbox WHERE booking_id = $1`),
      kits: await q(`SELECT kit_id FROM kits WHERE booking_id = $1`),
    };
  }

  /** Calls `act`, expects the status (and text in msg), and that the booking is unchanged. */
  async function refusedUnchanged(id: string, act: () => Promise<{ status: number; body: any }>, status: number, text?: string | RegExp) {
    const before = await snapshot(id);
    const res = await act();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (typeof text === 'string') expect(res.body.msg).toBe(text);
    else if (text) expect(`${res.body.msg} ${res.body.reason}`).toMatch(text);
    expect(await snapshot(id)).toEqual(before);
    return res;
  }

  /** A product of the booking, paid or not. */
  const product = async (id: string, paid: boolean) => {
    const p = await one(
      `SELECT unique_id::text AS "uniqueId" FROM booking_products WHERE booking_id = $1 AND (payment_status <> 'UNPAID') = $2 LIMIT 1`,
      [id, paid],
    );
    if (p) return p.uniqueId as string;
    const added = await one(
      `INSERT INTO booking_products (booking_id, product_id, slug, name, unit_price_cents, payment_status)
       VALUES ($1, 'pnl-hpv', 'hpv', 'HPV', 7900, $2) RETURNING unique_id::text AS "uniqueId"`,
      [id, paid ? 'PAID' : 'UNPAID'],
    );
    return added.uniqueId as string;
  };

  return { one, booking, snapshot, refusedUnchanged, product };
}
