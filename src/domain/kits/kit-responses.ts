import { z } from 'zod';
import { compendiumEntrySchema } from './kit-compendium';
import { labPatientSchema } from '../lab/lab-api';
import { passFieldsSchema } from './pass';
import { groupResults, type ResultLine } from '../lab/result-classification';

/** Response shapes of the kit and lab order routes (spec 1 §3, §6, §7; spec 3 §3) and the values derived from kits. */

// ---------------------------------------------------------------------------------------------------------------
// Responses. Masked rows carry XXXXXX in every field except kitId and createDateTime (spec 1 §6): the fields are all
// strings (or null) so that a masked row fits the same schema.
// ---------------------------------------------------------------------------------------------------------------

const clinicianNameSchema = z.object({ firstName: z.string(), lastName: z.string() });

/** Kit / lab order row (spec 1 §3), plus the kit fields of spec 3 §3 (clinicianId, clinician, registrationDateTime, productName). */
export const kitRowSchema = z.object({
  kitId: z.string(),
  reqId: z.string().nullable(),
  bookingId: z.string().nullable(),
  patientId: z.string().nullable(),
  name: z.string().nullable(),
  dob: z.string().nullable(),
  email: z.string().nullable(),
  clinicianId: z.string().nullable(),
  clinician: clinicianNameSchema.nullable(),
  clinicianName: z.string().nullable(),
  kitStatus: z.string(),
  registrationState: z.string().nullable(),
  labName: z.string(),
  created: z.string(),
  createDateTime: z.string(),
  registrationDateTime: z.string(),
  sampleTakenDate: z.string().nullable(),
  receivedDate: z.string().nullable(),
  summaryStatus: z.string().nullable(),
  testResultStatus: z.string().nullable(),
  careLocation: z.string().nullable(),
  careLocationCode: z.string().nullable(),
  panelName: z.string().nullable(),
  productName: z.string(),
  shipManifestNum: z.string().nullable(),
  /** The shipping manifest holding the kit and its provider (FEDEX or UPS), once one is created. */
  manifestId: z.string().nullable().optional(),
  shipProvider: z.string().nullable().optional(),
  sampleLabelPdfS3Url: z.string().nullable(),
  masked: z.boolean(),
});
export type KitRow = z.infer<typeof kitRowSchema>;

/** Kit detail (spec 1 §3), with the kit-header fields of the Kit detail page. */
export const kitDetailSchema = z.object({
  kitId: z.string(),
  labName: z.string(),
  requisitionId: z.string().nullable(),
  clinician: clinicianNameSchema.nullable(),
  productName: z.string(),
  panelName: z.string().nullable(),
  /** The ordered panels and tests (lab orders placed in the portal); null for other kits and on masked rows. */
  panelTestSpecifications: z.array(compendiumEntrySchema).nullable(),
  symptoms: z.string().nullable(),
  medication: z.string().nullable(),
  allergies: z.string().nullable(),
  registrationDateTime: z.string(),
  testTakenDate: z.string().nullable(),
  /** The patient, with its PASS membership and consent (spec 3 §3 passMember, spec 2 §3 shareWIthPass). */
  patient: labPatientSchema.extend(passFieldsSchema).nullable(),
  sampleLabelPdfS3Url: z.string().nullable(),
  externalNote: z.string().nullable(),
  status: z.string(),
  bookingId: z.string().nullable(),
  careLocation: z.string().nullable(),
  careLocationCode: z.string().nullable(),
  shipManifestNum: z.string().nullable(),
  testResultStatus: z.string().nullable(),
  masked: z.boolean(),
});
export type KitDetail = z.infer<typeof kitDetailSchema>;

export const labelUrlSchema = z.object({ url: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Derived values
// ---------------------------------------------------------------------------------------------------------------

/** A kit's summary status from its result lines: POSITIVE if any is, else INCONCLUSIVE/OTHER if any, else NEGATIVE; null without results. */
export function kitSummaryStatus(lines: readonly ResultLine[]): 'POSITIVE' | 'NEGATIVE' | 'INCONCLUSIVE' | 'OTHER' | null {
  const g = groupResults(lines);
  if (g.POSITIVE.length) return 'POSITIVE';
  if (g.INCONCLUSIVE.length) return 'INCONCLUSIVE';
  if (g.OTHER.length) return 'OTHER';
  if (g.NEGATIVE.length) return 'NEGATIVE';
  return null;
}

/** How long a presigned label URL lives, and how long the server reuses it (spec 1 §7: under 29 minutes). */
export const LABEL_URL_TTL_SECONDS = 30 * 60;
export const LABEL_URL_CACHE_MS = 28 * 60 * 1000;
