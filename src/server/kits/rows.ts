import { z } from 'zod';
import { careLocationLabel, kitDetailSchema, kitRowSchema, kitSummaryStatus, type CompendiumEntry, type KitDetail, type KitRow } from '../../domain/kits';
import { labPatientSchema } from '../../domain/lab-api';
import { passFieldsSchema } from '../../domain/pass';
import type { ResultLine } from '../../domain/result-classification';
import type { Actor } from '../auth/actor';
import { accessOf, accessSchemas, present } from '../auth/scope';

/** A row as selected by KIT_COLUMNS. */
export interface KitDbRow {
  kitId: string; reqId: string | null; bookingId: string | null; patientId: string | null; kitStatus: string;
  patientState: string | null; labName: string; productName: string; panelName: string | null; careLocation: string;
  shipManifestNum: string | null; manifestId?: string | null; shipProvider?: string | null; sampleLabelUrl: string | null; createdAt: Date; registrationDate: Date;
  sampleTakenDate: Date | null; receivedDate: Date | null; pFirstName: string | null; pLastName: string | null;
  pDob: string | null; pEmail: string | null; clinicianId: string | null; cFirstName: string | null; cLastName: string | null;
  testResultStatus: string | null; results: unknown;
}

/** KIT_DETAIL_SQL adds the patient's other fields and the notes. */
export interface KitDetailDbRow extends KitDbRow {
  panelTestSpecifications: unknown; pId: string | null; pPreferredName: string | null; pPhone: string | null;
  pGender: string | null; pGenderAtBirth: string | null; pPronoun: string | null; pAllergies: string | null;
  pSymptoms: string | null; pMedication: string | null; pStreet: string | null; pStreet2: string | null;
  pCity: string | null; pState: string | null; pZip: string | null; pPassMember: boolean | null; pShareWithPass: boolean | null; trExternalNotes: string | null; lrExternalNote: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The result lines of a test_results.results value (jsonb). */
export function resultLines(value: unknown): ResultLine[] {
  if (!Array.isArray(value)) return [];
  return value.map((r: Record<string, unknown>) => ({
    testName: String(r.testName ?? ''), result: r.result == null ? null : String(r.result),
    summaryStatus: r.summaryStatus == null ? null : String(r.summaryStatus),
  }));
}

const fullName = (first: string | null, last: string | null) => (first || last ? `${first ?? ''} ${last ?? ''}`.trim() : null);

/** What a kit row and the kit detail carry per access level: without clinical access, no result or clinical field. */
export const kitRowSchemas = accessSchemas(kitRowSchema, kitRowSchema.omit({ summaryStatus: true }));
export const kitDetailSchemas = accessSchemas(kitDetailSchema, kitDetailSchema
  .omit({ symptoms: true, medication: true, allergies: true, externalNote: true, panelTestSpecifications: true })
  .extend({ patient: labPatientSchema.omit({ allergies: true, symptoms: true, medication: true }).extend(passFieldsSchema).nullable() }));
export const kitListResponseSchema = z.object({ items: z.array(kitRowSchemas.response), total: z.number().int() });

/** The kit's patient, as the scope rule reads it (a kit without a patient carries no patient data). */
export const kitPatientOf = (r: Pick<KitDbRow, 'patientState' | 'patientId'>) => ({ patientState: r.patientState, hasPatient: r.patientId !== null });

/** Maps a kit to the spec's Kit / lab order row: masked outside the actor's scope, without clinical fields for staff. */
export function toKitRow(r: KitDbRow, actor: Actor): z.output<typeof kitRowSchemas.response> {
  const created = r.createdAt.toISOString();
  const row: Omit<KitRow, 'masked'> = {
    kitId: r.kitId,
    reqId: r.reqId,
    bookingId: r.bookingId,
    patientId: r.patientId,
    name: fullName(r.pFirstName, r.pLastName),
    dob: r.pDob,
    email: r.pEmail,
    clinicianId: r.clinicianId,
    clinician: r.clinicianId ? { firstName: r.cFirstName ?? '', lastName: r.cLastName ?? '' } : null,
    clinicianName: r.clinicianId ? fullName(r.cFirstName, r.cLastName) : null,
    kitStatus: r.kitStatus,
    registrationState: r.patientState,
    labName: r.labName,
    created,
    createDateTime: created,
    registrationDateTime: r.registrationDate.toISOString(),
    sampleTakenDate: iso(r.sampleTakenDate),
    receivedDate: iso(r.receivedDate),
    summaryStatus: kitSummaryStatus(resultLines(r.results)),
    testResultStatus: r.testResultStatus,
    careLocation: careLocationLabel(r.careLocation),
    careLocationCode: r.careLocation,
    panelName: r.panelName ?? r.productName,
    productName: r.productName,
    shipManifestNum: r.shipManifestNum,
    manifestId: r.manifestId ?? null,
    shipProvider: r.shipProvider ?? null,
    sampleLabelPdfS3Url: r.sampleLabelUrl,
  };
  return present(accessOf(actor, kitPatientOf(r)), { ...row, masked: false }, kitRowSchemas);
}

/**
 * The kit detail (spec 1 §3) of a kit in the actor's scope (the route answers 404 outside it). Symptoms, medication,
 * allergies, the ordered tests and the external note are clinical data (spec 1 §6 Kit detail): stripped for staff.
 */
export function toKitDetail(r: KitDetailDbRow, actor: Actor): z.output<typeof kitDetailSchemas.response> {
  const patient = r.pId ? {
    userId: r.pId, subUUID: r.pId, name: fullName(r.pFirstName, r.pLastName) ?? '', givenName: r.pFirstName ?? '', familyName: r.pLastName ?? '',
    firstName: r.pFirstName ?? '', lastName: r.pLastName ?? '', preferredName: r.pPreferredName, email: r.pEmail ?? '',
    phoneNumber: r.pPhone, dob: r.pDob, birthDate: r.pDob, gender: r.pGender, genderAtBirth: r.pGenderAtBirth, pronoun: r.pPronoun,
    allergies: r.pAllergies, symptoms: r.pSymptoms, medication: r.pMedication,
    address: { street_address: r.pStreet, street_address2: r.pStreet2, locality: r.pCity, region: r.pState, postal_code: r.pZip },
    photonHealthErxPatientId: null,
    passMember: r.pPassMember === true, shareWIthPass: r.pShareWithPass === true,
  } : null;
  const specs = Array.isArray(r.panelTestSpecifications) ? (r.panelTestSpecifications as CompendiumEntry[]) : null;
  const detail: Omit<KitDetail, 'masked'> = {
    kitId: r.kitId,
    labName: r.labName,
    requisitionId: r.reqId,
    clinician: r.clinicianId ? { firstName: r.cFirstName ?? '', lastName: r.cLastName ?? '' } : null,
    productName: r.productName,
    panelName: r.panelName ?? r.productName,
    panelTestSpecifications: specs,
    symptoms: r.pSymptoms,
    medication: r.pMedication,
    allergies: r.pAllergies,
    registrationDateTime: r.registrationDate.toISOString(),
    testTakenDate: iso(r.sampleTakenDate),
    patient,
    sampleLabelPdfS3Url: r.sampleLabelUrl,
    externalNote: r.trExternalNotes ?? r.lrExternalNote,
    status: r.kitStatus,
    bookingId: r.bookingId,
    careLocation: careLocationLabel(r.careLocation),
    careLocationCode: r.careLocation,
    shipManifestNum: r.shipManifestNum,
    testResultStatus: r.testResultStatus,
  };
  return present(accessOf(actor, kitPatientOf(r)), { ...detail, masked: false }, kitDetailSchemas);
}
