import { z } from 'zod';
import { BOOKING_LOG_KINDS } from '../../domain/booking-detail/booking-detail';
import { IDENTITY_DOCUMENT_KEYS } from '../../domain/booking-detail/booking-identity';
import { MASK } from '../../domain/shared/masking';
import { MAIL_KINDS } from '../adapters/mail/types';
import { accessSchemas } from '../auth/scope';
import { errorBody } from '../http/validation';

/**
 * Response allowlists of the booking detail routes (the shapes of src/domain/booking-detail/booking-detail.ts). A masked booking
 * (spec 1 §6) carries XXXXXX in place of its values, so non-text values also accept the mask.
 */
const masked = <T extends z.ZodType>(t: T) => z.union([t, z.literal(MASK)]);
const text = z.string().nullable();
const bool = masked(z.boolean());
const num = masked(z.number()).nullable();

export const idParam = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'booking id is not valid') });
export const patientIdParam = z.strictObject({ patientId: z.guid() });
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody };

export const productSchema = z.object({
  uniqueId: z.string(),
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  variantId: text,
  variantName: text,
  unitPrice: z.number(),
  qty: z.number(),
  paymentStatus: text,
  reasonOrComment: text,
  discountType: z.enum(['PERCENT', 'AMOUNT']).nullable(),
  discountValue: z.number().nullable(),
  collected: z.number().nullable().optional(),
});
const logSchema = z.object({ created: z.string(), authorName: z.string(), note: z.string(), kind: z.enum(BOOKING_LOG_KINDS) });

export const bookingDetailSchema = z.object({
  id: z.string(),
  bookingStatus: z.string(),
  tagOrLabel: text,
  primaryClinicianId: text,
  primaryClinicianName: text,
  isAssignedToMe: bool,
  isUnAssigned: bool,
  isReadOnly: z.boolean(),
  readOnlyReason: text,
  hasWriteAccessToClinicalData: z.boolean(),
  hasReadAccessToClinicalData: z.boolean(),
  restrictClinicalDataAccessReason: text,
  hasPatientStateLicense: z.boolean(),
  masked: z.boolean(),
  patientId: z.string(),
  city: text,
  state: text,
  zip: text,
  address1: text,
  address2: text,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: text,
  mobile: text,
  dob: text,
  genderAtBirth: text,
  pronoun: text,
  medications: text,
  symptoms: text,
  customerNotes: text,
  allergies: text,
  isReturningPatient: bool,
  bookedAt: z.string(),
  appntStart: z.string(),
  appntEnd: z.string(),
  appntStartEpochSec: masked(z.number()),
  eventTimeZone: z.string(),
  eventTitle: z.string(),
  careType: z.object({ name: z.string(), displayName: z.string() }),
  careLocation: z.object({ name: z.string(), address: z.string(), timezone: z.string() }),
  careStateRegion: text,
  documentS3UrlMap: z.partialRecord(z.enum(IDENTITY_DOCUMENT_KEYS), z.string()),
  isSelfCheckInIdentityVerified: masked(z.boolean()).nullable(),
  selfCheckInCompletedSteps: z.array(z.string()),
  patientIntakeJotformSubmissionLink: text,
  kitIds: z.array(z.string()),
  onlineMeetingUrl: text,
  onlineMeetingPwd: text,
  consultMediumType: text,
  plannedMins: num,
  actualMins: num,
  calComUniqueId: text,
  calcomBaseUrl: text,
  isOnboardTbd: bool,
  products: z.array(productSchema),
  appntNotes: z.array(logSchema),
  clinicalNotes: z.array(logSchema),
  timeline: z.array(logSchema),
  clinicalServiceMins: num,
  clinicalServiceNotes: text,
  closingNotes: text,
  paymentMode: text,
  paymentAmount: num,
  paymentRefId: text,
});

/**
 * Per access level (spec 2 §6): without clinical access (staff, operation support) no medications, symptoms, allergies,
 * customer notes, clinical log, clinical service or closing notes. Outside a licence-bound clinician's scope the route
 * answers 404 instead.
 */
export const bookingDetailSchemas = accessSchemas(
  bookingDetailSchema,
  bookingDetailSchema.omit({
    medications: true,
    symptoms: true,
    allergies: true,
    customerNotes: true,
    clinicalNotes: true,
    clinicalServiceNotes: true,
    closingNotes: true,
  }),
);

/** A row of the booking lists (findBookings, calendar, a patient's bookings); masked rows hold XXXXXX in all but id. */
const bookingRowSchema = z.object({
  id: z.string(),
  bookingStatus: z.string(),
  tagOrLabel: text,
  primaryClinicianId: text,
  primaryClinicianName: text,
  careType: z.object({ name: z.string(), displayName: z.string() }),
  careLocation: z.string(),
  appntStart: z.string(),
  appntEnd: z.string(),
  eventTimeZone: z.string(),
  bookedAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: text,
  mobile: text,
  dob: text,
  state: text,
  careStateRegion: text,
  city: text,
  zip: text,
  address1: text,
  address2: text,
  genderAtBirth: text,
  pronoun: text,
  medications: text,
  symptoms: text,
  products: z.array(z.object({ name: z.string() })),
  isAssignedToMe: bool,
  isUnAssigned: bool,
  isReadOnly: bool,
  readOnlyReason: text,
  hasPatientStateLicense: bool,
  masked: z.boolean(),
  hasReadAccessToClinicalData: bool,
  hasWriteAccessToClinicalData: bool,
  restrictClinicalDataAccessReason: text,
  appntStartEpochSec: num,
});
export const bookingRowSchemas = accessSchemas(bookingRowSchema, bookingRowSchema.omit({ medications: true, symptoms: true }));

const money = z.number();
export const orderSummarySchema = z.object({
  plannedProducts: z.array(z.object({ name: z.string(), qty: z.number(), unitPrice: money, paymentStatus: text, variantId: text, slug: z.string() })),
  unpaidProducts: z.array(z.object({ slug: z.string(), name: z.string(), qty: z.number(), unitPrice: money })),
  grossTotalPaid: money,
  netTotalPaid: money,
  taxTotalPaid: money,
  netTotalUnpaid: money,
  taxUnPaid: money,
  grossTotalUnpaid: money,
  paymentStatus: z.enum(['PAID', 'PARTIALLY_PAID', 'UNPAID', 'NOT_REQUIRED']),
  isRequirePayment: z.boolean(),
  orders: z.array(z.object({ number: z.string(), products: z.array(z.object({ name: z.string(), qty: z.number(), unitPrice: money })) })),
  childOrders: z.array(
    z.object({
      number: z.string(),
      grossTotalPaid: money,
      netTotalPaid: money,
      netTotalPaidProductOnly: money,
      donated: money,
      paymentStatus: z.string(),
    }),
  ),
});
export const orderPaySummarySchema = orderSummarySchema.pick({ unpaidProducts: true, netTotalUnpaid: true, taxUnPaid: true, grossTotalUnpaid: true });

export const catalogueSchema = z.array(
  z.object({
    title: z.string(),
    bookingProducts: z.array(z.object({ id: z.string(), slug: z.string(), title: z.string(), variantId: text, variantName: text, price: money })),
  }),
);
export const outboxSchema = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(MAIL_KINDS),
    to: z.string(),
    subject: z.string(),
    sentAt: z.string(),
  }),
);
export const documentsSchema = z.partialRecord(z.enum(IDENTITY_DOCUMENT_KEYS), z.string());

/** The answer of most writes: the booking id and a short confirmation (the portal reloads the detail). */
export const okSchema = z.object({
  id: z.string(),
  bookingStatus: z.string().optional(),
  kitId: z.string().optional(),
  uniqueId: z.string().optional(),
});

/** An event of the calendar's light projection (GET /bookings?view=events); masked events hold XXXXXX in all but id. */
export const calendarEventSchema = z.object({
  id: z.string(),
  bookingStatus: z.string(),
  tagOrLabel: text,
  primaryClinicianId: text,
  primaryClinicianName: text,
  careType: z.object({ name: z.string(), displayName: z.string() }),
  careLocation: z.string(),
  appntStart: z.string(),
  appntEnd: z.string(),
  eventTimeZone: z.string(),
  name: z.string(),
  state: text,
  isAssignedToMe: bool,
  isUnAssigned: bool,
  isReadOnly: bool,
  readOnlyReason: text,
  // The action flags of the shared booking rules, so the calendar offers only what the server allows.
  hasReadAccessToClinicalData: bool,
  hasWriteAccessToClinicalData: bool,
  restrictClinicalDataAccessReason: text,
  appntStartEpochSec: num,
  masked: z.boolean(),
});
