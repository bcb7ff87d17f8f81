import type {
  BookingDetail, CatalogueGroup, IdentityDocumentKey, KitForm, OrderSummary, OutboxMail, UpdatePatientInfo,
} from '../../domain/booking-detail';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import { BOOKING_API } from '../bookings/bookingsApi';
import type { ApiFetch } from '../providers/httpClient';

/** The booking detail calls of spec 2 §7 (paths and bodies of the contract in src/domain/booking-detail.ts). */

const at = (action: string, id: string) => `${BOOKING_API}/${action}/${encodeURIComponent(id)}`;

export type DocumentUrls = Partial<Record<IdentityDocumentKey, string>>;
export interface OrderPaySummary { unpaidProducts: OrderSummary['unpaidProducts']; netTotalUnpaid: number; taxUnPaid: number; grossTotalUnpaid: number }
export interface CollectRow { uniqueId: string; collected: number; discount: number; mode: 'Cash' | 'Online' }
export interface CompleteClinical { clinicalServiceMins: number; ackPatientSummarySent: boolean; clinicalServiceNotes: string }
export interface CompleteBooking {
  actualAppntEnd: string; totalDurationMins: number; ackPatientTbdAccCreated: boolean; ackPaymentCollected: boolean;
  paymentAmount: number; paymentRefId: string; paymentMode: string; closingNotes: string;
}
export interface ProductUpdate { uniqueId: string; name: string; qty: number; unitPrice: number; reasonOrComment: string }
export interface ProductAdd { id: string; name: string; slug: string; variantId: string | null; qty: number; unitPrice: number }

export const detailApi = (api: ApiFetch) => ({
  get: (id: string, signal?: AbortSignal) => api<BookingDetail>(at('get', id), { signal }),
  onboardStatus: (id: string, signal?: AbortSignal) => api<{ isOnboardTbd: boolean }>(at('onboardStatus', id), { signal }),
  documents: (id: string, signal?: AbortSignal) => api<DocumentUrls>(`${BOOKING_API}/${encodeURIComponent(id)}/documents`, { signal }),
  orderSummary: (id: string, signal?: AbortSignal) => api<OrderSummary>(at('orderSummary', id), { signal }),
  outbox: (id: string, signal?: AbortSignal) => api<OutboxMail[]>(at('outbox', id), { signal }),
  orderPaySummary: (id: string, signal?: AbortSignal) => api<OrderPaySummary>('/api/booking/orderPaySummary', { query: { id }, signal }),
  catalogue: (stateCode: string, signal?: AbortSignal) => api<CatalogueGroup[]>('/api/cms/bookingServices', { query: { stateCode }, signal }),
  content: (signal?: AbortSignal) =>
    api<{ data: { data: { attributes: Record<string, unknown> } } }>('/secure/content/clinician-portal', { signal }),

  updatePatientInfo: (id: string, body: UpdatePatientInfo) => api(at('updatePatientInfo', id), { method: 'PATCH', body }),
  addNotes: (id: string, notes: string) => api(at('addNotes', id), { method: 'PATCH', body: { notes } }),
  addClinicalNotes: (id: string, notes: string) => api(at('addClinicalNotes', id), { method: 'PATCH', body: { notes } }),
  verifyIdentity: (bookingId: string, reviewResult: 'ACCEPT' | 'REJECT') =>
    api(`${BOOKING_API}/selfCheckIn/verifyIdentity`, { method: 'PATCH', body: { bookingId, reviewResult } }),
  cancel: (id: string, reasonOrComments: string, isNoShow: boolean) => api(at('cancel', id), { method: 'DELETE', body: { reasonOrComments, isNoShow } }),
  markPreNoShowCancel: (bookingId: string, isNoShow: boolean, comments: string) =>
    api(`${BOOKING_API}/markPreNoShowCancel`, { method: 'POST', body: { bookingId, isNoShow, comments } }),
  completeClinical: (id: string, body: CompleteClinical) => api(at('completeClinical', id), { method: 'POST', body }),
  complete: (id: string, body: CompleteBooking) => api(at('complete', id), { method: 'POST', body }),
  markConfirmed: (id: string, reasonOrComments: string) => api(at('markConfirmed', id), { method: 'PATCH', body: { reasonOrComments } }),
  updateProduct: (id: string, body: ProductUpdate) => api(at('updateProduct', id), { method: 'PATCH', body }),
  deleteProduct: (id: string, uniqueId: string) => api(at('deleteProduct', id), { method: 'POST', body: { uniqueId } }),
  // Creations, payments and mails carry the Idempotency-Key of the user's action (useIdempotencyKey): a double submit happens once.
  addProduct: (id: string, body: ProductAdd, idempotencyKey: string) => api(at('addProduct', id), { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  collectPayment: (id: string, rows: CollectRow[], idempotencyKey: string) =>
    api(at('collectPayment', id), { method: 'POST', body: { rows }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  sendPatientSummary: (id: string, summary: string, idempotencyKey: string) =>
    api(at('sendPatientSummary', id), { method: 'POST', body: { summary }, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  sendSignUpLink: (id: string, idempotencyKey: string) => api(at('sendSignUpLink', id), { method: 'POST', headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  sendPayLink: (id: string, idempotencyKey: string) => api(at('sendPayLink', id), { method: 'POST', headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  orderKit: (id: string, body: KitForm, idempotencyKey: string) =>
    api<{ kitId: string }>(at('orderKit', id), { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  uploadDocument: (bookingId: string, documentType: 'IDENTITY_PASSPORT' | 'SELFIE', file: File) => {
    const form = new FormData();
    form.append('bookingId', bookingId);
    form.append('documentType', documentType);
    form.append('fileUseCaseType', 'BOOKING_SELF_CHECK_IN');
    form.append('file', file);
    return api('/secure/public/document', { method: 'POST', body: form });
  },
});
export type DetailApi = ReturnType<typeof detailApi>;

/** Query keys: everything of one booking starts with ['bookingDetail', id], so one invalidation refreshes the screen. */
export const detailKey = (id: string, ...rest: string[]) => ['bookingDetail', id, ...rest];

/** Links of the screen (spec 2 §2.3). */
export const patientProfilePath = (patientId: string) => `/PatientProfile?patientId=${encodeURIComponent(patientId)}&idType=sub`;
export const composeMessagePath = (patientId: string) => `/inbox?action=compose&pid=${encodeURIComponent(patientId)}`;
export const kitDetailsPath = (kitId: string) => `/KitDetails?kitId=${encodeURIComponent(kitId)}`;
export const paymentSearch = (bookingId: string) => `?ref=booking&id=${encodeURIComponent(bookingId)}`;
