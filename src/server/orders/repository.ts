import type { InferSelectModel } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import type { OrderReportQuery, OrderReportRow } from '../../domain/kits/kit-reports';
import type { AccessContext } from '../auth/access-context';
import type { clinicians } from '../db/schema';
import { prepared } from '../db/prepared';
import { pageClause, queryRows } from '../db/rows';
import { auditEntries, toOrderReportRow, toOrderStatusRow, type OrderDbRow } from './repository-rows';

type Db = Pool | PoolClient;
type Clinician = InferSelectModel<typeof clinicians>;
export type { OrderDbRow } from './repository-rows';

/**
 * The orders' repository for one request's Actor (`req.data.orders`): the order report and its export, orders by
 * status, the users report. An order concerns a person, so each row is masked outside the Actor's scope and every row
 * returned is audited (a masked row without its patient id).
 */
export const ordersRepository = ({ db, actor, audit }: AccessContext) => ({
  /** One page of the order report, newest first, optionally of one status; masked per row and audited. */
  async report(q: OrderReportQuery): Promise<{ items: OrderReportRow[]; total: number }> {
    const { rows, total } = await orderReportPage(db, q);
    await audit.many(db, 'READ', 'order', auditEntries(actor, rows));
    return { items: rows.map((r) => toOrderReportRow(r, actor)), total };
  },

  /** Every matching order, newest first, in keyset batches of EXPORT_BATCH; masked and audited (EXPORT) batch by batch. */
  async *reportRows(status: string | undefined): AsyncGenerator<OrderReportRow> {
    let cursor: { ts: string; id: string } | null = null;
    for (;;) {
      const rows: OrderDbRow[] = await orderReportBatch(db, status, cursor);
      await audit.many(db, 'EXPORT', 'order', auditEntries(actor, rows));
      for (const r of rows) yield toOrderReportRow(r, actor);
      if (rows.length < EXPORT_BATCH) return;
      cursor = { ts: rows[rows.length - 1].cursorTs, id: rows[rows.length - 1].orderId };
    }
  },

  /** The orders of a status (the dashboard's order rows), masked per row and audited. */
  async byStatus(status: string, q: { careLocation?: string; page: number; perPage: number }) {
    const { rows, total } = await ordersByStatusPage(db, status, q);
    await audit.many(db, 'READ', 'order', auditEntries(actor, rows));
    return { items: rows.map((r) => toOrderStatusRow(r, actor)), total };
  },

  /** Users report: each clinician with the lab work assigned to it (no patient data), audited. */
  async usersReport(q: { page: number; perPage: number }) {
    const { rows, total } = await usersReportPage(db, q);
    await audit.one(db, { action: 'READ', entityType: 'users_report', outcome: 'SUCCESS' });
    return { items: rows, total };
  },
});
export type OrdersRepository = ReturnType<typeof ordersRepository>;

const ORDER_SELECT = `SELECT o.id AS "orderId", o.kit_id AS "kitId", o.status, o.email AS "orderEmail",
    o.inbound_tracking AS "inboundTracking", o.outbound_tracking AS "outboundTracking", o.created_at AS "createdAt",
    o.created_at::text AS "cursorTs", o.vendor, o.care_location AS "careLocation", o.patient_id AS "patientId",
    p.first_name AS "pFirstName", p.last_name AS "pLastName", p.street AS "pStreet", p.city AS "pCity", p.state AS "pState",
    p.zip AS "pZip", p.phone AS "pPhone", p.email AS "pEmail", COALESCE(k.patient_state, p.state) AS "patientState",
    co.first_name AS "sFirstName", co.last_name AS "sLastName", co.phone AS "sPhone", co.address->>'street_address' AS "sStreet",
    co.address->>'locality' AS "sCity", co.address->>'region' AS "sRegion", co.address->>'postal_code' AS "sZip"
  FROM orders o LEFT JOIN patients p ON p.id = o.patient_id LEFT JOIN kits k ON k.kit_id = o.kit_id
    LEFT JOIN commerce_orders co ON co.id = o.id`;

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** One page of the order report, newest first, optionally of one status. */
async function orderReportPage(db: Db, q: { status?: string; page: number; perPage: number }): Promise<Paged<OrderDbRow>> {
  const params: unknown[] = [];
  const where = q.status ? `WHERE o.status = $${params.push(q.status)}` : '';
  const [rows, count] = await Promise.all([
    queryRows<OrderDbRow>(db, prepared(`${ORDER_SELECT} ${where} ORDER BY o.created_at DESC, o.id DESC ${pageClause(q.page, q.perPage)}`, params)),
    db.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM orders o ${where}`, params)),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

/** Rows per batch of the streamed export (never the whole table in memory). */
export const EXPORT_BATCH = 1000;

/** The export's next keyset batch (newest first) after `cursor`, optionally of one status. */
async function orderReportBatch(db: Db, status: string | undefined, cursor: { ts: string; id: string } | null): Promise<OrderDbRow[]> {
  const params: unknown[] = [];
  const where: string[] = [
    status ? `o.status = $${params.push(status)}` : '',
    cursor ? `(o.created_at, o.id) < ($${params.push(cursor.ts)}::timestamptz, $${params.push(cursor.id)})` : '',
  ].filter(Boolean);
  const { rows } = await db.query<OrderDbRow>(
    `${ORDER_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.created_at DESC, o.id DESC LIMIT 1000`,
    params,
  );
  return rows;
}

/** One page of the orders of a status (optionally at a care location), newest first. */
async function ordersByStatusPage(db: Db, status: string, q: { careLocation?: string; page: number; perPage: number }): Promise<Paged<OrderDbRow>> {
  const params: unknown[] = [status];
  const where = `WHERE o.status = $1${q.careLocation && q.careLocation !== 'ALL' ? ` AND o.care_location = $${params.push(q.careLocation)}` : ''}`;
  const [rows, count] = await Promise.all([
    queryRows<OrderDbRow>(db, prepared(`${ORDER_SELECT} ${where} ORDER BY o.created_at DESC, o.id DESC ${pageClause(q.page, q.perPage)}`, params)),
    db.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM orders o ${where}`, params)),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

/** A users report row: a clinician and the lab work assigned to it (from the trigger-kept lab_counts). */
export interface UsersReportDbRow {
  clinicianId: Clinician['id'];
  firstName: Clinician['firstName'];
  lastName: Clinician['lastName'];
  email: Clinician['email'];
  status: Clinician['status'];
  state: Clinician['state'];
  assignedLabRequests: number;
  openLabRequests: number;
  assignedTestResults: number;
  resultsNeedingReview: number;
}

/** One page of the users report, by clinician name. */
async function usersReportPage(db: Db, q: { page: number; perPage: number }): Promise<Paged<UsersReportDbRow>> {
  const [rows, count] = await Promise.all([
    db.query<UsersReportDbRow>(`SELECT c.id AS "clinicianId", c.first_name AS "firstName", c.last_name AS "lastName", c.email, c.status, c.state,
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'request'), 0)::int AS "assignedLabRequests",
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'request' AND lc.status = 'REGISTERED'), 0)::int AS "openLabRequests",
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'result'), 0)::int AS "assignedTestResults",
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'result' AND lc.status = 'NEEDS_CLINICIAN_REVIEW'), 0)::int AS "resultsNeedingReview"
        FROM clinicians c LEFT JOIN lab_counts lc ON lc.clinician_key = c.id::text
       GROUP BY c.id ORDER BY c.last_name, c.first_name, c.id ${pageClause(q.page, q.perPage)}`),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM clinicians`),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}
