import { z } from 'zod';
import { isValidEmail, PHONE_DIGITS } from '../shared/contact';
import { BOOKING_FIELD_TEXT, FILL_ALL_FIELDS_TEXT, PATIENT_INFO_TEXT, PRODUCT_REASON_TEXT } from '../i18n/en/booking-detail';

/**
 * Request bodies of the booking detail writes (spec 2 §3, §5, §9) and the patient-info form rules both sides apply.
 * Texts are in the catalogue (i18n/en/booking-detail.ts).
 */

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
