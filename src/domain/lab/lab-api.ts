import { repeatedTestName } from './test-panels';
import { z } from 'zod';
import { LAB_RESULT_STATUSES } from '../shared/statuses';
import { addressSchema } from '../patients/patients';

/** Shapes of the lab request / lab result calls (spec 1 §3, §7), shared by server routes and portal. */

export const kitIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,40}$/, 'Kit ID is not valid');

/** The last page a lab list may ask for (the server refuses a larger one). */
export const LAB_MAX_PAGE = 100_000;

export const labListQuerySchema = z.strictObject({
  queryType: z.enum(['ASSIGNED', 'ALL', 'UNASSIGNED']).default('ALL'),
  myStates: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  q: z.string().trim().max(100).optional(),
  status: z
    .string()
    .regex(/^[A-Z_]{3,50}$/)
    .optional(),
  kitId: kitIdSchema.optional(),
  page: z.coerce.number().int().min(1).max(LAB_MAX_PAGE).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(['createDateTime', 'kitId', 'status', 'patientName', 'patientState', 'productName']).default('createDateTime'),
  order: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .default('DESC')
    .transform((v) => v.toUpperCase() as 'ASC' | 'DESC'),
});
export type LabListQuery = z.infer<typeof labListQuerySchema>;

export const labPatientSchema = z.object({
  userId: z.string(),
  subUUID: z.string(),
  name: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  preferredName: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.string().nullable(),
  genderAtBirth: z.string().nullable(),
  pronoun: z.string().nullable(),
  allergies: z.string().nullable(),
  symptoms: z.string().nullable(),
  medication: z.string().nullable(),
  address: addressSchema,
  photonHealthErxPatientId: z.string().nullable(),
});
export type LabPatient = z.infer<typeof labPatientSchema>;

export const resultLineSchema = z.object({
  testName: z.string(),
  result: z.string().nullable(),
  units: z.string().nullable(),
  summaryStatus: z.string().nullable(),
});

export const clinicianRefSchema = z.object({ firstName: z.string(), lastName: z.string(), userId: z.string() });

/** One lab request or lab result row. `masked` rows have every field XXXXXX but createDateTime and kitId. */
export const labRowSchema = z.object({
  kitId: z.string(),
  testResultId: z.string().nullable(),
  status: z.string(),
  requestStatus: z.string().nullable(),
  resultStatus: z.string().nullable(),
  clinician: clinicianRefSchema.nullable(),
  createDateTime: z.string(),
  labDate: z.string().nullable(),
  results: z.array(resultLineSchema),
  user: labPatientSchema.nullable(),
  patientState: z.string().nullable(),
  medications: z.string().nullable(),
  symptoms: z.string().nullable(),
  productName: z.string(),
  internalNotes: z.string().nullable(),
  externalNotes: z.string().nullable(),
  internalNote: z.string().nullable(),
  externalNote: z.string().nullable(),
  notesReleased: z.union([z.boolean(), z.literal('XXXXXX')]),
  attachments: z.array(z.string()),
  autoApproved: z.union([z.boolean(), z.string()]),
  tubeId: z.string().nullable(),
  masked: z.boolean(),
});
export type LabRow = z.infer<typeof labRowSchema>;

export const labListSchema = z.object({ items: z.array(labRowSchema), total: z.number().int() });

export const kitBodySchema = z.strictObject({ kitId: kitIdSchema });
export const assignBodySchema = z.strictObject({ kitId: kitIdSchema, reason: z.string().trim().max(2000).optional() });
/**
 * "Re-assign Kit to Me" (spec 1 §5): the reason sent with the assignment (assignBodySchema) and the three
 * acknowledgements, all required.
 */
export const REASSIGN_ALL_TEXT = 'Please confirm and select all checkboxes';
export const reassignFormSchema = z.strictObject({
  reason: z.string({ error: REASSIGN_ALL_TEXT }).trim().min(1, REASSIGN_ALL_TEXT).max(2000),
  ackReviewed: z.literal(true, { error: REASSIGN_ALL_TEXT }),
  ackNoRepeat: z.literal(true, { error: REASSIGN_ALL_TEXT }),
  ackMessages: z.literal(true, { error: REASSIGN_ALL_TEXT }),
});
export const rejectBodySchema = z.strictObject({
  kitId: kitIdSchema,
  externalNote: z.string().trim().min(1, 'externalNote is required').max(20_000),
  internalNote: z.string().trim().min(1, 'internalNote is required').max(20_000),
});

export const resultEntrySchema = z.strictObject({
  testName: z.string().trim().min(1, 'testName is required').max(200),
  testValue: z.string().max(200),
  newTest: z.boolean().optional(),
  testId: z.string().max(100).nullable().optional(),
  options: z.array(z.string().max(100)).max(20).optional(),
});
/**
 * A test entry added to a report in Create Test Report (spec 1 §5): a test name and a value (the custom text when
 * Other is chosen), both required; the limits are resultEntrySchema's.
 */
export const newResultEntrySchema = z.strictObject({
  testName: z.string().trim().min(1).max(200),
  testValue: z.string().trim().min(1).max(200),
});
/** Two values for one test (e.g. Detected next to Not Detected) would contradict each other: each test once. */
export const duplicateTestText = (name: string) => `Each test can be entered only once: ${name}`;
/** The first test name that appears twice (the one comparison rule of repeatedTestName), or null. */
export function duplicateTestName(entries: readonly { testName: string }[]): string | null {
  const seen: string[] = [];
  for (const e of entries) {
    const first = repeatedTestName(seen, e.testName);
    if (first !== null) return first;
    seen.push(e.testName.trim());
  }
  return null;
}
export const createTestResultSchema = z.strictObject({
  kitId: kitIdSchema,
  resultData: z
    .array(resultEntrySchema)
    .min(1, 'resultData needs at least one entry')
    .max(100)
    .refine((entries) => duplicateTestName(entries) === null, {
      error: (iss) => duplicateTestText(duplicateTestName(iss.input as { testName: string }[]) ?? ''),
    }),
  resultFileS3Url: z.string().max(1000).nullable().optional(),
});

export const notesBodySchema = z.strictObject({
  noteType: z.enum(['internal', 'external', 'INTERNAL', 'EXTERNAL']).transform((v) => v.toLowerCase() as 'internal' | 'external'),
  notes: z.string().max(100_000),
});

export const covidTubeSchema = z.strictObject({
  kitId: kitIdSchema,
  serialNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'serialNumber is not valid'),
});

/** A text the lab screens refuse to send empty (a message, notes): 'Make sure you add text'. */
export const MAKE_SURE_ADD_TEXT = 'Make sure you add text';
const labText = (max: number) => z.string({ error: MAKE_SURE_ADD_TEXT }).trim().min(1, MAKE_SURE_ADD_TEXT).max(max);
/** The one text of a lab text dialog (internal notes, appointment request, message to the patient). */
export const labTextEntrySchema = z.strictObject({ text: labText(100_000) });
export const appointmentRequestSchema = z.strictObject({
  testResultId: z.guid(),
  message: labText(20_000),
});
export const patientMessageSchema = z.strictObject({
  kitId: kitIdSchema,
  message: labText(20_000),
});

export const resultStatusParamSchema = z.strictObject({ status: z.enum(LAB_RESULT_STATUSES) });
