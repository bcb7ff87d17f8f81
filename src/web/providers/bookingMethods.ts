import type { FindBookings } from '../../domain/bookings';
import type { ApiFetch } from './httpClient';

/** Booking calls (spec 2 §7), base /secure/booking/v1. The `bookings` resource (resources.ts) is the search. */
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

export type QueryType = 'ALL' | 'SELF' | 'UNASSIGNED';
/** A search's criteria: the findBookings body without paging and filter. */
export type SearchCriteria = Omit<FindBookings, 'page' | 'perPage' | 'queryType'>;

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

/** The booking calls that are not the search (the calendar's range and its actions), as dataProvider methods. */
export interface BookingMethods {
  /** GET /bookings?from&to&location&type&view=events: the events of the calendar's visible range (light projection). */
  calendarBookings(query: CalendarQuery, signal?: AbortSignal): Promise<CalendarEventRow[]>;
  /** PATCH /updateStatus/{id}. */
  updateBookingStatus(id: string, bookingStatus: string, reasonOrComments: string): Promise<unknown>;
  /** PATCH /addTagOrLabel/{id}. */
  addBookingTag(id: string, label: string): Promise<unknown>;
  /** PATCH /assignToMe/{id}, naming the primary clinician the user saw (409 when it changed meanwhile). */
  assignBookingToMe(id: string, expectedClinicianId: string | null): Promise<unknown>;
}

const idPath = (action: string, id: string) => `${BOOKING_API}/${action}/${encodeURIComponent(id)}`;

export function createBookingMethods(api: ApiFetch): BookingMethods {
  return {
    calendarBookings: (query, signal) => api<CalendarEventRow[]>(`${BOOKING_API}/bookings`, { query: { ...query, view: 'events' }, signal }),
    updateBookingStatus: (id, bookingStatus, reasonOrComments) =>
      api(idPath('updateStatus', id), { method: 'PATCH', body: { bookingStatus, reasonOrComments } }),
    addBookingTag: (id, label) => api(idPath('addTagOrLabel', id), { method: 'PATCH', body: { label } }),
    assignBookingToMe: (id, expectedClinicianId) => api(idPath('assignToMe', id), { method: 'PATCH', body: { expectedClinicianId } }),
  };
}
