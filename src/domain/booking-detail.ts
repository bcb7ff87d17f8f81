import { z } from 'zod';
import { isValidEmail, PHONE_DIGITS } from './contact';
import { isPending, isTerminal } from './bookings';
import { LAB_NAMES } from './constants';
import { BOOKING_REFUSAL_TEXT } from './booking-access';
import { MAX_UPLOAD_BYTES } from './files';
import { BOOKING_FIELD_TEXT, FILL_ALL_FIELDS_TEXT, PATIENT_INFO_TEXT, PRODUCT_REASON_TEXT } from './i18n/en/booking-detail';
/** The catalogue's texts of these rules, for the importers that take them with the rules. */
export { BOOKING_FIELD_TEXT, FILL_ALL_FIELDS_TEXT, PATIENT_INFO_TEXT, PRODUCT_REASON_TEXT };

/**
 * Booking detail (spec 2 §2.3–§6): the shapes the server answers, the request bodies it accepts and the
 * rules both sides apply (action permission check, 40-minute window, check-in percent, paid products,
 * identity verification, required fields). Texts are in the catalogue (i18n/en/booking-detail.ts).
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

// ---------------------------------------------------------------- money

/** Sales tax applied to unpaid and paid product lines (a business constant the spec does not give). */
export const SALES_TAX_RATE = 0.08;
const cents = (dollars: number) => Math.round(dollars * 100);
export const isProductPaid = (p: Pick<BookingProduct, 'paymentStatus'>) => !!p.paymentStatus && p.paymentStatus !== 'UNPAID';

/** Net after discount of one line, in dollars. */
export function lineNet(p: Pick<BookingProduct, 'unitPrice' | 'qty' | 'discountType' | 'discountValue'>): number {
  const gross = cents(p.unitPrice) * p.qty;
  const off =
    p.discountType === 'PERCENT'
      ? Math.round((gross * Math.min(100, p.discountValue ?? 0)) / 100)
      : p.discountType === 'AMOUNT'
        ? Math.min(gross, cents(p.discountValue ?? 0))
        : 0;
  return (gross - off) / 100;
}

/**
 * Paid and unpaid totals of a booking's products (net, tax, gross), computed in cents: a paid line counts in full;
 * the cash collected on an unpaid line counts as paid and the rest of it as unpaid.
 */
export function productTotals(products: readonly BookingProduct[]) {
  let paidNet = 0;
  let unpaidNet = 0;
  for (const p of products) {
    const net = cents(lineNet(p));
    if (isProductPaid(p)) paidNet += net;
    else {
      const part = Math.min(net, cents(p.collected ?? 0));
      paidNet += part;
      unpaidNet += net - part;
    }
  }
  const tax = (n: number) => Math.round(n * SALES_TAX_RATE);
  return {
    netTotalPaid: paidNet / 100,
    taxTotalPaid: tax(paidNet) / 100,
    grossTotalPaid: (paidNet + tax(paidNet)) / 100,
    netTotalUnpaid: unpaidNet / 100,
    taxUnPaid: tax(unpaidNet) / 100,
    grossTotalUnpaid: (unpaidNet + tax(unpaidNet)) / 100,
  };
}

// ---------------------------------------------------------------- actions and the permission check

/** The 13 actions of the action list (spec 2 §2.3). clinical: also needs clinical data read access (spec 2 §6). */
export const BOOKING_ACTIONS = [
  { key: 'markConfirmed', label: 'Mark Booking Confirmed', clinical: false, allowTerminal: false },
  { key: 'appointmentNotes', label: 'Submit Appointment Notes', clinical: false, allowTerminal: false },
  { key: 'clinicalNotes', label: 'Submit Clinician/Charting Notes', clinical: true, allowTerminal: false },
  { key: 'cancel', label: 'Cancel Booking [pro active]', clinical: false, allowTerminal: false },
  { key: 'noShow', label: 'Mark as No Show', clinical: false, allowTerminal: false },
  { key: 'reschedule', label: 'Reschedule', clinical: false, allowTerminal: false },
  { key: 'completeClinical', label: 'Complete clinical service', clinical: true, allowTerminal: false },
  { key: 'enterPaymentInfo', label: 'Enter payment info', clinical: false, allowTerminal: false },
  { key: 'chartingNotes', label: 'Create Charting Notes', clinical: false, allowTerminal: true },
  { key: 'sendPrescription', label: 'Send Prescription', clinical: false, allowTerminal: true },
  { key: 'visitSummary', label: 'Send visit summary to patient', clinical: true, allowTerminal: true },
  { key: 'labOrder', label: 'Lab order request', clinical: true, allowTerminal: true },
  { key: 'followUp', label: 'Schedule Follow-up Appointment', clinical: false, allowTerminal: true },
] as const;
export type BookingActionKey = (typeof BOOKING_ACTIONS)[number]['key'];

/**
 * Other booking writes and whether they are clinical / allowed on a terminal booking
 * (the patient-info update, products, kit creation, payment, completion, identity review).
 */
export const BOOKING_WRITES = {
  updatePatientInfo: { clinical: false, allowTerminal: false },
  product: { clinical: false, allowTerminal: false },
  orderKit: { clinical: true, allowTerminal: false },
  collectPayment: { clinical: false, allowTerminal: false },
  sendLink: { clinical: false, allowTerminal: true },
  completeBooking: { clinical: false, allowTerminal: false },
  verifyIdentity: { clinical: false, allowTerminal: false },
  uploadDocument: { clinical: false, allowTerminal: false },
  assign: { clinical: true, allowTerminal: false },
} as const;

export type PermissionFacts = Pick<
  BookingDetail,
  'isReadOnly' | 'readOnlyReason' | 'hasReadAccessToClinicalData' | 'restrictClinicalDataAccessReason' | 'bookingStatus'
>;

/**
 * The action permission check (spec 2 §5): read-only booking, then clinical data access for clinical actions,
 * then a terminal status (for actions not allowed there). Returns the refusal text or null.
 */
export function actionRefusal(b: PermissionFacts, rule: { clinical: boolean; allowTerminal: boolean }): string | null {
  if (b.isReadOnly) return `Action not permitted. Reason: ${b.readOnlyReason ?? 'read only'}`;
  if (rule.clinical && !b.hasReadAccessToClinicalData)
    return `Action not permitted. Reason: ${b.restrictClinicalDataAccessReason ?? 'no clinical data access'}`;
  if (!rule.allowTerminal && isTerminal(b.bookingStatus)) return `Action not permitted. Booking reached terminal status: ${b.bookingStatus}`;
  return null;
}

/** Mark Confirmed only from a status containing PENDING (spec 2 §4). */
export const confirmRefusal = (status: string) => (isPending(status) ? null : 'Booking is not in pending confirmation status');
/** Mark Booking Confirmed is listed only while pending; the rest are always listed. */
export const isActionHidden = (key: BookingActionKey, status: string) => key === 'markConfirmed' && !isPending(status);

/** Cancel / no-show window (spec 2 §4, §9): 2400 s. */
export const CANCEL_WINDOW_SECONDS = 2400;
/** True when the start is 40 minutes or less away or already past: the reason modal and the cancel call; else pre-mark + scheduling page. */
export const withinCancelWindow = (appntStartEpochSec: number, nowEpochSec: number) => appntStartEpochSec - nowEpochSec <= CANCEL_WINDOW_SECONDS;
export const PRE_MARK_NO_SHOW_REASON = 'Pre mark No Show';

// ---------------------------------------------------------------- self check-in and identity

export const SELF_CHECK_IN_STEPS = [
  'CREATE_ACC',
  'UPLOAD_GOV_ID',
  'UPLOAD_ID_SELFIE',
  'SIGN_WAIVER_CONSENT_FORM',
  'IN_TAKE_FORM',
  'PAYMENT',
] as const;
export type SelfCheckInStep = (typeof SELF_CHECK_IN_STEPS)[number];

/** Done steps / 6, rounded to the nearest 10; 100 green 'Completed', >= 50 yellow, below red. */
export function checkInProgress(done: readonly string[]): { percent: number; colour: 'success' | 'warning' | 'error'; completed: boolean } {
  const n = new Set(done.filter((s) => (SELF_CHECK_IN_STEPS as readonly string[]).includes(s))).size;
  const percent = Math.round((n / SELF_CHECK_IN_STEPS.length) * 10) * 10;
  return { percent, colour: percent === 100 ? 'success' : percent >= 50 ? 'warning' : 'error', completed: percent === 100 };
}

export const IDENTITY_DOCUMENT_KEYS = ['IDENTITY_PASSPORT', 'IDENTITY_DRIVER_LICENSE', 'SELFIE'] as const;
export type IdentityDocumentKey = (typeof IDENTITY_DOCUMENT_KEYS)[number];
/** Upload types accepted by POST /secure/public/document. */
export const UPLOAD_DOCUMENT_TYPES = ['IDENTITY_PASSPORT', 'SELFIE'] as const;
export const IDENTITY_FILE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;

/** Why an identity document cannot be uploaded (its type by name, its size), or null: checked before anything is sent. */
export function identityFileRefusal(name: string, size: number): string | null {
  const ext = name.slice(name.lastIndexOf('.')).toLowerCase();
  if (!name.includes('.') || !(IDENTITY_FILE_EXTENSIONS as readonly string[]).includes(ext)) return BOOKING_FIELD_TEXT.fileType;
  return size > MAX_UPLOAD_BYTES ? BOOKING_FIELD_TEXT.fileSize : null;
}

/** The identity status text (spec 2 §4): documents first ('No identity docs available' / 'Incomplete'), then the decision. */
export function identityStatus(docs: Partial<Record<IdentityDocumentKey, string>>, verified: boolean | null | undefined) {
  const hasId = !!(docs.IDENTITY_PASSPORT || docs.IDENTITY_DRIVER_LICENSE);
  const hasSelfie = !!docs.SELFIE;
  if (!hasId && !hasSelfie) return 'No identity docs available';
  if (!hasId || !hasSelfie) return 'Incomplete';
  return verified === true ? 'Verified' : verified === false ? 'Rejected' : 'Verification pending';
}
/** Accept / Reject are possible once, with both documents present. */
export const identityReviewRefusal = (docs: Partial<Record<IdentityDocumentKey, string>>, verified: boolean | null | undefined) =>
  verified !== null && verified !== undefined
    ? BOOKING_REFUSAL_TEXT.documentsReviewed
    : identityStatus(docs, verified) !== 'Verification pending'
      ? 'Both an ID document and a selfie are needed before review'
      : null;

// ---------------------------------------------------------------- request bodies

const reason = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(2000);
const note = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(10_000);
const money = z.number().min(0).max(100_000);
const qtyOf = (t = BOOKING_FIELD_TEXT.qty) => z.number({ error: t }).int({ error: t }).min(1, { error: t }).max(100, { error: t });
const productPrice = (t = BOOKING_FIELD_TEXT.unitPrice) =>
  z
    .number({ error: t })
    .min(0, { error: t })
    .max(100_000, { error: t })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: t });
const MOBILE_RE = /^\d{10}$/;
/** Phone: digits only; 10 digits, or 11 with a leading 1 (spec 2 §9; the one phone rule of contact.ts, typed as digits). */
const PHONE_RE = PHONE_DIGITS;

/** PATCH /updatePatientInfo/{id} (spec 2 §3). Read-only fields may be sent but must equal the stored values. */
export const updatePatientInfoSchema = z.strictObject({
  id: z.string().max(40),
  firstName: z.string({ error: BOOKING_FIELD_TEXT.firstName }).trim().min(1, { error: BOOKING_FIELD_TEXT.firstName }).max(100),
  lastName: z.string({ error: BOOKING_FIELD_TEXT.lastName }).trim().min(1, { error: BOOKING_FIELD_TEXT.lastName }).max(100),
  dob: z.iso.date().nullable(),
  email: z.string().refine(isValidEmail, { error: PATIENT_INFO_TEXT.email }),
  mobile: z.string().regex(MOBILE_RE, { error: PATIENT_INFO_TEXT.mobile }).nullable(),
  phone: z.string().regex(PHONE_RE, { error: PATIENT_INFO_TEXT.phone }).nullable(),
  address1: z.string().max(200).nullable(),
  address2: z.string().max(200).nullable(),
  city: z.string().max(100).nullable(),
  state: z.string().max(2).nullable(),
  zip: z
    .string()
    .regex(/^\d{5}(-\d{4})?$/, { error: BOOKING_FIELD_TEXT.zip })
    .nullable(),
  // Clinical fields: only a reader with clinical access receives them, so only such a reader sends them.
  symptoms: z.string().max(2000).nullable().optional(),
  medications: z.string().max(2000).nullable().optional(),
  genderAtBirth: z.string().max(40).nullable(),
  pronoun: z.string().max(40).nullable(),
  reasonOrComments: reason(PATIENT_INFO_TEXT.reasonField),
});
export type UpdatePatientInfo = z.infer<typeof updatePatientInfoSchema>;
/** Fields the patient-info update may not change (spec 2 §5: email, state, sex at birth, pronoun; the rest are booking fields). */
export const READ_ONLY_PATIENT_FIELDS = ['email', 'state', 'genderAtBirth', 'pronoun'] as const;
export const EDITABLE_PATIENT_FIELDS = [
  'firstName',
  'lastName',
  'dob',
  'mobile',
  'phone',
  'address1',
  'address2',
  'city',
  'zip',
  'symptoms',
  'medications',
] as const;
/** The editable fields that are clinical data (spec 1 §6): staff and operation support neither read nor change them. */
export const CLINICAL_PATIENT_FIELDS = ['symptoms', 'medications'] as const;
export const editablePatientFields = (clinicalAccess: boolean) =>
  EDITABLE_PATIENT_FIELDS.filter((f) => clinicalAccess || !(CLINICAL_PATIENT_FIELDS as readonly string[]).includes(f));

/** Field errors of the patient-info form, keyed email / updateReason / phone / mobile (spec 2 §5). */
export function patientInfoErrors(v: { email?: string | null; phone?: string | null; mobile?: string | null; reasonOrComments?: string | null }) {
  const e: Partial<Record<'email' | 'updateReason' | 'phone' | 'mobile', string>> = {};
  if (!v.email || !isValidEmail(v.email)) e.email = PATIENT_INFO_TEXT.email;
  if (v.phone && !PHONE_RE.test(v.phone)) e.phone = PATIENT_INFO_TEXT.phone;
  if (v.mobile && !MOBILE_RE.test(v.mobile)) e.mobile = PATIENT_INFO_TEXT.mobile;
  if (!v.reasonOrComments?.trim()) e.updateReason = PATIENT_INFO_TEXT.reasonField;
  return e;
}

export const appointmentNotesSchema = z.strictObject({ notes: note('Please enter Appointment Notes') });
export const clinicalNotesSchema = z.strictObject({ notes: note('Please enter clinical notes') });
export const markConfirmedSchema = z.strictObject({ reasonOrComments: reason('Please enter a reason') });
/** DELETE /cancel/{id} (inside the 40-minute window): reason and the no-show flag. */
export const cancelBookingSchema = z.strictObject({ reasonOrComments: reason('Please enter a reason'), isNoShow: z.boolean() });
/** POST /markPreNoShowCancel (more than 40 minutes ahead). */
export const markPreNoShowCancelSchema = z.strictObject({
  bookingId: z.string().max(40),
  isNoShow: z.boolean(),
  comments: reason('Please enter a reason'),
});
export const verifyIdentitySchema = z.strictObject({ bookingId: z.string().max(40), reviewResult: z.enum(['ACCEPT', 'REJECT']) });

export const completeClinicalSchema = z.strictObject({
  clinicalServiceMins: z.number({ error: FILL_ALL_FIELDS_TEXT }).int().min(1, { error: FILL_ALL_FIELDS_TEXT }).max(600),
  ackPatientSummarySent: z.literal(true, { error: FILL_ALL_FIELDS_TEXT }),
  clinicalServiceNotes: note(FILL_ALL_FIELDS_TEXT),
});
/** Complete-booking payment methods (spec 2 §9). */
export const COMPLETE_PAYMENT_MODES = ['Customer Pay by link', 'Collect Payment page', 'Square Terminal', 'Customer Self check-in'] as const;
export const completeBookingSchema = z.strictObject({
  actualAppntEnd: z.iso.datetime({ offset: true, error: FILL_ALL_FIELDS_TEXT }),
  totalDurationMins: z.number({ error: FILL_ALL_FIELDS_TEXT }).int().min(1, { error: FILL_ALL_FIELDS_TEXT }).max(1440),
  ackPatientTbdAccCreated: z.literal(true, { error: FILL_ALL_FIELDS_TEXT }),
  ackPaymentCollected: z.literal(true, { error: FILL_ALL_FIELDS_TEXT }),
  paymentAmount: money,
  /** 'NA' when not applicable. */
  paymentRefId: z.string({ error: FILL_ALL_FIELDS_TEXT }).trim().min(1, { error: FILL_ALL_FIELDS_TEXT }).max(100),
  paymentMode: z.enum(COMPLETE_PAYMENT_MODES, { error: FILL_ALL_FIELDS_TEXT }),
  closingNotes: note(FILL_ALL_FIELDS_TEXT),
});

export const updateProductSchema = z.strictObject({
  uniqueId: z.string().max(64),
  name: z.string({ error: BOOKING_FIELD_TEXT.productName }).trim().min(1, { error: BOOKING_FIELD_TEXT.productName }).max(200),
  qty: qtyOf(),
  unitPrice: productPrice(),
  discountType: z.enum(['PERCENT', 'AMOUNT']).nullable().optional(),
  discountValue: money.nullable().optional(),
  reasonOrComment: reason(PRODUCT_REASON_TEXT),
});
export const deleteProductSchema = z.strictObject({ uniqueId: z.string().max(64) });
/** POST /addProduct/{id}: a catalogue product, quantity 1 by default. */
export const addProductSchema = z.strictObject({
  id: z.string().max(64),
  name: z.string().trim().min(1).max(200),
  slug: z.string().max(200),
  variantId: z.string().max(64).nullable(),
  qty: qtyOf().default(1),
  unitPrice: productPrice(),
});
/** POST /collectPayment/{id}: the Collect Payment rows (spec 2 §3): Cash marks a line paid here; Online goes to /Payment. */
export const collectPaymentSchema = z.strictObject({
  rows: z
    .array(z.strictObject({ uniqueId: z.string().max(64), collected: money, discount: money, mode: z.enum(['Cash', 'Online']) }))
    .min(1)
    .max(50),
});
export const sendPatientSummarySchema = z.strictObject({ summary: z.string().trim().min(1, { error: 'Please enter the summary' }).max(20_000) });
/** Line breaks are stripped before the summary is sent (spec 2 §5). */
export const stripLineBreaks = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** Kit form (spec 2 §3) and its required fields (spec 2 §5). */
export const KIT_FORM_LABELS = {
  panelName: 'Panel Name',
  labName: 'Lab Name',
  lifescanReqNum: 'Lifescan Req Num',
  sampleTakenDate: 'Sample Taken Date',
  medications: 'Medications',
  symptoms: 'Symptoms',
  notes: 'Notes',
} as const;
/** Panels offered in Create Kit (spec 2 §9). */
export const KIT_PANELS = [
  'Custom Panel',
  'Performer Panel',
  'Polyamorous / Unsure Exposure Panel',
  'The VIP Panel',
  'Check Me Out Panel',
  '3 - Site Oral + Chlamydia',
  'Bacterial Vaginosis',
  'HPV',
  'PASS Performer Panel',
  'Mycoplasma genitalium',
  'RUB Panel',
  'PASS/ Spankchain MGen Program',
] as const;
export const orderKitSchema = z
  .strictObject({
    panelName: z.string().max(200),
    labName: z.enum(LAB_NAMES),
    lifescanReqNum: z.string().max(100).optional(),
    sampleTakenDate: z.string().max(40),
    medications: z.string().max(2000),
    symptoms: z.string().max(2000).optional(),
    notes: z.string().max(4000),
  })
  .superRefine((v, ctx) => {
    const missing = kitFormMissing(v);
    if (missing.length) ctx.addIssue({ code: 'custom', message: kitFormMissingText(missing) });
    else if (!(KIT_PANELS as readonly string[]).includes(v.panelName.trim()))
      ctx.addIssue({ code: 'custom', path: ['panelName'], message: 'Unknown panel' });
  });
export type KitForm = z.input<typeof orderKitSchema>;
export function kitFormMissing(v: Partial<Record<keyof typeof KIT_FORM_LABELS, string | undefined>>): Array<keyof typeof KIT_FORM_LABELS> {
  const required: Array<keyof typeof KIT_FORM_LABELS> = ['panelName', 'labName', 'sampleTakenDate', 'medications', 'notes'];
  if (v.labName === 'LIFESCAN') required.push('lifescanReqNum');
  return required.filter((k) => !v[k]?.trim());
}
export const kitFormMissingText = (missing: ReadonlyArray<keyof typeof KIT_FORM_LABELS>) =>
  `Missing required value for ${missing.map((k) => KIT_FORM_LABELS[k]).join(', ')}. Enter "none" if nothing to enter`;
