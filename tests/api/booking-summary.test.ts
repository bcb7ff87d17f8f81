import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_CHECK_IN_STEPS } from '../../src/domain/booking-detail/booking-identity';
import { SUMMARY_UPCOMING_DAYS } from '../../src/domain/bookings/booking-summary';
import { B } from './booking-helpers';
import { DEMO, startApi, type TestApi } from './helpers';
import { JANE_STATES } from './scope-helpers';

/**
 * GET /secure/booking/v1/summaryForClinician: the caller's own bookings only (attacks first), as booking
 * dashboard rows with the real self check-in state and products; the dashboard's Today's Appointment rows likewise.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

const URL = `${B}/summaryForClinician`;
const one = async (sql: string, params: unknown[] = []) => (await api.pool.query(sql, params)).rows[0];
const clinicianId = async (email: string) => (await one(`SELECT id FROM clinicians WHERE email = $1`, [email])).id as string;
const ZONE = 'America/Los_Angeles'; // Jane's profile zone in the demo data

/**
 * A seeded booking of a patient in `state` (or outside `JANE_STATES`), moved to start `minutes` after noon today in
 * Jane's zone (or the owner's `zone`: between midnight in Denver and in Los Angeles they are different days) (not after now: a booking a few minutes from now is tomorrow's when the test runs just before midnight)
 * and given to `owner`.
 */
async function place(opts: { inJaneStates: boolean; minutes: number; owner: string | null; zone?: string }, skip: number) {
  const b = await one(
    `SELECT b.id, b.patient_id FROM bookings b JOIN patients p ON p.id = b.patient_id
     WHERE (p.state = ANY($1::text[])) = $2 AND b.id LIKE 'BK0%' ORDER BY b.id OFFSET $3 LIMIT 1`,
    [JANE_STATES, opts.inJaneStates, skip],
  );
  await api.pool.query(
    `UPDATE bookings SET start_at = t.noon + make_interval(mins => $2), end_at = t.noon + make_interval(mins => $2 + 30),
      clinician_id = $3::uuid
      FROM (SELECT (date_trunc('day', now() AT TIME ZONE $4) + interval '12 hours') AT TIME ZONE $4 AS noon) t WHERE id = $1`,
    [b.id, opts.minutes, opts.owner, opts.zone ?? ZONE],
  );
  return b.id as string;
}

/**
 * Jane's bookings, computed independently: the day of the start in her zone against today's; `ids` only those in her
 * valid states (the others come masked), `total` all of them.
 */
async function expectedIds(owner: string) {
  const { rows } = await api.pool.query<{ id: string; list: string; inScope: boolean }>(
    `SELECT b.id, CASE WHEN (b.start_at AT TIME ZONE $2)::date = (now() AT TIME ZONE $2)::date THEN 'today' ELSE 'upcoming' END AS list,
            p.state = ANY($4::text[]) AS "inScope"
       FROM bookings b JOIN patients p ON p.id = b.patient_id WHERE b.clinician_id = $1
        AND (b.start_at AT TIME ZONE $2)::date BETWEEN (now() AT TIME ZONE $2)::date AND (now() AT TIME ZONE $2)::date + $3::int`,
    [owner, ZONE, SUMMARY_UPCOMING_DAYS, JANE_STATES],
  );
  const of = (list: string) => ({
    ids: rows
      .filter((r) => r.list === list && r.inScope)
      .map((r) => r.id)
      .sort(),
    total: rows.filter((r) => r.list === list).length,
  });
  return { today: of('today'), upcoming: of('upcoming') };
}

describe('GET /summaryForClinician', () => {
  it('refuses roles without bookings of their own, an anonymous caller, and any parameter naming another clinician', async () => {
    expect((await api.call('GET', URL)).status).toBe(401);
    for (const who of [DEMO.staff, DEMO.ops, DEMO.auditor, DEMO.pending]) {
      expect((await api.call('GET', URL, { as: who })).status, who).toBe(403);
    }
    const other = await clinicianId(DEMO.noLicence);
    for (const q of [`clinicianId=${other}`, `id=${other}`, `email=${encodeURIComponent(DEMO.noLicence)}`]) {
      expect((await api.call('GET', `${URL}?${q}`, { as: DEMO.clinician })).status, q).toBe(400);
    }
  });

  it("never lists another clinician's or an unassigned booking, even today", async () => {
    const other = await clinicianId(DEMO.noLicence);
    const theirs = await place({ inJaneStates: true, minutes: 5, owner: other, zone: 'America/Denver' }, 0); // Samuel Rivera's zone
    const nobody = await place({ inJaneStates: true, minutes: 6, owner: null }, 1);
    const res = await api.call('GET', URL, { as: DEMO.clinician });
    expect(res.status).toBe(200);
    const ids = [...res.body.today.rows, ...res.body.upcoming.rows].map((r: { bookingId: string }) => r.bookingId);
    expect(ids).not.toContain(theirs);
    expect(ids).not.toContain(nobody);
    // The other clinician (no valid licence: every row masked) has it counted among theirs.
    const mine = await api.call('GET', URL, { as: DEMO.noLicence });
    expect(mine.status).toBe(200);
    expect(mine.body.today.total + mine.body.upcoming.total).toBeGreaterThanOrEqual(1);
    expect([...mine.body.today.rows, ...mine.body.upcoming.rows].every((r: { masked: boolean }) => r.masked)).toBe(true);
  });

  it("lists exactly the caller's bookings of today and the next days, with counts by status and the real check-in and products", async () => {
    const jane = await clinicianId(DEMO.clinician);
    const today = await place({ inJaneStates: true, minutes: 2, owner: jane }, 2);
    const later = await place({ inJaneStates: true, minutes: 3 * 24 * 60, owner: jane }, 3);
    await api.pool.query(`UPDATE bookings SET self_check_in_steps = $2, status = 'BOOKED_PENDING_CONFIRMATION' WHERE id = $1`, [
      today,
      SELF_CHECK_IN_STEPS,
    ]);
    await api.pool.query(`UPDATE bookings SET self_check_in_steps = $2 WHERE id = $1`, [later, SELF_CHECK_IN_STEPS.slice(0, 5)]);
    await api.pool.query(`DELETE FROM booking_products WHERE booking_id = $1`, [today]);
    await api.pool.query(
      `INSERT INTO booking_products (booking_id, product_id, slug, name, unit_price_cents, created_at)
       VALUES ($1, 'p1', 'hpv', 'HPV', 7900, now() - interval '1 minute'), ($1, 'p2', 'consult', 'Follow-up Consult', 3500, now())`,
      [today],
    );

    const { res, rows: audit } = await api.audited(() => api.call('GET', URL, { as: DEMO.clinician }));
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe(ZONE);
    const want = await expectedIds(jane);
    const got = (list: { rows: { bookingId: string; masked: boolean }[] }) =>
      list.rows
        .filter((r) => !r.masked)
        .map((r) => r.bookingId)
        .sort();
    expect(got(res.body.today)).toEqual(want.today.ids);
    expect(got(res.body.upcoming)).toEqual(want.upcoming.ids);
    expect(res.body.today.total).toBe(want.today.total);
    expect(res.body.upcoming.total).toBe(want.upcoming.total);
    expect(res.body.today.rows).toHaveLength(Math.min(100, want.today.total));
    expect(Object.values(res.body.today.statusCounts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(want.today.total);
    expect(res.body.today.statusCounts.BOOKED_PENDING_CONFIRMATION).toBeGreaterThanOrEqual(1);

    const row = res.body.today.rows.find((r: { bookingId: string }) => r.bookingId === today);
    expect(row).toMatchObject({
      selfcheckinComplete: true,
      products: [{ name: 'HPV' }, { name: 'Follow-up Consult' }],
      masked: false,
      bookingStatus: 'BOOKED_PENDING_CONFIRMATION',
    });
    expect(Object.keys(row).sort()).toEqual([
      'appntStart',
      'bookingId',
      'bookingStatus',
      'careLocation',
      'careStateRegion',
      'dob',
      'email',
      'masked',
      'name',
      'products',
      'selfcheckinComplete',
    ]);
    expect(res.body.upcoming.rows.find((r: { bookingId: string }) => r.bookingId === later)).toMatchObject({ selfcheckinComplete: false });
    // One audit row naming the bookings read and their patients.
    expect(audit).toHaveLength(1);
    expect(audit[0].entity_ids).toEqual(expect.arrayContaining([today, later]));
  });

  it('masks an own booking whose patient is outside the valid licence states', async () => {
    const jane = await clinicianId(DEMO.clinician);
    const outside = await place({ inJaneStates: false, minutes: 4, owner: jane }, 0);
    const res = await api.call('GET', URL, { as: DEMO.clinician });
    const rows = [...res.body.today.rows, ...res.body.upcoming.rows];
    const masked = rows.filter((r: { masked: boolean }) => r.masked);
    expect(masked.length).toBeGreaterThanOrEqual(1);
    for (const r of masked) {
      expect(r).toMatchObject({ bookingId: 'XXXXXX', name: 'XXXXXX', email: 'XXXXXX', dob: 'XXXXXX', products: [] });
    }
    expect(rows.map((r: { bookingId: string }) => r.bookingId)).not.toContain(outside);
  });
});

describe("dashboard Today's Appointment rows", () => {
  it('carry the self check-in state and the products of the booking', async () => {
    const done = await place({ inJaneStates: true, minutes: 7, owner: null }, 4);
    const half = await place({ inJaneStates: true, minutes: 8, owner: null }, 5);
    await api.pool.query(`UPDATE bookings SET self_check_in_steps = $2 WHERE id = $1`, [done, SELF_CHECK_IN_STEPS]);
    await api.pool.query(`UPDATE bookings SET self_check_in_steps = $2 WHERE id = $1`, [half, SELF_CHECK_IN_STEPS.slice(0, 3)]);
    await api.pool.query(`DELETE FROM booking_products WHERE booking_id = ANY($1)`, [[done, half]]);
    await api.pool.query(
      `INSERT INTO booking_products (booking_id, product_id, slug, name, unit_price_cents) VALUES ($1, 'p1', 'hpv', 'HPV', 7900)`,
      [done],
    );
    const res = await api.call('GET', '/secure/dashboard/card/todaysAppointments?stateMode=MY&perPage=200', { as: DEMO.clinician });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((r: { bookingId: string }) => [r.bookingId, r]));
    expect(byId.get(done)).toMatchObject({ selfcheckinComplete: true, products: [{ name: 'HPV' }] });
    expect(byId.get(half)).toMatchObject({ selfcheckinComplete: false, products: [] });
  });
});
