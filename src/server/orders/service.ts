import { csvLine } from '../../domain/shared/csv';
import type { OrderReportQuery } from '../../domain/kits/kit-reports';
import { assertProductOrderAccess } from '../auth/access';
import type { DataAccess } from '../data/access';

export const ORDER_CSV_HEADER = [
  'Order ID',
  'Status',
  'Kit ID',
  'Order Email',
  'First Name',
  'Last Name',
  'Patient Email',
  'Phone',
  'Address',
  'City',
  'State',
  'Zip',
  'Outbound Tracking',
  'Inbound Tracking',
  'Created',
];

/** One page of the order report, masked per row and audited. */
export function orderReport(data: DataAccess, q: OrderReportQuery) {
  assertProductOrderAccess(data.actor);
  return data.orders.report(q);
}

/** Every matching order as CSV lines, read in keyset batches (masked and audited like the list). */
export async function* orderReportCsv(data: DataAccess, status: string | undefined) {
  assertProductOrderAccess(data.actor);
  yield csvLine(ORDER_CSV_HEADER);
  for await (const o of data.orders.reportRows(status)) {
    yield csvLine([
      o.orderId,
      o.status,
      o.kitId,
      o.orderEmail,
      o.patientUser?.firstName,
      o.patientUser?.lastName,
      o.patientUser?.email,
      o.patientUser?.phoneNumber,
      o.address?.address1,
      o.address?.city,
      o.address?.province_code,
      o.address?.zip,
      o.outboundTracking,
      o.inboundTracking,
      o.createDateTime,
    ]);
  }
}

/** The orders of a status (the dashboard's order rows), masked per row and audited. */
export function ordersByStatus(data: DataAccess, status: string, q: { careLocation?: string; page: number; perPage: number }) {
  assertProductOrderAccess(data.actor);
  return data.orders.byStatus(status, q);
}

/** Users report: each clinician with the lab requests and test results assigned to it (from the trigger-kept counters). */
export function usersReport(data: DataAccess, q: { page: number; perPage: number }) {
  assertProductOrderAccess(data.actor);
  return data.orders.usersReport(q);
}
