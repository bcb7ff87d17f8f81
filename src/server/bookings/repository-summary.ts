import type { z } from 'zod';
import { SUMMARY_MAX_ROWS, SUMMARY_UPCOMING_DAYS, type clinicianSummarySchema, type ClinicianSummary } from '../../domain/bookings/booking-summary';
import { maskRecord } from '../../domain/shared/masking';
import type { AccessContext } from '../auth/access-context';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { bookingProductsSql, selfCheckInDoneSql } from '../dashboard/card-sql';

type Row = Record<string, unknown> & { bookingId: string; patientId: string; patientState: string | null; list: 'today' | 'upcoming' };

const BOUNDS = `bounds AS (
    SELECT date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2 AS day_start,
           (date_trunc('day', now() AT TIME ZONE $2) + interval '1 day') AT TIME ZONE $2 AS day_end,
           (date_trunc('day', now() AT TIME ZONE $2) + interval '1 day' * (1 + $3::int)) AT TIME ZONE $2 AS upcoming_end
  )`;

/**
 * $1 the caller (bookings.clinician_id), $2 the zone, $3 upcoming days, $4 rows per list. Today is [midnight, next
 * midnight) in the zone; upcoming the next $3 days after it. Cancelled and completed bookings are listed and counted too.
 */
const SUMMARY_SQL = `
  WITH ${BOUNDS}, mine AS (
    SELECT b.*, CASE WHEN b.start_at < bounds.day_end THEN 'today' ELSE 'upcoming' END AS list
      FROM bookings b, bounds
     WHERE b.clinician_id = $1::uuid AND b.start_at >= bounds.day_start AND b.start_at < bounds.upcoming_end
  ), ranked AS (
    SELECT m.*, row_number() OVER (PARTITION BY m.list ORDER BY m.start_at, m.id) AS n FROM mine m
  )
  SELECT r.list, r.id AS "bookingId", r.patient_id AS "patientId", p.state AS "patientState", r.status AS "bookingStatus",
         p.state AS "careStateRegion", p.email, p.first_name || ' ' || p.last_name AS name,
         ${selfCheckInDoneSql('r')} AS "selfcheckinComplete", p.dob::text AS dob, ${bookingProductsSql('r')} AS products,
         r.care_location AS "careLocation", r.start_at AS "appntStart"
    FROM ranked r JOIN patients p ON p.id = r.patient_id
   WHERE r.n <= $4
   ORDER BY r.start_at, r.id`;

const COUNT_SQL = `
  WITH ${BOUNDS}
  SELECT CASE WHEN b.start_at < bounds.day_end THEN 'today' ELSE 'upcoming' END AS list, b.status, count(*)::int AS n
    FROM bookings b, bounds
   WHERE b.clinician_id = $1::uuid AND b.start_at >= bounds.day_start AND b.start_at < bounds.upcoming_end
   GROUP BY 1, 2`;

/** A row as it leaves: no patient id or list tag, the start as ISO text, masked outside the caller's licence scope. */
function presentRow(actor: Actor, r: Row) {
  const { patientId: _p, patientState: _s, list: _l, ...row } = r;
  const out = { ...row, appntStart: r.appntStart instanceof Date ? r.appntStart.toISOString() : r.appntStart };
  return inScope(actor, { patientState: r.patientState, patientId: r.patientId }) ? { ...out, masked: false } : maskRecord(out);
}

/**
 * The Actor's own bookings of today and the coming days in `timeZone` (at most SUMMARY_MAX_ROWS a list, each masked
 * outside the Actor's scope), with counts by status; the rows returned are audited.
 */
export async function clinicianSummary({ db, actor, audit }: AccessContext, timeZone: string): Promise<ClinicianSummary> {
  const params = [actor.sub, timeZone, SUMMARY_UPCOMING_DAYS];
  const [rows, counts] = await Promise.all([
    db.query<Row>(SUMMARY_SQL, [...params, SUMMARY_MAX_ROWS]),
    db.query<{ list: 'today' | 'upcoming'; status: string; n: number }>(COUNT_SQL, params),
  ]);
  // A masked row discloses no patient, so its audit entry carries no patient id.
  await audit.many(
    db,
    'READ',
    'booking',
    rows.rows.map((r) => ({
      entityId: r.bookingId,
      patientId: inScope(actor, { patientState: r.patientState, patientId: r.patientId }) ? r.patientId : null,
    })),
  );
  const list = (which: 'today' | 'upcoming') => {
    const mine = counts.rows.filter((c) => c.list === which);
    return {
      total: mine.reduce((sum, c) => sum + c.n, 0),
      statusCounts: Object.fromEntries(mine.map((c) => [c.status, c.n])),
      rows: rows.rows.filter((r) => r.list === which).map((r) => presentRow(actor, r)) as z.infer<typeof clinicianSummarySchema>['today']['rows'],
    };
  };
  return { timeZone, today: list('today'), upcoming: list('upcoming') };
}
