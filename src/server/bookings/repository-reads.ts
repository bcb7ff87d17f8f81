import type { z } from 'zod';
import type { calendarQuerySchema, FindBookings } from '../../domain/bookings/bookings';
import type { AccessContext } from '../auth/access-context';
import { todayZone } from '../../domain/bookings/booking-time';
import type { Actor } from '../auth/actor';
import { assertInScope, inScope, scopeOf, scopeSql } from '../auth/scope';
import { notFound } from '../errors';
import { presentBookingDetail, presentBookingRow, type BookingListRow } from './repository-present';
import { calendarEventPresenter, type CalendarEventRow } from './repository-present-calendar';
import { catalogue } from './repository-products';
import {
  calendarEventRows,
  findBookingRows,
  loadBooking,
  loadKitIds,
  loadLog,
  loadProducts,
  patientBookingRows,
  rangeBookingRows,
  type BookingRow,
} from './repository-rows';
import { bookingListColumns, findWhere } from './repository-sql';
import { patientStateOf } from '../patients/repository-sql';

type CalendarQuery = z.output<typeof calendarQuerySchema>;

/** The reader's time zone (of "today" and of a day's range): the clinician profile's, else UTC. */
const tzOf = (actor: Actor) => todayZone(actor.clinician?.timezone);
/** Product and order data (spec 2 §6): staff, clinicians, super admins; auditors read. */
const productAccess = (actor: Actor) => actor.permissions.productOrderAccess || actor.permissions.unmasked;
/** The columns of a booking list for this reader (clinical ones with clinical access, product names with product access). */
const listColumns = (actor: Actor) => bookingListColumns(scopeOf(actor).clinical, productAccess(actor));

/** The audit entries of the rows returned; a masked row discloses no patient, so it carries no patient id. */
const audited = (actor: Actor, rows: Array<{ id: string; patientId: string | null; state: string | null }>) =>
  rows.map((r) => ({ entityId: r.id, patientId: inScope(actor, { patientState: r.state, patientId: r.patientId }) ? r.patientId : null }));

/** The booking reads of one Actor: lists masked per row outside the scope, single bookings 404 outside it; all audited. */
export function bookingReads({ db, actor, audit }: AccessContext) {
  /** One booking for a read: 404 when absent or outside the reader's scope (never told apart); audited as `action`. */
  async function open(id: string, action = 'READ'): Promise<BookingRow> {
    const row = await loadBooking(db, id);
    if (!row) throw notFound(`no booking ${id}`);
    assertInScope(actor, { patientState: row.state, patientId: row.patientId }, `no booking ${id}`);
    await audit.one(db, { action, entityType: 'booking', entityId: row.id, patientId: row.patientId, outcome: 'SUCCESS' });
    return row;
  }

  return {
    open,

    /** One page of a findBookings search (newest start first) as this reader may see it, and the number of matches. */
    async find(s: FindBookings, limit: number, offset: number) {
      const { rows, total } = await findBookingRows<BookingListRow>(db, listColumns(actor), findWhere(s, actor, tzOf(actor)), limit, offset);
      await audit.many(db, 'READ', 'booking', audited(actor, rows));
      return { items: rows.map((r) => presentBookingRow(r, actor)), total };
    },

    /** The calendar's bookings of a day in the reader's zone, or of a range: full rows, or the light event projection. */
    async calendar(q: CalendarQuery) {
      const range = {
        tz: tzOf(actor),
        date: q.date,
        from: q.from,
        to: q.to,
        location: q.location,
        clinicianOnly: q.type === 'SELF' ? actor.sub : undefined,
        unassigned: q.type === 'UNASSIGNED',
        clinicianId: q.clinicianId,
      };
      if (q.view === 'events') {
        const eventInScope = (bind: (value: unknown) => string) => scopeSql(actor, bind).inScope({ state: 'b.state', id: 'b.patient_id' });
        const events = await calendarEventRows<CalendarEventRow>(db, range, eventInScope);
        await audit.many(db, 'READ', 'booking', audited(actor, events));
        return events.map(calendarEventPresenter(actor));
      }
      const rows = await rangeBookingRows<BookingListRow>(db, listColumns(actor), range);
      await audit.many(db, 'READ', 'booking', audited(actor, rows));
      return rows.map((r) => presentBookingRow(r, actor));
    },

    /** A patient's bookings are that patient's record: unknown or outside the scope, the patient reads as unknown (404). */
    async ofPatient(patientId: string) {
      const patient = await patientStateOf(db, patientId);
      if (!patient) throw notFound('no such patient');
      assertInScope(actor, { patientState: patient.state, patientId }, 'no such patient');
      const rows = await patientBookingRows<BookingListRow>(db, listColumns(actor), patientId);
      await audit.many(db, 'READ', 'booking', audited(actor, rows));
      return rows.map((r) => presentBookingRow(r, actor));
    },

    /**
     * The BookingDetail at the reader's access level: staff and operation support get no clinical field, and products
     * only with product and order access.
     */
    async detail(id: string, calcomBaseUrl: string) {
      const row = await open(id);
      const [products, log, kitIds] = await Promise.all([
        productAccess(actor) ? loadProducts(db, row.id) : Promise.resolve([]),
        loadLog(db, row.id),
        loadKitIds(db, row.id),
      ]);
      return presentBookingDetail(actor, row, { products, log, kitIds }, calcomBaseUrl);
    },

    /** A booking's products (product and order data, checked by the caller), read as READ_ORDER. */
    async orderProducts(id: string) {
      await open(id, 'READ_ORDER');
      return loadProducts(db, id);
    },

    /** The mails sent about a booking, newest first (read as READ_OUTBOX). */
    async outbox(id: string) {
      await open(id, 'READ_OUTBOX');
      const { rows } = await db.query<{ id: string; kind: 'SIGN_UP_LINK'; to: string; subject: string; sentAt: Date }>(
        `SELECT id::text, kind, to_address AS "to", subject, sent_at AS "sentAt" FROM mail_outbox WHERE booking_id = $1 ORDER BY sent_at DESC, id`,
        [id],
      );
      return rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() }));
    },

    /** The store's catalogue for a state (no patient data). */
    catalogue: (stateCode: string | null) => catalogue(db, stateCode),
  };
}
