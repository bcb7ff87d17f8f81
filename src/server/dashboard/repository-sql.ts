import type { Pool, PoolClient } from 'pg';
import { SELF_CHECK_IN_STEPS } from '../../domain/booking-detail/booking-identity';
import type { DashboardCard } from '../../domain/dashboard/dashboard';
import { prepared, queryGenericPlan } from '../db/prepared';
import type { CardDbRow } from './rows';

/**
 * The SQL of the dashboard cards. Bound values shared by every card query (repository.ts binds them): $1 states (null =
 * any), $2 care location (null = any), $3 actor, $4 time zone; $5 and $6 the page.
 */

/** Names every shared parameter once with its type, so a query is valid whichever cards (and parameters) it uses. */
export const TYPED_PARAMS = `$1::text[] AS "pStates", $2::text AS "pLocation", $3::uuid AS "pActor", $4::text AS "pTimeZone"`;
export const PARAM_COLUMNS = ['pStates', 'pLocation', 'pActor', 'pTimeZone'] as const;

/** Starts today in the actor's zone, of the bookings (or their calendar events) aliased `b`. */
const today = (b: string) => `${b}.start_at >= (date_trunc('day', now() AT TIME ZONE $4) AT TIME ZONE $4)
  AND ${b}.start_at < ((date_trunc('day', now() AT TIME ZONE $4) + interval '1 day') AT TIME ZONE $4)`;
const TODAY = today('b');

/** Self check-in of booking `b` is complete when every one of its six steps is done (the rule of checkInProgress). */
export const selfCheckInDoneSql = (b: string) =>
  `(${b}.self_check_in_steps @> ARRAY[${SELF_CHECK_IN_STEPS.map((s) => `'${s}'`).join(', ')}]::text[])`;
/** The products ({name}) of booking `b`, in the order they were added. */
export const bookingProductsSql = (b: string) =>
  `(SELECT COALESCE(json_agg(json_build_object('name', bp.name) ORDER BY bp.created_at, bp.unique_id), '[]'::json)
      FROM booking_products bp WHERE bp.booking_id = ${b}.id)`;

/**
 * FROM/WHERE of a card, and the columns of its rows (shaped as the spec's kit / order / booking rows).
 * Only constants from the card catalogue are interpolated; every value is a bound parameter.
 */
export function cardSql(card: DashboardCard): { from: string; columns: string; order: string } {
  const status = 'status' in card ? `'${card.status.replace(/[^A-Z_]/g, '')}'` : '';
  switch (card.source) {
    case 'results':
      return {
        from: `test_results tr JOIN kits k ON k.kit_id = tr.kit_id LEFT JOIN patients p ON p.id = k.patient_id
               LEFT JOIN clinicians c ON c.id = tr.clinician_id
               WHERE tr.status = ${status} AND ($2::text IS NULL OR tr.care_location = $2)
                 AND ($1::text[] IS NULL OR tr.patient_state = ANY($1::text[]))`,
        columns: `'kit' AS "rowType", k.kit_id AS "kitId", k.patient_id AS "patientId", p.first_name || ' ' || p.last_name AS name,
                  p.dob::text AS dob, p.email AS email, c.first_name || ' ' || c.last_name AS "clinicianName", k.status AS "kitStatus",
                  tr.status AS "testResultStatus", k.care_location AS "careLocation", k.product_name AS "panelName",
                  tr.patient_state AS "patientState", tr.created_at AS "createDateTime"`,
        order: 'tr.created_at DESC, tr.kit_id',
      };
    case 'kits':
      return {
        from: `kits k LEFT JOIN patients p ON p.id = k.patient_id
               WHERE k.status = ${status} AND ($2::text IS NULL OR k.care_location = $2)
                 AND ($1::text[] IS NULL OR k.patient_state = ANY($1::text[]))`,
        columns: `'kit' AS "rowType", k.kit_id AS "kitId", k.patient_id AS "patientId", p.first_name || ' ' || p.last_name AS name,
                  p.dob::text AS dob, p.email AS email, NULL AS "clinicianName", k.status AS "kitStatus", NULL AS "testResultStatus",
                  k.care_location AS "careLocation", k.product_name AS "panelName", k.patient_state AS "patientState",
                  k.created_at AS "createDateTime"`,
        order: 'k.created_at DESC, k.kit_id',
      };
    case 'orders':
      return {
        from: `orders o LEFT JOIN patients p ON p.id = o.patient_id
               WHERE o.status = ${status} AND ($2::text IS NULL OR o.care_location = $2)
                 AND ($1::text[] IS NULL OR p.state = ANY($1::text[]))`,
        columns: `'order' AS "rowType", o.id AS "orderId", o.kit_id AS "kitId", o.patient_id AS "patientId", o.status AS "orderStatus",
                  o.created_at AS "orderCreateDate", o.email AS email, o.vendor AS vendor, o.care_location AS "careLocation",
                  p.state AS "patientState", o.created_at AS "createDateTime"`,
        order: 'o.created_at DESC, o.id',
      };
    case 'bookings':
      return {
        from: `bookings b JOIN patients p ON p.id = b.patient_id
               WHERE ${TODAY} AND ($2::text IS NULL OR b.care_location = $2) AND ($1::text[] IS NULL OR p.state = ANY($1::text[]))`,
        columns: `'booking' AS "rowType", b.id AS "bookingId", b.patient_id AS "patientId", b.status AS "bookingStatus",
                  p.state AS "careStateRegion", p.email AS email, p.first_name || ' ' || p.last_name AS name, ${selfCheckInDoneSql('b')} AS "selfcheckinComplete",
                  p.dob::text AS dob, ${bookingProductsSql('b')} AS products, b.care_location AS "careLocation", b.start_at AS "appntStart",
                  p.state AS "patientState", b.created_at AS "createDateTime"`,
        order: 'b.start_at, b.id',
      };
    case 'messages':
      return {
        from: `messages m JOIN patients p ON p.id = m.patient_id
               WHERE m.from_actor_type = 'P'
                 AND NOT EXISTS (SELECT 1 FROM message_reads r WHERE r.message_id = m.id AND r.user_sub = ($3::uuid)::text) AND (m.to_clinician_id = $3::uuid OR m.to_clinician_id IS NULL)
                 AND ($1::text[] IS NULL OR p.state = ANY($1::text[]))`,
        columns: `'message' AS "rowType", m.id AS "messageId", m.patient_id AS "patientId", m.subject AS subject,
                  p.first_name || ' ' || p.last_name AS name, m.message_type AS "messageType", p.state AS "patientState",
                  m.created_at AS "createDateTime"`,
        order: 'm.created_at DESC, m.id',
      };
  }
}

const COUNTER_SOURCE = { results: 'result', kits: 'kit', orders: 'order', messages: 'message' } as const;

/**
 * The count of a card over the same parameters as cardSql: from the trigger-kept dashboard_counts (migration 0017;
 * '' = no care location / patient state / addressee, which no filter value equals), except today's appointments,
 * which depend on the day and are counted from the bookings (a few hundred rows through the start_at index).
 */
export function cardCountSql(card: DashboardCard): string {
  // Today's few hundred bookings from their calendar events (migration 0030: one per booking, kept by triggers with its
  // care location and its patient's state): one index-only range scan, no patient looked up per booking.
  if (card.source === 'bookings') {
    return `SELECT count(*)::int FROM calendar_events ce WHERE ${today('ce')} AND ($2::text IS NULL OR ce.care_location = $2)
      AND ($1::text[] IS NULL OR ce.state = ANY($1::text[]))`;
  }
  const status = card.source === 'messages' ? 'UNREAD' : card.status.replace(/[^A-Z_]/g, '');
  // Messages have no care location (the card ignores that filter) but an addressee: the actor or nobody.
  const own = card.source === 'messages' ? `(clinician_key = $3::uuid::text OR clinician_key = '')` : `($2::text IS NULL OR care_location = $2)`;
  return `SELECT COALESCE(sum(n), 0)::int FROM dashboard_counts WHERE source = '${COUNTER_SOURCE[card.source]}' AND status = '${status}'
    AND ${own} AND ($1::text[] IS NULL OR patient_state = ANY($1::text[]))`;
}

type Db = Pool | PoolClient;
/** The pool (a transaction's client has release): the generic plan is set on a connection of its own. */
const isPool = (db: Db): db is Pool => !('release' in db);

/**
 * All the cards' counts and first rows in one round trip, as `<key>_count` and `<key>_rows`. A named statement with
 * its generic plan: the eighteen sub-selects take longer to plan than to run, and a role sees one set of cards.
 */
export async function summaryOf(db: Db, cards: readonly DashboardCard[], params: unknown[]): Promise<Record<string, unknown>> {
  const selects = cards.flatMap((card) => {
    const s = cardSql(card);
    return [
      `(${cardCountSql(card)}) AS "${card.key}_count"`,
      // A card whose (exact) counter is 0 has no rows: the one-time filter skips its scan (e.g. no-patient results in My States).
      `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (SELECT ${s.columns} FROM ${s.from}${card.source === 'bookings' ? '' : ` AND (${cardCountSql(card)}) > 0`}
        ORDER BY ${s.order} LIMIT $5) r) AS "${card.key}_rows"`,
    ];
  });
  if (!selects.length) return {};
  const query = prepared(`SELECT ${TYPED_PARAMS}, ${selects.join(',\n')}`, params);
  return (isPool(db) ? await queryGenericPlan(db, query) : await db.query(query)).rows[0];
}

/** One page of a card's rows ($5 rows from $6) and its count. */
export async function cardPageOf(db: Db, card: DashboardCard, params: unknown[]) {
  const s = cardSql(card);
  const [rows, count] = await Promise.all([
    db.query<CardDbRow>(`SELECT ${s.columns}, ${TYPED_PARAMS} FROM ${s.from} ORDER BY ${s.order} LIMIT $5 OFFSET $6`, params),
    db.query<{ n: number }>(`SELECT (${cardCountSql(card)}) AS n, ${TYPED_PARAMS}`, params.slice(0, 4)),
  ]);
  return { rows: rows.rows, total: count.rows[0].n };
}
