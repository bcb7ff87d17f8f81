import { createContext, useContext } from 'react';
import type { FindBookings } from '../../domain/bookings';
import { apiFetch, type ApiFetch } from '../providers/httpClient';

/** Booking calls (spec 2 §7), base /secure/booking/v1. */
export const BOOKING_API = '/secure/booking/v1';

/** A booking row as the server sends it (spec 2 §3); masked rows hold XXXXXX everywhere but id. */
export interface BookingRow {
  id: string;
  bookingStatus: string;
  tagOrLabel: string | null;
  primaryClinicianId: string | null;
  primaryClinicianName: string | null;
  careType: { name: string; displayName: string } | string | null;
  careLocation: string | null;
  appntStart: string;
  appntEnd: string | null;
  eventTimeZone: string | null;
  bookedAt?: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string | null;
  phone: string | null;
  mobile?: string | null;
  dob: string | null;
  state: string | null;
  city: string | null;
  zip?: string | null;
  products: Array<{ name: string } | string>;
  isAssignedToMe: boolean | string;
  isUnAssigned: boolean | string;
  isReadOnly: boolean | string;
  readOnlyReason: string | null;
  hasPatientStateLicense?: boolean | string;
  hasReadAccessToClinicalData?: boolean | string;
  hasWriteAccessToClinicalData?: boolean | string;
  restrictClinicalDataAccessReason?: string | null;
  appntStartEpochSec?: number | string | null;
  masked: boolean;
}

export interface BookingPage {
  items: BookingRow[];
  total: number;
}

export type QueryType = 'ALL' | 'SELF' | 'UNASSIGNED';
/** A search's criteria: the findBookings body without paging. */
export type SearchCriteria = Omit<FindBookings, 'page' | 'perPage' | 'queryType'>;

/** The HTTP client of the booking screens; the portal's by default, a test one (msw) in tests. */
export const BookingsApiContext = createContext<ApiFetch>(apiFetch);
export const useBookingsApi = () => useContext(BookingsApiContext);

/** POST /findBookings: one page of the matches. */
export const findBookings = (api: ApiFetch, body: FindBookings, signal?: AbortSignal) =>
  api<BookingPage>(`${BOOKING_API}/findBookings`, { method: 'POST', body, signal });

/** POST /findBookings/export: the CSV of every match. */
export const exportBookings = (api: ApiFetch, body: FindBookings) =>
  api<Blob>(`${BOOKING_API}/findBookings/export`, { method: 'POST', body, responseType: 'blob' });

export interface CalendarQuery {
  from: string;
  to: string;
  location: string;
  type: string;
}

/** A calendar event as the server sends it (GET /bookings?view=events): a booking row without contact or clinical data. */
export type CalendarEventRow = Pick<BookingRow, 'id' | 'bookingStatus' | 'tagOrLabel' | 'primaryClinicianId' | 'primaryClinicianName'
  | 'careType' | 'careLocation' | 'appntStart' | 'appntEnd' | 'eventTimeZone' | 'name' | 'state' | 'isAssignedToMe' | 'isUnAssigned'
  | 'isReadOnly' | 'readOnlyReason' | 'masked' | 'hasReadAccessToClinicalData' | 'hasWriteAccessToClinicalData'
  | 'restrictClinicalDataAccessReason' | 'appntStartEpochSec'>;

/** GET /bookings?from&to&location&type&view=events: the events of the calendar's visible range (light projection). */
export const calendarBookings = (api: ApiFetch, query: CalendarQuery, signal?: AbortSignal) =>
  api<CalendarEventRow[]>(`${BOOKING_API}/bookings`, { query: { ...query, view: 'events' }, signal });

const idPath = (action: string, id: string) => `${BOOKING_API}/${action}/${encodeURIComponent(id)}`;

export const updateBookingStatus = (api: ApiFetch, id: string, bookingStatus: string, reasonOrComments: string) =>
  api(idPath('updateStatus', id), { method: 'PATCH', body: { bookingStatus, reasonOrComments } });

export const addBookingTag = (api: ApiFetch, id: string, label: string) =>
  api(idPath('addTagOrLabel', id), { method: 'PATCH', body: { label } });

/** Assign to me, naming the primary clinician the user saw (409 when it changed meanwhile). */
export const assignBookingToMe = (api: ApiFetch, id: string, expectedClinicianId: string | null) =>
  api(idPath('assignToMe', id), { method: 'PATCH', body: { expectedClinicianId } });

/** The booking detail screen of a booking. */
export const bookingDetailsPath = (id: string) => `/BookingDetails?bookingId=${encodeURIComponent(id)}`;

/** The server's reason of a failed call ({ msg, reason } body), else the error's text, else null. */
export function reasonOf(error: unknown): string | null {
  const body = (error as { body?: unknown } | null)?.body;
  const reason = body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  if (typeof reason === 'string' && reason) return reason;
  return error instanceof Error && error.message ? error.message : null;
}

export { saveBlob } from '../providers/saveBlob';
