import type { InferSelectModel } from 'drizzle-orm';
import { z } from 'zod';
import {
  careLocationLabel,
  kitDetailSchema,
  kitRowSchema,
  kitSummaryStatus,
  type CompendiumEntry,
  type KitDetail,
  type KitRow,
} from '../../domain/kits/kits';
import { labPatientSchema } from '../../domain/lab/lab-api';
import { passFieldsSchema } from '../../domain/kits/pass';
import type { ResultLine } from '../../domain/lab/result-classification';
import type { Actor } from '../auth/actor';
import { accessOf, accessSchemas, present } from '../auth/scope';
import type { clinicians, kits, labRequests, patients, shippingManifests, testResults } from '../db/schema';

type Kit = InferSelectModel<typeof kits>;
type Patient = InferSelectModel<typeof patients>;
type Clinician = InferSelectModel<typeof clinicians>;
type LabRequest = InferSelectModel<typeof labRequests>;
type TestResult = InferSelectModel<typeof testResults>;
type Manifest = InferSelectModel<typeof shippingManifests>;
/** A column of a LEFT JOINed table: null when there is no such row. */
type Joined<T> = T | null;

/** A row as selected by KIT_COLUMNS (column types from the drizzle schema). */
export interface KitDbRow {
  kitId: Kit['kitId'];
  reqId: Kit['requisitionId'];
  bookingId: Kit['bookingId'];
  patientId: Kit['patientId'];
  kitStatus: Kit['status'];
  patientState: Kit['patientState'];
  labName: Kit['labName'];
  productName: Kit['productName'];
  panelName: Kit['panelName'];
  careLocation: Kit['careLocation'];
  shipManifestNum: Kit['shipManifestNum'];
  manifestId?: Joined<Manifest['id']>;
  shipProvider?: Joined<Manifest['provider']>;
  sampleLabelUrl: Kit['sampleLabelUrl'];
  createdAt: Kit['createdAt'];
  registrationDate: Kit['registrationDate'];
  sampleTakenDate: Kit['sampleTakenDate'];
  receivedDate: Kit['receivedDate'];
  pFirstName: Joined<Patient['firstName']>;
  pLastName: Joined<Patient['lastName']>;
  pDob: Joined<Patient['dob']>;
  pEmail: Joined<Patient['email']>;
  clinicianId: Joined<LabRequest['clinicianId']>;
  cFirstName: Joined<Clinician['firstName']>;
  cLastName: Joined<Clinician['lastName']>;
  testResultStatus: Joined<TestResult['status']>;
  results: Joined<TestResult['results']>;
}

/** KIT_DETAIL_SQL adds the patient's other fields and the notes. */
export interface KitDetailDbRow extends KitDbRow {
  panelTestSpecifications: Kit['panelTestSpecifications'];
  pId: Joined<Patient['id']>;
  pPreferredName: Joined<Patient['preferredName']>;
  pPhone: Joined<Patient['phone']>;
  pGender: Joined<Patient['gender']>;
  pGenderAtBirth: Joined<Patient['genderAtBirth']>;
  pPronoun: Joined<Patient['pronoun']>;
  pAllergies: Joined<Patient['allergies']>;
  pSymptoms: Joined<Patient['symptoms']>;
  pMedication: Joined<Patient['medication']>;
  pStreet: Joined<Patient['street']>;
  pStreet2: Joined<Patient['street2']>;
  pCity: Joined<Patient['city']>;
  pState: Joined<Patient['state']>;
  pZip: Joined<Patient['zip']>;
  pPassMember: Joined<Patient['passMember']>;
  pShareWithPass: Joined<Patient['shareWithPass']>;
  pErxId: Joined<Patient['photonErxPatientId']>;
  trExternalNotes: Joined<TestResult['externalNotes']>;
  lrExternalNote: Joined<LabRequest['externalNote']>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The result lines of a test_results.results value (jsonb). */
export function resultLines(value: unknown): ResultLine[] {
  if (!Array.isArray(value)) return [];
  return value.map((r: Record<string, unknown>) => ({
    testName: String(r.testName ?? ''),
    result: r.result == null ? null : String(r.result),
    summaryStatus: r.summaryStatus == null ? null : String(r.summaryStatus),
  }));
}

const fullName = (first: string | null, last: string | null) => (first || last ? `${first ?? ''} ${last ?? ''}`.trim() : null);

/** What a kit row and the kit detail carry per access level: without clinical access, no result or clinical field. */
export const kitRowSchemas = accessSchemas(kitRowSchema, kitRowSchema.omit({ summaryStatus: true }));
export const kitDetailSchemas = accessSchemas(
  kitDetailSchema,
  kitDetailSchema
    .omit({ symptoms: true, medication: true, allergies: true, externalNote: true, panelTestSpecifications: true })
    .extend({ patient: labPatientSchema.omit({ allergies: true, symptoms: true, medication: true }).extend(passFieldsSchema).nullable() }),
);
export const kitListResponseSchema = z.object({ items: z.array(kitRowSchemas.response), total: z.number().int() });

/** The kit's patient, as the scope rule reads it (a kit without a patient carries no patient data). */
export const kitPatientOf = (r: Pick<KitDbRow, 'patientState' | 'patientId'>) => ({
  patientState: r.patientState,
  hasPatient: r.patientId !== null,
  patientId: r.patientId,
});

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
  const patient = r.pId
    ? {
        userId: r.pId,
        subUUID: r.pId,
        name: fullName(r.pFirstName, r.pLastName) ?? '',
        givenName: r.pFirstName ?? '',
        familyName: r.pLastName ?? '',
        firstName: r.pFirstName ?? '',
        lastName: r.pLastName ?? '',
        preferredName: r.pPreferredName,
        email: r.pEmail ?? '',
        phoneNumber: r.pPhone,
        dob: r.pDob,
        birthDate: r.pDob,
        gender: r.pGender,
        genderAtBirth: r.pGenderAtBirth,
        pronoun: r.pPronoun,
        allergies: r.pAllergies,
        symptoms: r.pSymptoms,
        medication: r.pMedication,
        address: { street_address: r.pStreet, street_address2: r.pStreet2, locality: r.pCity, region: r.pState, postal_code: r.pZip },
        photonHealthErxPatientId: r.pErxId,
        passMember: r.pPassMember === true,
        shareWIthPass: r.pShareWithPass === true,
      }
    : null;
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
