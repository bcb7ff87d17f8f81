import type { IdentityDocumentKey, SelfCheckInStep } from './booking-identity';

/**
 * Booking detail (spec 2 §3): the shapes the server answers. The rules both sides apply are beside it:
 * booking-actions.ts (action permission check, 40-minute window), booking-money.ts (totals),
 * booking-identity.ts (check-in percent, identity), booking-requests.ts and booking-kit-form.ts (request bodies).
 */

// ---------------------------------------------------------------- answers

/** A product on a booking (spec 2 §3). unitPrice in dollars (2 decimals). */
export interface BookingProduct {
  uniqueId: string;
  id: string;
  slug: string;
  name: string;
  variantId: string | null;
  variantName: string | null;
  unitPrice: number;
  qty: number;
  paymentStatus: string | null;
  reasonOrComment: string | null;
  discountType: 'PERCENT' | 'AMOUNT' | null;
  discountValue: number | null;
  /** Cash already collected on the line (dollars); part of an unpaid line's price may be collected. */
  collected?: number | null;
}

/** One entry of the booking log / timeline (spec 2 §3): created ISO, author, text; kind says what changed. */
export interface BookingLogEntry {
  created: string;
  authorName: string;
  note: string;
  kind: BookingLogKind;
}
export const BOOKING_LOG_KINDS = [
  'APPOINTMENT_NOTE',
  'CLINICAL_NOTE',
  'STATUS',
  'REASSIGNED',
  'PATIENT_INFO',
  'PRODUCT',
  'PAYMENT',
  'IDENTITY',
  'KIT',
  'MESSAGE',
  'COMPLETION',
] as const;
export type BookingLogKind = (typeof BOOKING_LOG_KINDS)[number];

/**
 * GET /secure/booking/v1/get/{id}: the Booking entity of spec 2 §3 (field names exactly as the spec's),
 * plus the lists the detail screen shows. Lists a viewer may not see are empty arrays
 * (clinicalNotes without clinician/super-admin; products without product and order data access).
 */
export interface BookingDetail {
  id: string;
  bookingStatus: string;
  tagOrLabel: string | null;
  primaryClinicianId: string | null;
  primaryClinicianName: string | null;
  isAssignedToMe: boolean;
  isUnAssigned: boolean;
  isReadOnly: boolean;
  readOnlyReason: string | null;
  hasWriteAccessToClinicalData: boolean;
  hasReadAccessToClinicalData: boolean;
  restrictClinicalDataAccessReason: string | null;
  hasPatientStateLicense: boolean;
  masked: boolean;
  /** The patient's id (links: /PatientProfile?patientId={patientId}&idType=sub, /inbox?action=compose&pid={patientId}). */
  patientId: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  address1: string | null;
  address2: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  mobile: string | null;
  dob: string | null;
  genderAtBirth: string | null;
  pronoun: string | null;
  medications: string | null;
  symptoms: string | null;
  customerNotes: string | null;
  allergies: string | null;
  isReturningPatient: boolean;
  bookedAt: string;
  appntStart: string;
  appntEnd: string;
  appntStartEpochSec: number;
  eventTimeZone: string;
  eventTitle: string;
  careType: { name: string; displayName: string };
  careLocation: { name: string; address: string; timezone: string };
  careStateRegion: string | null;
  /** Object keys of the identity documents present (values are not URLs; GET /{id}/documents gives presigned URLs). */
  documentS3UrlMap: Partial<Record<IdentityDocumentKey, string>>;
  isSelfCheckInIdentityVerified: boolean | null;
  selfCheckInCompletedSteps: SelfCheckInStep[];
  patientIntakeJotformSubmissionLink: string | null;
  kitIds: string[];
  onlineMeetingUrl: string | null;
  onlineMeetingPwd: string | null;
  consultMediumType: string | null;
  plannedMins: number | null;
  actualMins: number | null;
  calComUniqueId: string | null;
  calcomBaseUrl: string | null;
  isOnboardTbd: boolean;
  products: BookingProduct[];
  /** Booking logs/History: every log entry but clinical notes, newest first. */
  appntNotes: BookingLogEntry[];
  /** Clinical/Charting log (kind CLINICAL_NOTE), newest first; empty unless clinician or super admin. */
  clinicalNotes: BookingLogEntry[];
  /** Timeline (kind REASSIGNED: 'Patient Re-Assigned'), newest first. */
  timeline: BookingLogEntry[];
  /** Completion facts once recorded (Complete clinical service / Complete booking). */
  clinicalServiceMins: number | null;
  clinicalServiceNotes: string | null;
  closingNotes: string | null;
  paymentMode: string | null;
  paymentAmount: number | null;
  paymentRefId: string | null;
}

/** GET /secure/booking/v1/orderSummary/{id} (product and order data access only): spec 2 §3 Order summary, dollars. */
export interface OrderSummary {
  plannedProducts: Array<{ name: string; qty: number; unitPrice: number; paymentStatus: string | null; variantId: string | null; slug: string }>;
  unpaidProducts: Array<{ slug: string; name: string; qty: number; unitPrice: number }>;
  grossTotalPaid: number;
  netTotalPaid: number;
  taxTotalPaid: number;
  netTotalUnpaid: number;
  taxUnPaid: number;
  grossTotalUnpaid: number;
  paymentStatus: 'PAID' | 'PARTIALLY_PAID' | 'UNPAID' | 'NOT_REQUIRED';
  isRequirePayment: boolean;
  orders: Array<{ number: string; products: Array<{ name: string; qty: number; unitPrice: number }> }>;
  childOrders: Array<{
    number: string;
    grossTotalPaid: number;
    netTotalPaid: number;
    netTotalPaidProductOnly: number;
    donated: number;
    paymentStatus: string;
  }>;
}

/** GET /api/cms/bookingServices?stateCode=: the product catalogue groups (spec 2 §3). */
export interface CatalogueGroup {
  title: string;
  bookingProducts: Array<{ id: string; slug: string; title: string; variantId: string | null; variantName: string | null; price: number }>;
}

/** GET /secure/booking/v1/outbox/{id}: mails the mail adapter sent for this booking (local: the outbox table). */
export interface OutboxMail {
  id: string;
  kind: 'SIGN_UP_LINK' | 'PAY_LINK' | 'PATIENT_SUMMARY' | 'TRANSCRIPTION_READY';
  to: string;
  subject: string;
  sentAt: string;
}
