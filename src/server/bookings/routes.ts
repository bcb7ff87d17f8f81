import { read, write } from '../../domain/route-access';
import type { Pool } from 'pg';
import { cachedFor, CLOCK_LIST_CACHE_MS, LIST_CACHE_MS } from '../http/response-cache';
import { z } from 'zod';
import { bookingTransitionRefusal, calendarQuerySchema, findBookingsSchema, tagSchema, updateStatusSchema, type FindBookings } from '../../domain/bookings';
import { BOOKING_WRITES } from '../../domain/booking-detail';
import { assignRefusal, statusUpdateRefusal } from '../../domain/booking-rules';
import { formatBookingTime } from '../../domain/booking-time';
import { MASK } from '../../domain/masking';
import { CARE_LOCATIONS } from '../../domain/constants';
import { csvLine } from '../../domain/csv';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { assertInScope, inScope, scopeOf } from '../auth/scope';
import { notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import type { AppStorage } from '../adapters/object-storage';
import { createMailer, type Mailer } from '../adapters/mail';
import type { ServerConfig } from '../config';
import { ensureDemoDocuments } from '../db/seed/demo-documents';
import { bookingActionRoutes } from './actions';
import { bookingDetailRoutes } from './detail';
import { bookingIdentityRoutes } from './identity';
import { createDocumentsCache, type DocumentsCache } from './documents-cache';
import { bookingKitRoutes } from './kit';
import { bookingMessagingRoutes } from './messaging';
import { bookingProductRoutes } from './products';
import {
  addLog, bookingWrite, changeStatus, findBookingRows, patientBookingRows, patientStateOf, rangeBookingRows, refused, setClinician, staleRefusal, setTag, type Caller,
} from './repository';
import { callerOf } from './caller';
import { bookingSummaryRoutes } from './summary';
import { bookingRowSchemas, calendarEventSchema, patientIdParam } from './schemas';
import { bookingListColumns, CALENDAR_EVENT_COLUMNS, CALENDAR_EVENTS_FROM, findWhere } from './sql';
import { calendarEventPresenter, presentBookingRow, type BookingListRow, type CalendarEventRow } from './viewer';
import { everyRow, sendCsv } from '../http/csv-export';

const BASE = '/secure/booking/v1';
/** Rows the export reads per round trip. */
const EXPORT_BATCH = 1000;
const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const rowList = z.array(bookingRowSchemas.response);
/** What the status, tag and assignment writes answer. */
const writeResult = z.object({ id: z.string(), bookingStatus: z.string().optional(), tagOrLabel: z.string().optional(), primaryClinicianId: z.string().optional() });
const idParam = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
/** Status update and tags: the read-only check here; the status rule decides the rest. */
const ANY_STATUS = { clinical: false, allowTerminal: true };
type Row = BookingListRow;

const tzOf = (actor: Actor) => actor.clinician?.timezone ?? 'UTC';
/** Product names in the rows: product and order data (spec 2 §6), also read by auditors. */
const productsFor = (actor: Actor) => actor.permissions.productOrderAccess || actor.permissions.unmasked;
const locationName = (code: unknown) => CARE_LOCATIONS.find((l) => l.code === code)?.label ?? code;
/** A CSV time: in the booking's zone and labelled, as on every screen; a masked value as it is. */
const when = (value: unknown, zone: unknown) => (typeof value === 'string' && value !== MASK ? formatBookingTime(value, String(zone)) : value);

/** Audits the rows returned; a masked row discloses no patient, so it carries no patient id. */
const audited = (actor: Actor, rows: Array<{ id: string; patientId: string; state: string | null }>) =>
  rows.map((r) => ({ entityId: r.id, patientId: inScope(actor, { patientState: r.state, patientId: r.patientId }) ? r.patientId : null }));

/** One page of a search: the rows as this reader may see them, audited. */
async function find(pool: Pool, { actor, audit }: Caller, s: FindBookings, limit: number, offset: number) {
  const { rows, total } = await findBookingRows<Row>(pool, bookingListColumns(scopeOf(actor).clinical, productsFor(actor)), findWhere(s, actor, tzOf(actor)), limit, offset);
  await audit.many(pool, 'READ', 'booking', audited(actor, rows));
  return { items: rows.map((r) => presentBookingRow(r, actor)), total };
}

export interface BookingDeps {
  pool: Pool; storage: AppStorage; config: ServerConfig; mailer?: Mailer;
  /** The instance's identity-document links, dropped on every instance by notifications (default: none kept). */
  documents?: DocumentsCache;
}

/**
 * Bookings (spec 2 §7): search, calendar range, a patient's bookings, status, tag and assignment here; the detail
 * screen's reads, actions, products, identity documents, mails and kits in their own files.
 */
export async function bookingRoutes(app: ZodApp, { pool, storage, config, mailer, documents }: BookingDeps) {
  if (config.storage.kind === 'local' && config.mode === 'local') await ensureDemoDocuments(config.storage.root);
  bookingDetailRoutes(app, { pool, config });
  bookingActionRoutes(app, { pool });
  bookingProductRoutes(app, { pool });
  bookingIdentityRoutes(app, { pool, storage, documents: documents ?? createDocumentsCache() });
  bookingMessagingRoutes(app, { pool, mailer: mailer ?? createMailer(config), publicUrl: config.bookingPublicUrl });
  bookingKitRoutes(app, { pool });
  bookingSummaryRoutes(app, { pool }); // GET /summaryForClinician

  app.post(`${BASE}/findBookings`, { config: { ...read('members', { licenceBound: true }), ...cachedFor(CLOCK_LIST_CACHE_MS) }, schema: { tags: ['bookings'], body: findBookingsSchema, response: { 200: z.object({ items: rowList, total: z.number() }), ...err } } },
    (req) => {
      const s = req.body;
      return find(pool, callerOf(req), s, s.perPage, (s.page - 1) * s.perPage);
    });

  app.post(`${BASE}/findBookings/export`, { config: read('members', { licenceBound: true }), schema: { tags: ['bookings'], body: findBookingsSchema } }, async (req, reply) => {
    const s = req.body;
    const caller = callerOf(req);
    const header = ['Booking ID', 'Name', 'Email', 'Phone', 'DOB', 'State', 'City', 'Care Type', 'Care Location', 'Primary Clinician',
      'Appointment Start', 'Appointment End', 'Products', 'Status', 'Tag'];
    async function* lines() {
      yield csvLine(header);
      for await (const b of everyRow(EXPORT_BATCH, (page) => find(pool, caller, s, EXPORT_BATCH, (page - 1) * EXPORT_BATCH))) {
        yield csvLine([b.id, b.name, b.email, b.phone, b.dob, b.state, b.city, b.careType?.displayName ?? b.careType, locationName(b.careLocation),
          b.primaryClinicianName ?? 'Unassigned', when(b.appntStart, b.eventTimeZone), when(b.appntEnd, b.eventTimeZone),
          (b.products ?? []).map((p: { name: string }) => p.name).join('; '), b.bookingStatus, b.tagOrLabel]);
      }
    }
    return sendCsv(reply, 'bookings.csv', lines());
  });

  // The calendar's range is always given (a date, or from and to), so its answer does not follow the clock.
  app.get(`${BASE}/bookings`, {
    config: { ...read('members', { licenceBound: true }), ...cachedFor(LIST_CACHE_MS) },
    schema: { tags: ['bookings'], querystring: calendarQuerySchema, response: { 200: z.union([rowList, z.array(calendarEventSchema)]), ...err } },
  }, async (req) => {
    const { actor, audit } = callerOf(req);
    const q = req.query;
    const range = { tz: tzOf(actor), date: q.date, from: q.from, to: q.to, location: q.location,
      clinicianOnly: q.type === 'SELF' ? actor.sub : undefined, unassigned: q.type === 'UNASSIGNED', clinicianId: q.clinicianId };
    if (q.view === 'events') {
      const events = await rangeBookingRows<CalendarEventRow>(pool, CALENDAR_EVENT_COLUMNS, range, CALENDAR_EVENTS_FROM);
      await audit.many(pool, 'READ', 'booking', audited(actor, events));
      return events.map(calendarEventPresenter(actor));
    }
    const rows = await rangeBookingRows<Row>(pool, bookingListColumns(scopeOf(actor).clinical, productsFor(actor)), range);
    await audit.many(pool, 'READ', 'booking', audited(actor, rows));
    return rows.map((r) => presentBookingRow(r, actor));
  });

  app.get(`${BASE}/patient/bookings/:patientId`, {
    config: read('members', { licenceBound: true }),
    schema: { tags: ['bookings'], params: patientIdParam, response: { 200: rowList, ...err } },
  }, async (req) => {
    const { actor, audit } = callerOf(req);
    const { patientId } = req.params;
    // A patient's bookings are that patient's record: unknown or outside the scope, the patient reads as unknown.
    const patient = await patientStateOf(pool, patientId);
    if (!patient) throw notFound('no such patient');
    assertInScope(actor, { patientState: patient.state, patientId }, 'no such patient');
    const rows = await patientBookingRows<Row>(pool, bookingListColumns(scopeOf(actor).clinical, productsFor(actor)), patientId);
    await audit.many(pool, 'READ', 'booking', audited(actor, rows));
    return rows.map((r) => presentBookingRow(r, actor));
  });

  // The calendar's Update status: the shared status rule (the matching detail action's permission check, completions
  // only through their forms, cancel / no-show inside the 40-minute window, the transition rule).
  app.patch(`${BASE}/updateStatus/:id`, { config: write('members', { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, body: updateStatusSchema, response: { 200: writeResult, ...err } } }, (req) => {
    const body = req.body;
    return bookingWrite(pool, callerOf(req), req.params.id, ANY_STATUS, 'UPDATE_STATUS', async (l) => {
      const facts = { ...l.facts, bookingStatus: l.row.bookingStatus, appntStartEpochSec: Math.floor(l.row.appntStart.getTime() / 1000) };
      const refusal = statusUpdateRefusal(facts, body.bookingStatus, Math.floor(Date.now() / 1000));
      if (refusal?.startsWith('Action not permitted')) throw refused(403, refusal);
      // The booking moved on meanwhile (the transition rule refuses): the refusal names who changed it, and how.
      if (refusal) throw refusal === bookingTransitionRefusal(l.row.bookingStatus, body.bookingStatus) ? await staleRefusal(l, refusal) : refused(409, refusal);
      await changeStatus(l, body.bookingStatus, body.reasonOrComments, 'UPDATE_STATUS');
      return { id: l.row.id, bookingStatus: body.bookingStatus };
    });
  });

  app.patch(`${BASE}/addTagOrLabel/:id`, { config: write('members', { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, body: tagSchema, response: { 200: writeResult, ...err } } }, (req) => {
    const { label } = req.body;
    return bookingWrite(pool, callerOf(req), req.params.id, ANY_STATUS, 'TAG', async (l) => {
      await setTag(l.client, l.row.id, label);
      await writeHistory(l.client, l.actor, { entityType: 'booking', entityId: l.row.id, action: 'TAG', comment: label });
      return { id: l.row.id, tagOrLabel: label };
    });
  });

  /**
   * Assign to me / re-assign to me, with optimistic concurrency: the body names the assignee the user saw
   * (expectedClinicianId, null or absent = unassigned). If it changed meanwhile the call is a 409, so of
   * concurrent attempts exactly one wins. The shared assign rule: clinical write access, never a final booking.
   */
  app.patch(`${BASE}/assignToMe/:id`, {
    config: write(['clinicians', 'super_admin'], { licenceBound: true }),
    schema: { tags: ['bookings'], params: idParam, body: z.strictObject({ expectedClinicianId: z.guid().nullable().optional() }).nullish(),
      response: { 200: writeResult, ...err } },
  }, (req) => {
    const expected = req.body?.expectedClinicianId ?? null;
    return bookingWrite(pool, callerOf(req), req.params.id, BOOKING_WRITES.assign, 'ASSIGN', async (l) => {
      const refusal = assignRefusal({ ...l.facts, bookingStatus: l.row.bookingStatus });
      if (refusal) throw refused(403, refusal);
      const b = l.row;
      if (b.primaryClinicianId === l.actor.sub) throw refused(409, 'Booking already assigned to you');
      if ((b.primaryClinicianId ?? null) !== expected) throw await staleRefusal(l, 'the booking was assigned to another clinician meanwhile');
      const previous = b.primaryClinicianId;
      await setClinician(l.client, b.id, l.actor.sub);
      await writeHistory(l.client, l.actor, { entityType: 'booking', entityId: b.id, action: previous ? 'REASSIGN' : 'ASSIGN', comment: previous ? 'Patient Re-Assigned' : null });
      // The timeline says from whom to whom (the history keeps the spec's 'Patient Re-Assigned').
      if (previous) await addLog(l.client, l.actor, b.id, 'REASSIGNED', `From ${b.primaryClinicianName ?? 'another clinician'} to ${l.actor.givenName} ${l.actor.familyName}`);
      return { id: b.id, primaryClinicianId: l.actor.sub };
    });
  });
}
