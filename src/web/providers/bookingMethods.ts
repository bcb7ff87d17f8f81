import type { CatalogueGroup, OrderSummary, OutboxMail } from '../../domain/booking-detail/booking-detail';
import type { IdentityDocumentKey } from '../../domain/booking-detail/booking-identity';
import type { KitForm } from '../../domain/booking-detail/booking-kit-form';
import type { UpdatePatientInfo } from '../../domain/booking-detail/booking-requests';
import type { FindBookings } from '../../domain/bookings/bookings';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
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
export type CalendarEventRow = Pick<
  BookingRow,
  | 'id'
  | 'bookingStatus'
  | 'tagOrLabel'
  | 'primaryClinicianId'
  | 'primaryClinicianName'
  | 'careType'
  | 'careLocation'
  | 'appntStart'
  | 'appntEnd'
  | 'eventTimeZone'
  | 'name'
  | 'state'
  | 'isAssignedToMe'
  | 'isUnAssigned'
  | 'isReadOnly'
  | 'readOnlyReason'
  | 'masked'
  | 'hasReadAccessToClinicalData'
  | 'hasWriteAccessToClinicalData'
  | 'restrictClinicalDataAccessReason'
  | 'appntStartEpochSec'
>;

export type DocumentUrls = Partial<Record<IdentityDocumentKey, string>>;
export interface OrderPaySummary {
  unpaidProducts: OrderSummary['unpaidProducts'];
  netTotalUnpaid: number;
  taxUnPaid: number;
  grossTotalUnpaid: number;
}
export interface CollectRow {
  uniqueId: string;
  collected: number;
  discount: number;
  mode: 'Cash' | 'Online';
}
export interface CompleteClinical {
  clinicalServiceMins: number;
  ackPatientSummarySent: boolean;
  clinicalServiceNotes: string;
}
export interface CompleteBooking {
  actualAppntEnd: string;
  totalDurationMins: number;
  ackPatientTbdAccCreated: boolean;
  ackPaymentCollected: boolean;
  paymentAmount: number;
  paymentRefId: string;
  paymentMode: string;
  closingNotes: string;
}
export interface ProductUpdate {
  uniqueId: string;
  name: string;
  qty: number;
  unitPrice: number;
  reasonOrComment: string;
}
export interface ProductAdd {
  id: string;
  name: string;
  slug: string;
  variantId: string | null;
  qty: number;
  unitPrice: number;
}
export type IdentityUploadType = 'IDENTITY_PASSPORT' | 'SELFIE';

/**
 * Query keys of the booking detail screen's reads beside the booking: they start with the `bookings` resource, so
 * invalidating ['bookings'] (what every booking action does) re-reads the booking (getOne), its parts and the lists.
 */
export const bookingPartKey = (id: string, part: string) => ['bookings', 'detail', id, part];

const idPath = (action: string, id: string) => `${BOOKING_API}/${action}/${encodeURIComponent(id)}`;
const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

/**
 * The booking calls that are not the search (the calendar's range and its actions, the booking detail screen's
 * reads beside the booking and its actions: spec 2 §7), as dataProvider methods. The booking itself is the
 * `bookings` resource's getOne (GET /get/{id}).
 */
export function createBookingMethods(api: ApiFetch) {
  return {
    /** GET /bookings?from&to&location&type&view=events: the events of the calendar's visible range (light projection). */
    calendarBookings: (query: CalendarQuery, signal?: AbortSignal): Promise<CalendarEventRow[]> =>
      api<CalendarEventRow[]>(`${BOOKING_API}/bookings`, { query: { ...query, view: 'events' }, signal }),
    /** PATCH /updateStatus/{id}. */
    updateBookingStatus: (id: string, bookingStatus: string, reasonOrComments: string): Promise<unknown> =>
      api(idPath('updateStatus', id), { method: 'PATCH', body: { bookingStatus, reasonOrComments } }),
    /** PATCH /addTagOrLabel/{id}. */
    addBookingTag: (id: string, label: string): Promise<unknown> => api(idPath('addTagOrLabel', id), { method: 'PATCH', body: { label } }),
    /** PATCH /assignToMe/{id}, naming the primary clinician the user saw (409 when it changed meanwhile). */
    assignBookingToMe: (id: string, expectedClinicianId: string | null): Promise<unknown> =>
      api(idPath('assignToMe', id), { method: 'PATCH', body: { expectedClinicianId } }),

    /** Reads of the booking detail screen beside the booking. */
    bookingOnboardStatus: (id: string, signal?: AbortSignal): Promise<{ isOnboardTbd: boolean }> => api(idPath('onboardStatus', id), { signal }),
    bookingDocuments: (id: string, signal?: AbortSignal): Promise<DocumentUrls> =>
      api(`${BOOKING_API}/${encodeURIComponent(id)}/documents`, { signal }),
    bookingOrderSummary: (id: string, signal?: AbortSignal): Promise<OrderSummary> => api(idPath('orderSummary', id), { signal }),
    bookingOutbox: (id: string, signal?: AbortSignal): Promise<OutboxMail[]> => api(idPath('outbox', id), { signal }),
    bookingOrderPaySummary: (id: string, signal?: AbortSignal): Promise<OrderPaySummary> =>
      api('/api/booking/orderPaySummary', { query: { id }, signal }),
    /** GET /api/cms/bookingServices?stateCode: the products that may be added to a booking in a state. */
    bookingCatalogue: (stateCode: string, signal?: AbortSignal): Promise<CatalogueGroup[]> =>
      api('/api/cms/bookingServices', { query: { stateCode }, signal }),
    /** GET /secure/content/clinician-portal: the portal's CMS content (the visit summary template). */
    portalContent: (signal?: AbortSignal): Promise<{ data: { data: { attributes: Record<string, unknown> } } }> =>
      api('/secure/content/clinician-portal', { signal }),

    /** The booking detail screen's actions (spec 2 §4, §7). */
    updateBookingPatientInfo: (id: string, body: UpdatePatientInfo): Promise<unknown> =>
      api(idPath('updatePatientInfo', id), { method: 'PATCH', body }),
    addBookingNotes: (id: string, notes: string): Promise<unknown> => api(idPath('addNotes', id), { method: 'PATCH', body: { notes } }),
    addBookingClinicalNotes: (id: string, notes: string): Promise<unknown> =>
      api(idPath('addClinicalNotes', id), { method: 'PATCH', body: { notes } }),
    verifyBookingIdentity: (bookingId: string, reviewResult: 'ACCEPT' | 'REJECT'): Promise<unknown> =>
      api(`${BOOKING_API}/selfCheckIn/verifyIdentity`, { method: 'PATCH', body: { bookingId, reviewResult } }),
    /** DELETE /cancel/{id}: cancel, or mark a no-show (inside the 40-minute window). */
    cancelBooking: (id: string, reasonOrComments: string, isNoShow: boolean): Promise<unknown> =>
      api(idPath('cancel', id), { method: 'DELETE', body: { reasonOrComments, isNoShow } }),
    /** POST /markPreNoShowCancel (beyond the 40-minute window). */
    preMarkBooking: (bookingId: string, isNoShow: boolean, comments: string): Promise<unknown> =>
      api(`${BOOKING_API}/markPreNoShowCancel`, { method: 'POST', body: { bookingId, isNoShow, comments } }),
    completeBookingClinical: (id: string, body: CompleteClinical): Promise<unknown> => api(idPath('completeClinical', id), { method: 'POST', body }),
    completeBooking: (id: string, body: CompleteBooking): Promise<unknown> => api(idPath('complete', id), { method: 'POST', body }),
    confirmBooking: (id: string, reasonOrComments: string): Promise<unknown> =>
      api(idPath('markConfirmed', id), { method: 'PATCH', body: { reasonOrComments } }),
    updateBookingProduct: (id: string, body: ProductUpdate): Promise<unknown> => api(idPath('updateProduct', id), { method: 'PATCH', body }),
    deleteBookingProduct: (id: string, uniqueId: string): Promise<unknown> =>
      api(idPath('deleteProduct', id), { method: 'POST', body: { uniqueId } }),
    /** Creations, payments and mails carry the Idempotency-Key of the user's action (useIdempotencyKey): a double submit happens once. */
    addBookingProduct: (id: string, body: ProductAdd, key: string): Promise<unknown> =>
      api(idPath('addProduct', id), { method: 'POST', body, headers: keyed(key) }),
    collectBookingPayment: (id: string, rows: CollectRow[], key: string): Promise<unknown> =>
      api(idPath('collectPayment', id), { method: 'POST', body: { rows }, headers: keyed(key) }),
    sendBookingPatientSummary: (id: string, summary: string, key: string): Promise<unknown> =>
      api(idPath('sendPatientSummary', id), { method: 'POST', body: { summary }, headers: keyed(key) }),
    sendBookingSignUpLink: (id: string, key: string): Promise<unknown> => api(idPath('sendSignUpLink', id), { method: 'POST', headers: keyed(key) }),
    sendBookingPayLink: (id: string, key: string): Promise<unknown> => api(idPath('sendPayLink', id), { method: 'POST', headers: keyed(key) }),
    orderBookingKit: (id: string, body: KitForm, key: string): Promise<{ kitId: string }> =>
      api(idPath('orderKit', id), { method: 'POST', body, headers: keyed(key) }),
    /** POST /secure/public/document (multipart): the ID or the selfie of a booking's self check-in. */
    uploadBookingDocument(bookingId: string, documentType: IdentityUploadType, file: File): Promise<unknown> {
      const form = new FormData();
      form.append('bookingId', bookingId);
      form.append('documentType', documentType);
      form.append('fileUseCaseType', 'BOOKING_SELF_CHECK_IN');
      form.append('file', file);
      return api('/secure/public/document', { method: 'POST', body: form });
    },
  };
}

export type BookingMethods = ReturnType<typeof createBookingMethods>;
