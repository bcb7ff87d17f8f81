import type { InferSelectModel } from 'drizzle-orm';
import type { OrderReportRow } from '../../domain/kits/kit-reports';
import { maskRecord } from '../../domain/shared/masking';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';
import type { orders, patients } from '../db/schema';

type Order = InferSelectModel<typeof orders>;
type Patient = InferSelectModel<typeof patients>;

/** A row as selected by ORDER_SELECT: the order, its patient's contact fields (p*) and the patient's state. */
export interface OrderDbRow {
  orderId: Order['id'];
  kitId: Order['kitId'];
  status: Order['status'];
  orderEmail: Order['email'];
  inboundTracking: Order['inboundTracking'];
  outboundTracking: Order['outboundTracking'];
  createdAt: Order['createdAt'];
  /** created_at as text: the keyset cursor of the export, exact to the microsecond. */
  cursorTs: string;
  vendor: Order['vendor'];
  careLocation: Order['careLocation'];
  patientId: Order['patientId'];
  pFirstName: Patient['firstName'] | null;
  pLastName: Patient['lastName'] | null;
  pStreet: Patient['street'] | null;
  pCity: Patient['city'] | null;
  pState: Patient['state'] | null;
  pZip: Patient['zip'] | null;
  pPhone: Patient['phone'] | null;
  pEmail: Patient['email'] | null;
  patientState: string | null;
  /** The shipping name, phone and address of a storefront order (commerce_orders), null for other orders. */
  sFirstName: string | null;
  sLastName: string | null;
  sPhone: string | null;
  sStreet: string | null;
  sCity: string | null;
  sRegion: string | null;
  sZip: string | null;
}

/**
 * An order always concerns a person (its e-mail at least), so an order whose patient state is unknown is outside a
 * licence-bound clinician's scope, with or without a linked patient record.
 */
const masksFor = (actor: Actor, r: Pick<OrderDbRow, 'patientState' | 'patientId'>) =>
  !inScope(actor, { patientState: r.patientState, patientId: r.patientId });
/** Audit entries of the rows returned: a masked row discloses no patient, so it carries no patient id. */
export const auditEntries = (actor: Actor, rows: OrderDbRow[]) =>
  rows.map((r) => ({ entityId: r.orderId, patientId: masksFor(actor, r) ? null : r.patientId }));

/**
 * The order's address (spec 1 §3 Order: first_name…zip): the address a storefront order ships to, else the patient
 * record's, else null ("No Address").
 */
function addressOf(r: OrderDbRow): OrderReportRow['address'] {
  if (r.sStreet) {
    return {
      first_name: r.sFirstName ?? '',
      last_name: r.sLastName ?? '',
      address1: r.sStreet,
      city: r.sCity,
      province_code: r.sRegion,
      zip: r.sZip,
      phone: r.sPhone,
    };
  }
  return r.patientId && r.pStreet
    ? {
        first_name: r.pFirstName ?? '',
        last_name: r.pLastName ?? '',
        address1: r.pStreet,
        city: r.pCity,
        province_code: r.pState,
        zip: r.pZip,
        phone: r.pPhone,
      }
    : null;
}

/** Order report row (spec 1 §3 Order): the order's address (addressOf) and the patient from the patient record; masked outside the scope. */
export function toOrderReportRow(r: OrderDbRow, actor: Actor): OrderReportRow {
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

/** An order by status (the dashboard's order rows), masked outside the scope. */
export function toOrderStatusRow(r: OrderDbRow, actor: Actor) {
  const createdAt = r.createdAt.toISOString();
  const row = {
    orderId: r.orderId,
    orderStatus: r.status,
    orderCreateDate: createdAt,
    email: r.orderEmail,
    vendor: r.vendor,
    careLocation: r.careLocation,
    kitId: r.kitId,
    createDateTime: createdAt,
  };
  return masksFor(actor, r) ? maskRecord(row) : { ...row, masked: false };
}
