import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { BookingLogEntry, BookingLogKind, BookingProduct } from '../../domain/booking-detail/booking-detail';
import type { IdentityDocumentKey } from '../../domain/booking-detail/booking-identity';
import type { Actor } from '../auth/actor';
import { prepared } from '../db/prepared';
import { pageAndTotal, queryRows } from '../db/rows';
import { BOOKING_COLUMNS, BOOKING_FROM, calendarEventsSql, CLINICAL_BOOKING_COLUMNS } from './repository-sql';

// The plain queries of bookings on a given connection. They apply no access policy: the Actor-bound repository
// (repository.ts) applies the scope, masking and audit around them.

type Db = Pool | PoolClient;

/** A booking row with every detail column (dates as Date, money in cents). */
export interface BookingRow {
  id: string;
  bookingStatus: string;
  tagOrLabel: string | null;
  primaryClinicianId: string | null;
  primaryClinicianName: string | null;
  careType: string;
  careLocation: string;
  appntStart: Date;
  appntEnd: Date;
  eventTimeZone: string;
  bookedAt: Date;
  patientId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  dob: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  address1: string | null;
  address2: string | null;
  genderAtBirth: string | null;
  pronoun: string | null;
  medications: string | null;
  symptoms: string | null;
  allergies: string | null;
  hasAccount: boolean;
  customerNotes: string | null;
  intakeLink: string | null;
  meetingUrl: string | null;
  meetingPwd: string | null;
  consultMedium: string | null;
  plannedMins: number | null;
  actualMins: number | null;
  calComUniqueId: string | null;
  isReturning: boolean;
  selfCheckInSteps: string[];
  identityVerified: boolean | null;
  documentKeys: Partial<Record<IdentityDocumentKey, string>>;
  clinicalServiceMins: number | null;
  clinicalServiceNotes: string | null;
  closingNotes: string | null;
  paymentMode: string | null;
  paymentAmountCents: number | null;
  paymentRefId: string | null;
}

const DETAIL_COLUMNS = `${BOOKING_COLUMNS}, ${CLINICAL_BOOKING_COLUMNS}, p.allergies, p.has_account AS "hasAccount", b.customer_notes AS "customerNotes",
  b.intake_link AS "intakeLink", b.meeting_url AS "meetingUrl", b.meeting_pwd AS "meetingPwd", b.consult_medium AS "consultMedium",
  b.planned_mins AS "plannedMins", b.actual_mins AS "actualMins", b.cal_com_unique_id AS "calComUniqueId", b.is_returning AS "isReturning",
  b.self_check_in_steps AS "selfCheckInSteps", b.identity_verified AS "identityVerified", b.document_keys AS "documentKeys",
  b.clinical_service_mins AS "clinicalServiceMins", b.clinical_service_notes AS "clinicalServiceNotes", b.closing_notes AS "closingNotes",
  b.payment_mode AS "paymentMode", b.payment_amount_cents AS "paymentAmountCents", b.payment_ref_id AS "paymentRefId"`;

/** One booking with its patient; `lock` takes the booking row lock (FOR UPDATE) inside a transaction. */
export async function loadBooking(db: Db, id: string, lock = false): Promise<BookingRow | null> {
  const { rows } = await db.query<BookingRow>(
    prepared(`SELECT ${DETAIL_COLUMNS} FROM ${BOOKING_FROM} WHERE b.id = $1${lock ? ' FOR UPDATE OF b' : ''}`, [id]),
  );
  return rows[0] ?? null;
}

const PRODUCT_COLUMNS = `unique_id::text AS "uniqueId", product_id AS id, slug, name, variant_id AS "variantId", variant_name AS "variantName",
  unit_price_cents / 100.0 AS "unitPrice", qty, payment_status AS "paymentStatus", reason_or_comment AS "reasonOrComment",
  discount_type AS "discountType", CASE WHEN discount_type = 'PERCENT' THEN discount_value_cents ELSE discount_value_cents / 100.0 END AS "discountValue",
  paid_cents / 100.0 AS collected`;

export async function loadProducts(db: Db, bookingId: string): Promise<BookingProduct[]> {
  const { rows } = await db.query(
    prepared(`SELECT ${PRODUCT_COLUMNS} FROM booking_products WHERE booking_id = $1 ORDER BY created_at, unique_id`, [bookingId]),
  );
  return rows.map((r) => ({
    ...r,
    unitPrice: Number(r.unitPrice),
    discountValue: r.discountValue === null ? null : Number(r.discountValue),
    collected: r.collected === null ? null : Number(r.collected),
  }));
}

export async function loadLog(db: Db, bookingId: string): Promise<BookingLogEntry[]> {
  const { rows } = await db.query<{ created: Date; authorName: string; note: string; kind: BookingLogKind }>(
    prepared(
      `SELECT created_at AS created, author_name AS "authorName", note, kind FROM booking_log WHERE booking_id = $1 ORDER BY created_at DESC, id DESC`,
      [bookingId],
    ),
  );
  return rows.map((r) => ({ ...r, created: r.created.toISOString() }));
}

export async function loadKitIds(db: Db, bookingId: string): Promise<string[]> {
  const { rows } = await db.query<{ kitId: string }>(
    prepared(`SELECT kit_id AS "kitId" FROM kits WHERE booking_id = $1 ORDER BY created_at, kit_id`, [bookingId]),
  );
  return rows.map((r) => r.kitId);
}

/** Appends a booking log entry: author from the Actor, created now (ISO in the answer). */
export async function addLog(client: PoolClient, actor: Actor, bookingId: string, kind: BookingLogKind, note: string): Promise<void> {
  await client.query(
    prepared(`INSERT INTO booking_log (booking_id, kind, note, author_id, author_name) VALUES ($1, $2, $3, $4, $5)`, [
      bookingId,
      kind,
      note,
      actor.sub,
      `${actor.givenName} ${actor.familyName}`,
    ]),
  );
}

/** One page of a findBookings search in the server's order (newest start first), and the number of matches. */
export async function findBookingRows<R>(
  db: Db,
  columns: string,
  search: { where: string; params: unknown[]; total?: string },
  limit: number,
  offset: number,
) {
  const { where, params } = search;
  // Named statements (a search has a few shapes; page and size are bound): planned once per connection where the
  // generic plan is as good (the 15-day range: 0.4 ms of planning per request before). The page and its total in one
  // round trip: the count is an uncorrelated sub-select, run once, in every row. Every booking has its patient (NOT
  // NULL, foreign key): without a patient condition the count needs no join.
  const n = params.length;
  const count =
    search.total ?? `SELECT count(*)::int FROM bookings b${/\bp\./.test(where) ? ' JOIN patients p ON p.id = b.patient_id' : ''} WHERE ${where}`;
  const { rows, total } = await pageAndTotal<R & QueryResultRow>(db, {
    pageWithTotal: `SELECT (${count}) AS "total", ${columns} FROM ${BOOKING_FROM} WHERE ${where} ORDER BY b.start_at DESC, b.id
      LIMIT $${n + 1}::int OFFSET $${n + 2}::int`,
    firstWithTotal: `SELECT (${count}) AS "total" FROM ${BOOKING_FROM} WHERE ${where}
      LIMIT 1 + 0 * $${n + 1}::int OFFSET 0 * $${n + 2}::int`,
    params: [...params, limit, offset],
    offset,
  });
  return { rows, total };
}

export interface RangeQuery {
  tz: string;
  date?: string;
  from?: string;
  to?: string;
  location: string;
  clinicianOnly?: string;
  unassigned: boolean;
  clinicianId?: string;
}

/** The conditions of a day in the reader's zone (its zone is $1), or of a range, and of the calendar's filters. */
function rangeWhere(q: RangeQuery, params: unknown[]): string {
  const where = q.date
    ? [
        `b.start_at >= ($${params.push(q.date)}::date::timestamp AT TIME ZONE $1) AND b.start_at < (($${params.length}::date + 1)::timestamp AT TIME ZONE $1)`,
      ]
    : [`$1::text IS NOT NULL AND b.start_at >= $${params.push(q.from)}::timestamptz AND b.start_at < $${params.push(q.to)}::timestamptz`];
  if (q.location !== 'ALL') where.push(`b.care_location = $${params.push(q.location)}`);
  if (q.clinicianOnly) where.push(`b.clinician_id = $${params.push(q.clinicianOnly)}::uuid`);
  if (q.unassigned) where.push('b.clinician_id IS NULL');
  if (q.clinicianId) where.push(`b.clinician_id = $${params.push(q.clinicianId)}::uuid`);
  return where.join(' AND ');
}

/** The bookings of a day in the reader's zone, or of a range, by start (at most 2000). */
export async function rangeBookingRows<R>(db: Db, columns: string, q: RangeQuery) {
  const params: unknown[] = [q.tz];
  const where = rangeWhere(q, params);
  // A named statement (a few shapes: day or range, and the filters; values bound): planned once per connection.
  const { rows } = await queryRows<R & QueryResultRow>(
    db,
    prepared(`SELECT ${columns} FROM ${BOOKING_FROM} WHERE ${where} ORDER BY b.start_at, b.id LIMIT 2000`, params),
  );
  return rows;
}

/**
 * The calendar's events of a day or a range (calendar_events, migration 0030) as calendarEventsSql reads them for
 * `inScope`: the reader's scope as SQL on an event (scopeSql, binding its values), or 'TRUE'.
 */
export async function calendarEventRows<R>(db: Db, q: RangeQuery, inScope: (bind: (value: unknown) => string) => string) {
  const params: unknown[] = [q.tz];
  const seen = inScope((value) => `$${params.push(value)}`);
  const { rows } = await queryRows<R & QueryResultRow>(db, prepared(calendarEventsSql(rangeWhere(q, params), seen), params));
  return rows;
}

/** A patient's bookings, newest first (at most 500). */
export async function patientBookingRows<R>(db: Db, columns: string, patientId: string) {
  const { rows } = await queryRows<R & QueryResultRow>(db, {
    text: `SELECT ${columns} FROM ${BOOKING_FROM} WHERE b.patient_id = $1 ORDER BY b.start_at DESC, b.id LIMIT 500`,
    values: [patientId],
  });
  return rows;
}
