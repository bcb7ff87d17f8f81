import type { Pool, PoolClient } from 'pg';
import type { AppointmentWhen, KitGroup } from '../../domain/patients/patient-profile';
import { prepared } from '../db/prepared';
import { pageClause } from '../db/rows';

/**
 * The SQL of the patient profile's tabs (used by repository-lists.ts only): bookings, kits and a kit's result, orders
 * and the event history, each a page with its total. The patient's scope is checked before these run.
 */

type Paging = { page: number; perPage: number };

/** The patient's bookings (upcoming: end, or start without one, after now, soonest first; past: latest first). */
export async function bookingsOf(
  db: Pool | PoolClient,
  patientId: string,
  when: AppointmentWhen | undefined,
  paging: Paging,
  order?: 'ASC' | 'DESC',
) {
  const end = `COALESCE(b.end_at, b.start_at)`;
  const cond = when === 'upcoming' ? `AND ${end} > now()` : when === 'past' ? `AND ${end} <= now()` : '';
  const dir = order ?? (when === 'upcoming' ? 'ASC' : 'DESC');
  const where = `WHERE b.patient_id = $1 ${cond}`;
  const [rows, count] = await Promise.all([
    db.query(
      prepared(
        `SELECT b.id, b.start_at AS "appntStart", b.end_at AS "appntEnd", b.status, b.care_type AS "careType",
        b.care_location AS "careLocation", b.timezone, b.clinician_id::text AS "primaryClinicianId",
        c.first_name || ' ' || c.last_name AS "primaryClinicianName",
        COALESCE((SELECT json_agg(json_build_object('name', bp.name) ORDER BY bp.created_at) FROM booking_products bp WHERE bp.booking_id = b.id), '[]') AS products
      FROM bookings b LEFT JOIN clinicians c ON c.id = b.clinician_id ${where}
      ORDER BY b.start_at ${dir}, b.id ${dir} ${pageClause(paging.page, paging.perPage)}`,
        [patientId],
      ),
    ),
    db.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM bookings b ${where}`, [patientId])),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, appntStart: r.appntStart.toISOString(), appntEnd: r.appntEnd?.toISOString() ?? null })),
    total: count.rows[0].total,
  };
}

/** The patient's kits in one tab group (spec 3 §4: REPORT_READY is both active and previous), newest first. */
export async function kitsOf(db: Pool | PoolClient, patientId: string, group: KitGroup, paging: Paging, order: 'ASC' | 'DESC') {
  const cond = group === 'active' ? `AND k.status <> 'COMPLETE'` : group === 'previous' ? `AND k.status IN ('COMPLETE', 'REPORT_READY')` : '';
  const where = `WHERE k.patient_id = $1 ${cond}`;
  const [rows, count] = await Promise.all([
    db.query(
      prepared(
        `SELECT k.kit_id AS "kitId", k.status AS "kitStatus", lr.clinician_id::text AS "clinicianId",
        c.first_name AS "cFirst", c.last_name AS "cLast", k.registration_date AS "registrationDateTime", k.patient_id::text AS "patientId",
        k.product_name AS "productName", EXISTS (SELECT 1 FROM test_results tr WHERE tr.kit_id = k.kit_id) AS "hasResult"
      FROM kits k LEFT JOIN lab_requests lr ON lr.kit_id = k.kit_id LEFT JOIN clinicians c ON c.id = lr.clinician_id ${where}
      ORDER BY k.registration_date ${order}, k.kit_id ${order} ${pageClause(paging.page, paging.perPage)}`,
        [patientId],
      ),
    ),
    db.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM kits k ${where}`, [patientId])),
  ]);
  return {
    rows: rows.rows.map(({ cFirst, cLast, ...r }) => ({
      ...r,
      id: r.kitId,
      registrationDateTime: r.registrationDateTime.toISOString(),
      clinician: cFirst ? { firstName: cFirst, lastName: cLast } : null,
    })),
    total: count.rows[0].total,
  };
}

/** A kit with its patient's state and its latest test result (the result panel, loaded on expand). */
export async function kitResultOf(db: Pool | PoolClient, kitId: string) {
  const { rows } = await db.query<{
    kitId: string;
    productName: string;
    patientId: string | null;
    patientState: string | null;
    createDateTime: Date | null;
    results: { testName: string; result: string }[] | null;
  }>(
    `SELECT k.kit_id AS "kitId", k.product_name AS "productName", k.patient_id::text AS "patientId", p.state AS "patientState",
            tr.created_at AS "createDateTime", tr.results
       FROM kits k LEFT JOIN patients p ON p.id = k.patient_id
       LEFT JOIN LATERAL (SELECT created_at, results FROM test_results WHERE kit_id = k.kit_id ORDER BY created_at DESC LIMIT 1) tr ON true
      WHERE k.kit_id = $1`,
    [kitId],
  );
  return rows[0];
}

/** The patient's orders, newest first (all vendors: the clinician order summary; or one vendor). */
export async function ordersOf(db: Pool | PoolClient, patientId: string, vendor: string | undefined, paging: Paging, order: 'ASC' | 'DESC') {
  const params: unknown[] = [patientId];
  const where = `WHERE o.patient_id = $1${vendor ? ` AND o.vendor = $${params.push(vendor)}` : ''}`;
  const [rows, count] = await Promise.all([
    db.query(
      prepared(
        `SELECT o.id, o.kit_id AS "kitId", COALESCE(k.product_name, o.product_name) AS "productName", o.status AS "fulfillmentStatus",
        o.outbound_tracking AS "outboundTrackingUrl", o.inbound_tracking AS "inboundTrackingUrl", o.vendor,
        c.first_name || ' ' || c.last_name AS "clinicianName", o.created_at AS "createdAt"
      FROM orders o LEFT JOIN kits k ON k.kit_id = o.kit_id LEFT JOIN lab_requests lr ON lr.kit_id = o.kit_id
      LEFT JOIN clinicians c ON c.id = lr.clinician_id ${where}
      ORDER BY o.created_at ${order}, o.id ${order} ${pageClause(paging.page, paging.perPage)}`,
        params,
      ),
    ),
    db.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM orders o ${where}`, params)),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), line_item: { name: r.productName } })),
    total: count.rows[0].total,
  };
}

/** The patient's event history, newest first. */
export async function eventsOf(db: Pool | PoolClient, patientId: string, paging: Paging, order: 'ASC' | 'DESC') {
  const [rows, count] = await Promise.all([
    db.query(
      prepared(
        `SELECT e.id::text AS id, e.created_at AS created, e.entity_type AS "entityType", e.entity_id AS "entityId",
        e.event_type AS "eventType", e.actor_type AS "actorType"
      FROM patient_events e WHERE e.patient_id = $1
      ORDER BY e.created_at ${order}, e.id ${order} ${pageClause(paging.page, paging.perPage)}`,
        [patientId],
      ),
    ),
    db.query<{ total: number }>(prepared('SELECT count(*)::int AS total FROM patient_events e WHERE e.patient_id = $1', [patientId])),
  ]);
  return { rows: rows.rows.map((r) => ({ ...r, created: r.created.toISOString() })), total: count.rows[0].total };
}
