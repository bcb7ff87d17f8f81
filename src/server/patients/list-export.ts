import { csvLine } from '../../domain/shared/csv';
import { statusLabel } from '../../domain/shared/statuses';
import type { PatientEvent, ProfileBooking, ProfileKit, ProfileOrder } from '../../domain/patients/patient-profile';
import type { DataAccess } from '../data/access';
import { everyRow } from '../http/csv-export';

type Lists = DataAccess['patients'];
type Query<F extends (q: never) => unknown> = Omit<Parameters<F>[0], 'page' | 'perPage'>;
/** Rows read per round trip: the lists' largest page. */
const BATCH = 500;

/**
 * The full export of the patient profile's lists (spec 3 §9): every row matching the list's filter as CSV, the
 * columns the table shows, read through the same repository calls as the list (licence scope, masking, audit), in
 * batches, never the whole list in memory.
 */
export const profileListCsv = {
  async *bookings(data: DataAccess, q: Query<Lists['bookings']>) {
    yield csvLine(['Booking ID', 'Start', 'End', 'Time zone', 'Products', 'Clinician', 'Status']);
    const rows = everyRow<ProfileBooking>(BATCH, (page) => data.patients.bookings({ ...q, page, perPage: BATCH }));
    for await (const b of rows)
      yield csvLine([
        b.id,
        b.appntStart,
        b.appntEnd,
        b.timezone,
        b.products.map((p) => p.name).join(', '),
        b.primaryClinicianName,
        statusLabel(b.status),
      ]);
  },
  async *kits(data: DataAccess, q: Query<Lists['kits']>) {
    yield csvLine(['Kit ID', 'Product', 'Status', 'Clinician', 'Registered']);
    const rows = everyRow<ProfileKit>(BATCH, (page) => data.patients.kits({ ...q, page, perPage: BATCH }));
    for await (const k of rows) {
      yield csvLine([
        k.kitId,
        k.productName,
        statusLabel(k.kitStatus),
        k.clinician ? `${k.clinician.firstName} ${k.clinician.lastName}` : '',
        k.registrationDateTime,
      ]);
    }
  },
  async *orders(data: DataAccess, q: Query<Lists['orders']>) {
    yield csvLine(['Order ID', 'Kit ID', 'Product', 'Status', 'Vendor', 'Outbound tracking', 'Inbound tracking', 'Created']);
    const rows = everyRow<ProfileOrder>(BATCH, (page) => data.patients.orders({ ...q, page, perPage: BATCH }));
    for await (const o of rows) {
      yield csvLine([
        o.id,
        o.kitId,
        o.line_item.name,
        statusLabel(o.fulfillmentStatus),
        o.vendor,
        o.outboundTrackingUrl,
        o.inboundTrackingUrl,
        o.createdAt,
      ]);
    }
  },
  async *events(data: DataAccess, q: Query<Lists['events']>) {
    yield csvLine(['Created', 'Entity type', 'Entity ID', 'Event', 'Actor type']);
    const rows = everyRow<PatientEvent>(BATCH, (page) => data.patients.events({ ...q, page, perPage: BATCH }));
    for await (const e of rows) yield csvLine([e.created, e.entityType, e.entityId, statusLabel(e.eventType), e.actorType]);
  },
};
