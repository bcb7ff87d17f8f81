import type { FindBookings } from '../../domain/bookings/bookings';
import type { Actor } from '../auth/actor';
import { scopeSql, valueForScope } from '../auth/scope';

/** Columns of a booking row (spec 2 §2.1/§3) that every role with the row may read; only whitelisted SQL, values bound. */
export const BOOKING_COLUMNS = `b.id, b.status AS "bookingStatus", b.tag AS "tagOrLabel", b.clinician_id AS "primaryClinicianId",
  c.first_name || ' ' || c.last_name AS "primaryClinicianName", b.care_type AS "careType", b.care_location AS "careLocation",
  b.start_at AS "appntStart", COALESCE(b.end_at, b.start_at + interval '30 minutes') AS "appntEnd", b.timezone AS "eventTimeZone",
  b.created_at AS "bookedAt", p.id AS "patientId", p.first_name AS "firstName", p.last_name AS "lastName", p.email, p.phone,
  COALESCE(p.mobile, p.phone) AS mobile, p.dob::text AS dob, p.state, p.city, p.zip, p.street AS address1, p.street2 AS address2,
  p.gender_at_birth AS "genderAtBirth", p.pronoun`;

/** The clinical columns of a booking row: selected only for roles with clinical access (spec 1 §6, spec 2 §6). */
export const CLINICAL_BOOKING_COLUMNS = 'p.medication AS medications, p.symptoms';

/** The product names of a booking row (product and order data: only for readers with that access). */
const PRODUCT_NAMES_COLUMN = `(SELECT coalesce(array_agg(bp.name ORDER BY bp.created_at, bp.unique_id), '{}') FROM booking_products bp
  WHERE bp.booking_id = b.id) AS "productNames"`;

/**
 * The columns of a booking list for this reader: staff and operation support never get the clinical ones; product names
 * only with product and order data access.
 */
export const bookingListColumns = (clinical: boolean, products = false) =>
  [BOOKING_COLUMNS, clinical ? CLINICAL_BOOKING_COLUMNS : null, products ? PRODUCT_NAMES_COLUMN : null].filter(Boolean).join(', ');

/**
 * The calendar's light projection (GET /bookings?view=events): what an event shows (patient name, care type, times,
 * status, tag, clinician) and what its actions check; no contact, address or clinical data. Read from the
 * trigger-kept calendar_events (migration 0030, aliased b: the range filters are the bookings' column names) in one
 * index-only range scan. Times come as epoch milliseconds (float8): cheaper to turn into ISO text than timestamptz
 * text is to parse; the patient's name as the event shows it (one text to read instead of two).
 */
const EVENT_VALUES: Array<{ sql: string; as: string; nullable?: true }> = [
  { sql: 'b.status', as: 'bookingStatus' },
  { sql: 'b.tag', as: 'tagOrLabel', nullable: true },
  { sql: 'b.clinician_id::text', as: 'primaryClinicianId', nullable: true },
  { sql: 'b.clinician_name', as: 'primaryClinicianName', nullable: true },
  { sql: 'b.care_type', as: 'careType' },
  { sql: 'b.care_location', as: 'careLocation' },
  { sql: `date_part('epoch', b.start_at) * 1000`, as: 'startMs' },
  { sql: `date_part('epoch', b.end_at) * 1000`, as: 'endMs' },
  { sql: 'b.timezone', as: 'eventTimeZone' },
  { sql: 'b.patient_id', as: 'patientId' },
  { sql: `b.first_name || ' ' || b.last_name`, as: 'name' },
];

/**
 * The columns of an event. `seen` (a column of b): whether the event is in the reader's scope; an event outside it
 * is read as its id, its state and which of its nullable values are set (an empty text for one that is), every other
 * value NULL: all a masked event shows (maskRecord keeps only whether a value is null), so nothing else about its
 * patient leaves the database. Without `seen` (a reader every event is open to) every value is read.
 */
export function calendarEventColumns(seen?: string): string {
  const columns = EVENT_VALUES.map((v) => `${valueForScope(seen ?? null, v.sql, v.nullable)} AS "${v.as}"`);
  return ['b.booking_id AS id', ...columns, 'b.state'].join(', ');
}

/**
 * The calendar's events matching `where` (conditions on calendar_events b), by start (at most 2000). `inScope`: the
 * reader's scope as SQL on an event (scopeSql), 'TRUE' for a reader every event is open to; an event outside it is
 * read as calendarEventColumns reads a masked one. The scope is evaluated once per event, in a subquery (its LIMIT
 * keeps it from being merged into the outer query, which keeps its order).
 */
export function calendarEventsSql(where: string, inScope: string): string {
  const range = `FROM calendar_events b WHERE ${where} ORDER BY b.start_at, b.booking_id LIMIT 2000`;
  return inScope === 'TRUE'
    ? `SELECT ${calendarEventColumns()} ${range}`
    : `SELECT ${calendarEventColumns('b.seen')} FROM (SELECT b.*, ${inScope} AS seen ${range}) b ORDER BY b.start_at, b.booking_id`;
}

export const BOOKING_FROM = `bookings b JOIN patients p ON p.id = b.patient_id LEFT JOIN clinicians c ON c.id = b.clinician_id`;

/** Start and end of the actor's day(s) in their time zone, as SQL over bound date parameters. */
const dayStart = (param: string, tz: string) => `((${param})::date::timestamp AT TIME ZONE ${tz})`;

/**
 * WHERE of a findBookings search. $1 is always the actor's time zone. A search on the patient's name, birth date,
 * phone or e-mail never matches a booking outside a licence-bound clinician's scope (its row is masked). `total`: the
 * count of a search that is only a range of starts, from counters (startRangeCount); other searches count their rows.
 */
export function findWhere(s: FindBookings, actor: Actor, tz: string) {
  const params: unknown[] = [tz];
  const bind = (v: unknown) => `$${params.push(v)}`;
  const identity = (condition: string) => scopeSql(actor, bind).onlyInScope(condition, { state: 'p.state', id: 'p.id' });
  const where: string[] = ['$1::text IS NOT NULL'];
  let range: [string, string] | null = null;
  switch (s.searchType) {
    case 'TODAY':
      range = [
        `(date_trunc('day', now() AT TIME ZONE $1) AT TIME ZONE $1)`,
        `((date_trunc('day', now() AT TIME ZONE $1) + interval '1 day') AT TIME ZONE $1)`,
      ];
      where.push(`b.start_at >= ${range[0]} AND b.start_at < ${range[1]}`);
      break;
    case 'BOOKING_ID':
      where.push(`upper(b.id) = upper(${bind(s.bookingId)})`);
      break;
    case 'LASTNAME_DOB':
      where.push(identity(`lower(p.last_name) = lower(${bind(s.lastName)}) AND p.dob = ${bind(s.dob)}::date`));
      break;
    case 'DATE_RANGE':
      range = [dayStart(bind(s.fromDate), '$1'), dayStart(`${bind(s.toDate)}::date + 1`, '$1')];
      where.push(`b.start_at >= ${range[0]} AND b.start_at < ${range[1]}`);
      break;
    case 'MOBILE_NO':
      where.push(identity(`p.phone = ${bind(s.mobileNo)}`));
      break;
    case 'EMAIL_ID':
      where.push(identity(`lower(p.email) = lower(${bind(s.emailId)})`));
      break;
    case 'UNASSIGNED':
      where.push('b.clinician_id IS NULL');
      break;
    case 'BOOKING_STATUS':
      where.push(`b.status = ${bind(s.bookingStatus)}`);
      break;
  }
  if (s.queryType === 'SELF') where.push(`b.clinician_id = ${bind(actor.sub)}::uuid`);
  if (s.queryType === 'UNASSIGNED') where.push('b.clinician_id IS NULL');
  const total = range && s.queryType === 'ALL' ? startRangeCount(...range) : undefined;
  return { where: where.join(' AND '), params, total };
}

/**
 * The number of bookings starting in [from, to) (SQL timestamptz expressions) from the quarter-hour counters of
 * migration 0042: the quarter hours wholly inside the range summed (lo..hi), the partial ones at either end counted
 * from the bookings (none for a range of whole local days).
 */
export const startRangeCount = (
  from: string,
  to: string,
) => `SELECT (COALESCE((SELECT sum(n) FROM booking_start_counts s WHERE s.slot >= r.lo AND s.slot < r.hi), 0)
    + (SELECT count(*) FROM bookings x WHERE x.start_at >= r.a AND x.start_at < LEAST(r.lo, r.b))
    + (SELECT count(*) FROM bookings x WHERE x.start_at >= GREATEST(r.lo, r.hi) AND x.start_at < r.b))::int
  FROM (SELECT a, b, booking_start_slot(a - interval '1 microsecond') + interval '15 minutes' AS lo, booking_start_slot(b) AS hi
          FROM (SELECT ${from} AS a, ${to} AS b) ab) r`;
