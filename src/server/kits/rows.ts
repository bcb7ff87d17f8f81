import { careLocationLabel, kitSummaryStatus, type CompendiumEntry, type KitDetail, type KitRow } from '../../domain/kits';
import { maskRecord } from '../../domain/masking';
import type { ResultLine } from '../../domain/result-classification';
import type { Actor } from '../auth/actor';
import { isKitMaskedFor } from './viewer';

/** A row as selected by KIT_COLUMNS. */
export interface KitDbRow {
  kitId: string; reqId: string | null; bookingId: string | null; patientId: string | null; kitStatus: string;
  patientState: string | null; labName: string; productName: string; panelName: string | null; careLocation: string;
  shipManifestNum: string | null; sampleLabelUrl: string | null; createdAt: Date; registrationDate: Date;
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

/** Maps a kit to the spec's Kit / lab order row, masked for viewers whose licence in the patient's state is invalid. */
export function toKitRow(r: KitDbRow, actor: Actor): KitRow {
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
    sampleLabelPdfS3Url: r.sampleLabelUrl,
  };
  return isKitMaskedFor(actor, r.patientState) ? maskRecord(row) : { ...row, masked: false };
}

/**
 * The kit detail (spec 1 §3). External notes are clinical data: only for clinicians, super admins and auditors.
 * Masked as a whole (patient included) for viewers whose licence in the patient's state is invalid.
 */
export function toKitDetail(r: KitDetailDbRow, actor: Actor): KitDetail {
  const clinical = actor.permissions.clinicalAccess || actor.permissions.unmasked;
  const masked = isKitMaskedFor(actor, r.patientState);
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
    panelTestSpecifications: masked ? null : specs,
    symptoms: r.pSymptoms,
    medication: r.pMedication,
    allergies: r.pAllergies,
    registrationDateTime: r.registrationDate.toISOString(),
    testTakenDate: iso(r.sampleTakenDate),
    patient,
    sampleLabelPdfS3Url: r.sampleLabelUrl,
    externalNote: clinical ? (r.trExternalNotes ?? r.lrExternalNote) : null,
    status: r.kitStatus,
    bookingId: r.bookingId,
    careLocation: careLocationLabel(r.careLocation),
    careLocationCode: r.careLocation,
    shipManifestNum: r.shipManifestNum,
    testResultStatus: r.testResultStatus,
  };
  return masked ? maskRecord(detail) : { ...detail, masked: false };
}
