import { z } from 'zod';
import { PRESCRIPTION_TEXT } from '../i18n/en/prescription';

/** Result statuses that block a prescription from a kit (spec 1 §4; spec 2 §4); a kit without a result blocks too. */
export const PRESCRIPTION_BLOCKING_RESULT_STATUSES = ['PRE_PROCESS', 'PENDING_REVIEW', 'NEEDS_CLINICIAN_REVIEW'] as const;

/** Whether a kit's result status blocks sending a prescription (a missing result blocks). */
export function resultBlocksPrescription(status: string | null | undefined): boolean {
  return !status || (PRESCRIPTION_BLOCKING_RESULT_STATUSES as readonly string[]).includes(status);
}

export type PrescribingSex = 'MALE' | 'FEMALE' | 'UNKNOWN';

/** Sex for the prescribing patient: genderAtBirth, falling back to gender; MALE, FEMALE or UNKNOWN (spec 1 §5, spec 3 §7). */
export function prescribingSex(genderAtBirth: string | null | undefined, gender: string | null | undefined): PrescribingSex {
  const of = (v: string | null | undefined): PrescribingSex | null => {
    const s = (v ?? '').trim().toUpperCase();
    if (s === 'MALE' || s === 'M') return 'MALE';
    if (s === 'FEMALE' || s === 'F') return 'FEMALE';
    return null;
  };
  return of(genderAtBirth) ?? of(gender) ?? 'UNKNOWN';
}

/** The prescribing patient's country (spec: fixed USA). */
export const PRESCRIBING_COUNTRY = 'USA';

/** Why a patient cannot be prescribed for (spec 3 §5), or null. Order: account, DOB, e-mail. */
export function patientPrescribingRefusal(p: { dob: string | null; email: string | null } | null | undefined): string | null {
  if (!p) return PRESCRIPTION_TEXT.accountNotFound;
  if (!p.dob) return PRESCRIPTION_TEXT.dobMissing;
  if (!p.email) return PRESCRIPTION_TEXT.emailMissing;
  return null;
}

/** Order states (the provider's): a new order is PLACED, then ROUTING to the pharmacy, PENDING, COMPLETED; or CANCELED. */
export const ORDER_STATES = ['PLACED', 'ROUTING', 'PENDING', 'COMPLETED', 'CANCELED', 'ERROR'] as const;
/**
 * The local pharmacy's progression of an order (local sandbox): PLACED → ROUTING → PENDING → COMPLETED, one step at a
 * time; CANCELED, ERROR and COMPLETED are final. Answers the next state, or null when the order does not advance.
 */
export const ORDER_PROGRESSION: Partial<Record<(typeof ORDER_STATES)[number], (typeof ORDER_STATES)[number]>> = {
  PLACED: 'ROUTING',
  ROUTING: 'PENDING',
  PENDING: 'COMPLETED',
};
export function nextOrderState(state: string | null | undefined): (typeof ORDER_STATES)[number] | null {
  return ORDER_PROGRESSION[state as (typeof ORDER_STATES)[number]] ?? null;
}
/** A fill's state for its order's state: NEW until the order is routed to the pharmacy, then SENT (CANCELED with the order). */
export function fillStateForOrder(orderState: string): 'NEW' | 'SENT' | 'CANCELED' {
  if (orderState === 'CANCELED') return 'CANCELED';
  return orderState === 'PLACED' || orderState === 'ERROR' ? 'NEW' : 'SENT';
}
/** Whether an order is still moving (the portal refreshes its prescriptions while one is). */
export const orderInProgress = (state: string | null | undefined) => nextOrderState(state) !== null;
export const FULFILLMENT_TYPES = ['PICK_UP', 'MAIL_ORDER'] as const;
export type FulfillmentType = (typeof FULFILLMENT_TYPES)[number];

/** "Order status is shown with underscores replaced by spaces, in title case" (spec 3 §4). */
export const orderStateLabel = (state: string | null | undefined) =>
  (state ?? '')
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');

/** Prescription as the provider answers it (spec 3 §3): id, state, treatment.name, instructions, notes, prescriber.name.full, writtenAt, fills[].order.state. */
export const prescriptionSchema = z.object({
  id: z.string(),
  state: z.string(),
  treatment: z.object({ id: z.string().optional(), name: z.string(), strength: z.string().optional(), form: z.string().optional() }),
  instructions: z.string().nullable(),
  notes: z.string().nullable(),
  dispenseQuantity: z.number().nullable().optional(),
  dispenseUnit: z.string().nullable().optional(),
  fillsAllowed: z.number().int().nullable().optional(),
  prescriber: z.object({ name: z.object({ full: z.string() }) }),
  writtenAt: z.string(),
  fills: z.array(
    z.object({
      id: z.string().optional(),
      state: z.string().optional(),
      requestedAt: z.string().optional(),
      order: z.object({ id: z.string().optional(), state: z.string(), updatedAt: z.string().optional() }).nullable(),
    }),
  ),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

/** A formulary entry of the local prescribing service: a treatment in one strength and form. */
export const treatmentSchema = z.object({ id: z.string(), name: z.string(), strength: z.string(), form: z.string(), dispenseUnit: z.string() });
export type Treatment = z.infer<typeof treatmentSchema>;

const trimmed = (max: number) => z.string().trim().max(max);
/** One prescription of the project's own prescribe form (local sandbox). */
export const prescriptionItemSchema = z.object({
  treatmentId: z.string({ error: 'Please select a treatment' }).min(1, 'Please select a treatment').max(64),
  instructions: z.string({ error: 'Please enter instructions' }).trim().max(1000).min(1, 'Please enter instructions'),
  quantity: z.coerce.number().positive('Quantity must be more than 0').max(10_000, 'Quantity must be at most 10000'),
  refills: z.coerce.number().int().min(0, 'Refills cannot be negative').max(11, 'At most 11 refills'),
  notes: trimmed(500).optional().nullable(),
});
export type PrescriptionItem = z.infer<typeof prescriptionItemSchema>;

const kitIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
/**
 * POST /secure/clinician/createPrescription: the patient, where it was sent from (a kit checks the result gate), and
 * either the provider's order (the widget's order-created event) or the local form's prescriptions.
 */
export const createPrescriptionBodySchema = z
  .strictObject({
    patientId: z.guid(),
    kitId: kitIdSchema.optional(),
    bookingId: z.string().max(64).optional(),
    messageId: z.guid().optional(),
    fulfillment: z.enum(FULFILLMENT_TYPES).default('PICK_UP'),
    order: z.strictObject({ id: z.string().regex(/^ord_[A-Za-z0-9]{1,64}$/) }).optional(),
    prescriptions: z.array(prescriptionItemSchema).min(1).max(10).optional(),
  })
  .refine((b) => !!b.order !== !!b.prescriptions, { message: 'either order or prescriptions' });
export type CreatePrescriptionBody = z.input<typeof createPrescriptionBodySchema>;

export const createPrescriptionResultSchema = z.object({
  msg: z.literal(PRESCRIPTION_TEXT.sent),
  orderId: z.string(),
  prescriptions: z.array(prescriptionSchema),
});

/** POST /api/photon/createPatient (spec 2 §7, spec 3 §7); the server builds the provider patient from its own record. */
export const createPrescribingPatientBodySchema = z.strictObject({
  patientId: z.guid(),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  dob: z.string().max(20).optional(),
  sex: z.enum(['MALE', 'FEMALE', 'UNKNOWN']).optional(),
  gender: z.string().max(50).nullable().optional(),
  phone: z.string().max(30).nullable().optional(),
  email: z.string().max(254).optional(),
  address: z
    .strictObject({
      name: z.strictObject({ first: z.string().max(200), last: z.string().max(200) }).optional(),
      street1: z.string().max(200).nullable().optional(),
      street2: z.string().max(200).nullable().optional(),
      postalCode: z.string().max(20).nullable().optional(),
      country: z.literal(PRESCRIBING_COUNTRY).optional(),
      state: z.string().max(20).nullable().optional(),
      city: z.string().max(200).nullable().optional(),
    })
    .optional(),
});
export const createPrescribingPatientResultSchema = z.object({ erxPhotonId: z.object({ id: z.string() }), created: z.boolean() });

/** POST /secure/patient/updatePhotonERxPatientId: userId or subUUID, and the id. */
export const updateErxPatientIdBodySchema = z
  .strictObject({
    userId: z.guid().optional(),
    subUUID: z.guid().optional(),
    photonERxPatientId: z.string().regex(/^pat_[A-Za-z0-9]{1,64}$/),
  })
  .refine((b) => !!(b.userId ?? b.subUUID), { message: 'userId or subUUID is required' });

/** The provider's patient as the adapters take it (spec 3 §7 createPatient payload). */
export interface PrescribingPatientInput {
  externalId: string;
  name: { first: string; last: string };
  dateOfBirth: string;
  sex: PrescribingSex;
  gender: string | null;
  email: string;
  phone: string | null;
  address: {
    name: { first: string; last: string };
    street1: string | null;
    street2: string | null;
    postalCode: string | null;
    country: string;
    state: string | null;
    city: string | null;
  };
}

/** The provider patient of one of our patients (spec shape), from its record. */
export function prescribingPatientOf(p: {
  id: string;
  firstName: string;
  lastName: string;
  dob: string;
  email: string;
  phone: string | null;
  gender: string | null;
  genderAtBirth: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}): PrescribingPatientInput {
  const name = { first: p.firstName, last: p.lastName };
  return {
    externalId: p.id,
    name,
    dateOfBirth: p.dob,
    sex: prescribingSex(p.genderAtBirth, p.gender),
    gender: p.gender,
    email: p.email,
    phone: p.phone,
    address: { name, street1: p.street, street2: p.street2, postalCode: p.zip, country: PRESCRIBING_COUNTRY, state: p.state, city: p.city },
  };
}

/** The portal's prescribing settings (from /config.json): the local form, or Photon's web component. */
export const prescribingPortalConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('local') }),
  z.object({
    provider: z.literal('photon'),
    clientId: z.string(),
    organizationId: z.string(),
    devMode: z.boolean(),
    appUrl: z.string(),
    enableLocalPickup: z.boolean(),
    enableSendToPatient: z.boolean(),
  }),
]);
export type PrescribingPortalConfig = z.infer<typeof prescribingPortalConfigSchema>;
