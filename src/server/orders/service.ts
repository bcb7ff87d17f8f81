import type { Pool } from 'pg';
import { csvLine } from '../../domain/csv';
import type { OrderReportQuery, OrderReportRow } from '../../domain/kit-reports';
import { maskRecord } from '../../domain/masking';
import type { Auditor } from '../audit/auditor';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import { EXPORT_BATCH, orderReportBatch, orderReportPage, ordersByStatusPage, usersReportPage, type OrderDbRow } from './repository';

/**
 * An order always concerns a person (its e-mail at least), so an order whose patient state is unknown is outside a
 * licence-bound clinician's scope, with or without a linked patient record.
 */
const masksFor = (actor: Actor, r: Pick<OrderDbRow, 'patientState' | 'patientId'>) => !inScope(actor, { patientState: r.patientState, patientId: r.patientId });
/** Audit entries of the rows returned: a masked row discloses no patient, so it carries no patient id. */
const audited = (actor: Actor, rows: OrderDbRow[]) => rows.map((r) => ({ entityId: r.orderId, patientId: masksFor(actor, r) ? null : r.patientId }));

/**
 * The order's address (spec 1 §3 Order: first_name…zip): the address a storefront order ships to, else the patient
 * record's, else null ("No Address").
 */
function addressOf(r: OrderDbRow): OrderReportRow['address'] {
  if (r.sStreet) {
    return { first_name: r.sFirstName ?? '', last_name: r.sLastName ?? '', address1: r.sStreet, city: r.sCity, province_code: r.sRegion, zip: r.sZip, phone: r.sPhone };
  }
  return r.patientId && r.pStreet ? {
    first_name: r.pFirstName ?? '', last_name: r.pLastName ?? '', address1: r.pStreet, city: r.pCity, province_code: r.pState, zip: r.pZip, phone: r.pPhone,
  } : null;
}

/** Order report row (spec 1 §3 Order): the order's address (addressOf) and the patient from the patient record. */
function toOrderReportRow(r: OrderDbRow, actor: Actor): OrderReportRow {
  const row: Omit<OrderReportRow, 'masked'> = {
    orderId: r.orderId,
    kitId: r.kitId,
    status: r.status,
    address: addressOf(r),
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

/** One page of the order report, masked per row and audited. */
export async function orderReport(pool: Pool, actor: Actor, audit: Auditor, q: OrderReportQuery) {
  const { rows, total } = await orderReportPage(pool, q);
  await audit.many(pool, 'READ', 'order', audited(actor, rows));
  return { items: rows.map((r) => toOrderReportRow(r, actor)), total };
}

/** Every matching order as CSV lines, in keyset batches, masked and audited (EXPORT) batch by batch like the list. */
export async function* orderReportCsv(pool: Pool, actor: Actor, audit: Auditor, status: string | undefined) {
  yield csvLine(ORDER_CSV_HEADER);
  let cursor: { ts: string; id: string } | null = null;
  for (;;) {
    const rows: OrderDbRow[] = await orderReportBatch(pool, status, cursor);
    await audit.many(pool, 'EXPORT', 'order', audited(actor, rows));
    for (const r of rows) {
      const o = toOrderReportRow(r, actor);
      yield csvLine([o.orderId, o.status, o.kitId, o.orderEmail, o.patientUser?.firstName, o.patientUser?.lastName, o.patientUser?.email,
        o.patientUser?.phoneNumber, o.address?.address1, o.address?.city, o.address?.province_code, o.address?.zip,
        o.outboundTracking, o.inboundTracking, o.createDateTime]);
    }
    if (rows.length < EXPORT_BATCH) break;
    cursor = { ts: rows[rows.length - 1].cursorTs, id: rows[rows.length - 1].orderId };
  }
}

/** The orders of a status (the dashboard's order rows), masked per row and audited. */
export async function ordersByStatus(pool: Pool, actor: Actor, audit: Auditor, status: string, q: { careLocation?: string; page: number; perPage: number }) {
  const { rows, total } = await ordersByStatusPage(pool, status, q);
  await audit.many(pool, 'READ', 'order', audited(actor, rows));
  return {
    items: rows.map((r) => {
      const createdAt = r.createdAt.toISOString();
      const row = { orderId: r.orderId, orderStatus: r.status, orderCreateDate: createdAt, email: r.orderEmail, vendor: r.vendor,
        careLocation: r.careLocation, kitId: r.kitId, createDateTime: createdAt };
      return masksFor(actor, r) ? maskRecord(row) : { ...row, masked: false };
    }),
    total,
  };
}

/** Users report: each clinician with the lab requests and test results assigned to it (from the trigger-kept counters). */
export async function usersReport(pool: Pool, audit: Auditor, q: { page: number; perPage: number }) {
  const { rows, total } = await usersReportPage(pool, q);
  await audit.one(pool, { action: 'READ', entityType: 'users_report', outcome: 'SUCCESS' });
  return { items: rows, total };
}
