import { PRODUCT_ORDER_ROLES, read } from '../../domain/route-access';
import { Readable } from 'node:stream';
import type { Pool } from 'pg';
import { z } from 'zod';
import { csvLine } from '../../domain/csv';
import { orderListSchema, orderReportQuerySchema, orderReportSchema, ordersByStatusQuerySchema, orderStatusParamSchema, usersReportQuerySchema, usersReportSchema, type OrderReportQuery, type OrderReportRow } from '../../domain/kit-reports';
import { maskRecord } from '../../domain/masking';
import { writeAudit, writeAuditMany } from '../audit/audit';
import { assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { actorOf } from '../auth/secure-plugin';
import { prepared } from '../db/prepared';
import { errorBody, type ZodApp } from '../http/validation';
import { pageClause } from '../kits/list-query';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

interface OrderDbRow {
  orderId: string; kitId: string | null; status: string; orderEmail: string; inboundTracking: string | null; outboundTracking: string | null;
  createdAt: Date; cursorTs: string; vendor: string; careLocation: string; patientId: string | null; pFirstName: string | null;
  pLastName: string | null; pStreet: string | null; pCity: string | null; pState: string | null; pZip: string | null; pPhone: string | null;
  pEmail: string | null; patientState: string | null;
}

const ORDER_SELECT = `SELECT o.id AS "orderId", o.kit_id AS "kitId", o.status, o.email AS "orderEmail",
    o.inbound_tracking AS "inboundTracking", o.outbound_tracking AS "outboundTracking", o.created_at AS "createdAt",
    o.created_at::text AS "cursorTs", o.vendor, o.care_location AS "careLocation", o.patient_id AS "patientId",
    p.first_name AS "pFirstName", p.last_name AS "pLastName", p.street AS "pStreet", p.city AS "pCity", p.state AS "pState",
    p.zip AS "pZip", p.phone AS "pPhone", p.email AS "pEmail", COALESCE(k.patient_state, p.state) AS "patientState"
  FROM orders o LEFT JOIN patients p ON p.id = o.patient_id LEFT JOIN kits k ON k.kit_id = o.kit_id`;

/**
 * An order always concerns a person (its e-mail at least), so an order whose patient state is unknown is outside a
 * licence-bound clinician's scope, with or without a linked patient record.
 */
const masksFor = (actor: Actor, r: Pick<OrderDbRow, 'patientState'>) => !inScope(actor, { patientState: r.patientState });
/** Audit entries of the rows returned: a masked row discloses no patient, so it carries no patient id. */
const audited = (actor: Actor, rows: OrderDbRow[]) => rows.map((r) => ({ entityId: r.orderId, patientId: masksFor(actor, r) ? null : r.patientId }));

/** Order report row (spec 1 §3 Order): address and patient from the patient record, null without one ("No Address"). */
function toOrderReportRow(r: OrderDbRow, actor: Actor): OrderReportRow {
  const row: Omit<OrderReportRow, 'masked'> = {
    orderId: r.orderId,
    kitId: r.kitId,
    status: r.status,
    address: r.patientId && r.pStreet ? {
      first_name: r.pFirstName ?? '', last_name: r.pLastName ?? '', address1: r.pStreet, city: r.pCity, province_code: r.pState, zip: r.pZip, phone: r.pPhone,
    } : null,
    inboundTracking: r.inboundTracking,
    outboundTracking: r.outboundTracking,
    orderEmail: r.orderEmail,
    patientUser: r.patientId ? { firstName: r.pFirstName ?? '', lastName: r.pLastName ?? '', email: r.pEmail ?? '', phoneNumber: r.pPhone } : null,
    createDateTime: r.createdAt.toISOString(),
  };
  return masksFor(actor, r) ? maskRecord(row) : { ...row, masked: false };
}

export const ORDER_CSV_HEADER = ['Order ID', 'Status', 'Kit ID', 'Order Email', 'First Name', 'Last Name', 'Patient Email', 'Phone',
  'Address', 'City', 'State', 'Zip', 'Outbound Tracking', 'Inbound Tracking', 'Created'];

/** Orders report (spec 1 §2 Order Report), the dashboard's orders by status, the users report. */
export function orderRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  const reads = read(PRODUCT_ORDER_ROLES, { licenceBound: true });

  function reportWhere(q: Pick<OrderReportQuery, 'status'>, params: unknown[]) {
    return q.status ? `WHERE o.status = $${params.push(q.status)}` : '';
  }

  app.get('/secure/report/orders', {
    config: reads,
    schema: { tags: ['orders'], querystring: orderReportQuerySchema, response: { 200: orderReportSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    const q = req.query as OrderReportQuery;
    const params: unknown[] = [];
    const where = reportWhere(q, params);
    const [rows, count] = await Promise.all([
      pool.query<OrderDbRow>(prepared(`${ORDER_SELECT} ${where} ORDER BY o.created_at DESC, o.id DESC ${pageClause(q.page, q.perPage)}`, params)),
      pool.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM orders o ${where}`, params)),
    ]);
    await writeAuditMany(pool, req, 'READ', 'order', audited(actor, rows.rows));
    return { items: rows.rows.map((r) => toOrderReportRow(r, actor)), total: count.rows[0].total };
  });

  /** Streams every matching order as CSV in keyset pages of 1000 (never the whole table in memory), masked and audited like the list. */
  app.get('/secure/report/orders/export', {
    config: reads,
    schema: { tags: ['orders'], querystring: orderReportQuerySchema.omit({ page: true, perPage: true }) },
  }, (req, reply) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    const q = req.query as Pick<OrderReportQuery, 'status'>;
    async function* lines() {
      yield csvLine(ORDER_CSV_HEADER);
      let cursor: { ts: string; id: string } | null = null;
      for (;;) {
        const params: unknown[] = [];
        const where: string[] = [q.status ? `o.status = $${params.push(q.status)}` : '',
          cursor ? `(o.created_at, o.id) < ($${params.push(cursor.ts)}::timestamptz, $${params.push(cursor.id)})` : ''].filter(Boolean);
        const { rows }: { rows: OrderDbRow[] } = await pool.query<OrderDbRow>(
          `${ORDER_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.created_at DESC, o.id DESC LIMIT 1000`, params);
        await writeAuditMany(pool, req, 'EXPORT', 'order', audited(actor, rows));
        for (const r of rows) {
          const o = toOrderReportRow(r, actor);
          yield csvLine([o.orderId, o.status, o.kitId, o.orderEmail, o.patientUser?.firstName, o.patientUser?.lastName, o.patientUser?.email,
            o.patientUser?.phoneNumber, o.address?.address1, o.address?.city, o.address?.province_code, o.address?.zip,
            o.outboundTracking, o.inboundTracking, o.createDateTime]);
        }
        if (rows.length < 1000) break;
        cursor = { ts: rows[rows.length - 1].cursorTs, id: rows[rows.length - 1].orderId };
      }
    }
    reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(lines()));
  });

  /** Orders by status (spec 1 §7; the dashboard's order rows): outside /secure in the spec, inside the secure scope here. */
  app.get('/default/order/status/:status', {
    config: reads,
    schema: { tags: ['orders'], params: orderStatusParamSchema, querystring: ordersByStatusQuerySchema, response: { 200: orderListSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    const { status } = req.params as { status: string };
    const q = req.query as z.infer<typeof ordersByStatusQuerySchema>;
    const params: unknown[] = [status];
    const where = `WHERE o.status = $1${q.careLocation && q.careLocation !== 'ALL' ? ` AND o.care_location = $${params.push(q.careLocation)}` : ''}`;
    const [rows, count] = await Promise.all([
      pool.query<OrderDbRow>(prepared(`${ORDER_SELECT} ${where} ORDER BY o.created_at DESC, o.id DESC ${pageClause(q.page, q.perPage)}`, params)),
      pool.query<{ total: number }>(prepared(`SELECT count(*)::int AS total FROM orders o ${where}`, params)),
    ]);
    await writeAuditMany(pool, req, 'READ', 'order', audited(actor, rows.rows));
    return {
      items: rows.rows.map((r) => {
        const createdAt = r.createdAt.toISOString();
        const row = { orderId: r.orderId, orderStatus: r.status, orderCreateDate: createdAt, email: r.orderEmail, vendor: r.vendor,
          careLocation: r.careLocation, kitId: r.kitId, createDateTime: createdAt };
        return masksFor(actor, r) ? maskRecord(row) : { ...row, masked: false };
      }),
      total: count.rows[0].total,
    };
  });

  /** Users report: each clinician with the lab requests and test results assigned to it (from the trigger-kept counters). */
  app.get('/secure/report/users', {
    config: read(PRODUCT_ORDER_ROLES),
    schema: { tags: ['orders'], querystring: usersReportQuerySchema, response: { 200: usersReportSchema, ...err } },
  }, async (req) => {
    assertProductOrderAccess(actorOf(req));
    const q = req.query as z.infer<typeof usersReportQuerySchema>;
    const [rows, count] = await Promise.all([
      pool.query(`SELECT c.id AS "clinicianId", c.first_name AS "firstName", c.last_name AS "lastName", c.email, c.status, c.state,
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'request'), 0)::int AS "assignedLabRequests",
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'request' AND lc.status = 'REGISTERED'), 0)::int AS "openLabRequests",
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'result'), 0)::int AS "assignedTestResults",
          COALESCE(sum(lc.n) FILTER (WHERE lc.kind = 'result' AND lc.status = 'NEEDS_CLINICIAN_REVIEW'), 0)::int AS "resultsNeedingReview"
        FROM clinicians c LEFT JOIN lab_counts lc ON lc.clinician_key = c.id::text
       GROUP BY c.id ORDER BY c.last_name, c.first_name, c.id ${pageClause(q.page, q.perPage)}`),
      pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM clinicians`),
    ]);
    await writeAudit(pool, req, { action: 'READ', entityType: 'users_report', outcome: 'SUCCESS' });
    return { items: rows.rows, total: count.rows[0].total };
  });
}
