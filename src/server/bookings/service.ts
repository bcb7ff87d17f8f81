import type { z } from 'zod';
import { BOOKING_WRITES } from '../../domain/booking-detail/booking-actions';
import { assignRefusal, statusUpdateRefusal } from '../../domain/bookings/booking-rules';
import { formatBookingTime } from '../../domain/bookings/booking-time';
import { bookingTransitionRefusal, type calendarQuerySchema, type FindBookings } from '../../domain/bookings/bookings';
import { CARE_LOCATIONS } from '../../domain/shared/constants';
import { csvLine } from '../../domain/shared/csv';
import { MASK } from '../../domain/shared/masking';
import type { AppStorage } from '../adapters/object-storage';
import type { Mailer } from '../adapters/mail';
import type { ServerConfig } from '../config';
import type { DataAccess } from '../data/access';
import { everyRow } from '../http/csv-export';
import type { DocumentsCache } from './documents-cache';
import { refused } from './repository';

/** What the bookings plugin needs besides the request's data access. */
export interface BookingOptions {
  storage: AppStorage;
  config: ServerConfig;
  mailer?: Mailer;
  /** The instance's identity-document links, dropped on every instance by notifications (default: none kept). */
  documents?: DocumentsCache;
}

/** Rows the export reads per round trip. */
const EXPORT_BATCH = 1000;
/** Status update and tags: the read-only check here; the status rule decides the rest. */
const ANY_STATUS = { clinical: false, allowTerminal: true };

const locationName = (code: unknown) => CARE_LOCATIONS.find((l) => l.code === code)?.label ?? code;
/** A CSV time: in the booking's zone and labelled, as on every screen; a masked value as it is. */
const when = (value: unknown, zone: unknown) => (typeof value === 'string' && value !== MASK ? formatBookingTime(value, String(zone)) : value);

/** One page of a search (spec 2 §7 findBookings). */
export const findBookings = (data: DataAccess, s: FindBookings) => data.bookings.find(s, s.perPage, (s.page - 1) * s.perPage);

/** The whole search as CSV lines: every matching row as this reader may see it, page by page, each page audited. */
export async function* bookingsCsv(data: DataAccess, s: FindBookings) {
  yield csvLine([
    'Booking ID',
    'Name',
    'Email',
    'Phone',
    'DOB',
    'State',
    'City',
    'Care Type',
    'Care Location',
    'Primary Clinician',
    'Appointment Start',
    'Appointment End',
    'Products',
    'Status',
    'Tag',
  ]);
  for await (const b of everyRow(EXPORT_BATCH, (page) => data.bookings.find(s, EXPORT_BATCH, (page - 1) * EXPORT_BATCH))) {
    yield csvLine([
      b.id,
      b.name,
      b.email,
      b.phone,
      b.dob,
      b.state,
      b.city,
      b.careType?.displayName ?? b.careType,
      locationName(b.careLocation),
      b.primaryClinicianName ?? 'Unassigned',
      when(b.appntStart, b.eventTimeZone),
      when(b.appntEnd, b.eventTimeZone),
      (b.products ?? []).map((p: { name: string }) => p.name).join('; '),
      b.bookingStatus,
      b.tagOrLabel,
    ]);
  }
}

export const calendar = (data: DataAccess, q: z.output<typeof calendarQuerySchema>) => data.bookings.calendar(q);
export const patientBookings = (data: DataAccess, patientId: string) => data.bookings.ofPatient(patientId);

/**
 * The calendar's Update status: the shared status rule (the matching detail action's permission check, completions
 * only through their forms, cancel / no-show inside the 40-minute window, the transition rule).
 */
export const updateStatus = (data: DataAccess, id: string, body: { bookingStatus: string; reasonOrComments: string }) =>
  data.bookings.write(id, ANY_STATUS, 'UPDATE_STATUS', async (b) => {
    const facts = { ...b.facts, bookingStatus: b.row.bookingStatus, appntStartEpochSec: Math.floor(b.row.appntStart.getTime() / 1000) };
    const refusal = statusUpdateRefusal(facts, body.bookingStatus, Math.floor(Date.now() / 1000));
    if (refusal?.startsWith('Action not permitted')) throw refused(403, refusal);
    // The booking moved on meanwhile (the transition rule refuses): the refusal names who changed it, and how.
    if (refusal) throw refusal === bookingTransitionRefusal(b.row.bookingStatus, body.bookingStatus) ? await b.stale(refusal) : refused(409, refusal);
    await b.changeStatus(body.bookingStatus, body.reasonOrComments, 'UPDATE_STATUS');
    return { id: b.row.id, bookingStatus: body.bookingStatus };
  });

export const addTag = (data: DataAccess, id: string, label: string) =>
  data.bookings.write(id, ANY_STATUS, 'TAG', async (b) => {
    await b.tag(label);
    return { id: b.row.id, tagOrLabel: label };
  });

/**
 * Assign to me / re-assign to me, with optimistic concurrency: `expected` is the assignee the user saw (null =
 * unassigned). If it changed meanwhile the call is a 409, so of concurrent attempts exactly one wins. The shared assign
 * rule: clinical write access, never a final booking.
 */
export const assignToMe = (data: DataAccess, id: string, expected: string | null) =>
  data.bookings.write(id, BOOKING_WRITES.assign, 'ASSIGN', async (b) => {
    const refusal = assignRefusal({ ...b.facts, bookingStatus: b.row.bookingStatus });
    if (refusal) throw refused(403, refusal);
    if (b.row.primaryClinicianId === data.actor.sub) throw refused(409, 'Booking already assigned to you');
    if ((b.row.primaryClinicianId ?? null) !== expected) throw await b.stale('the booking was assigned to another clinician meanwhile');
    await b.assignToActor();
    return { id: b.row.id, primaryClinicianId: data.actor.sub };
  });
