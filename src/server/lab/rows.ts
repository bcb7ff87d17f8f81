import type { LabRow } from '../../domain/lab-api';
import { maskRecord, mustMask } from '../../domain/masking';
import type { Actor } from '../auth/actor';

/** A row as selected by ROW_COLUMNS. */
export interface LabDbRow {
  kitId: string; testResultId: string | null; status: string; requestStatus: string | null; resultStatus: string | null;
  clinicianId: string | null; clinicianFirstName: string | null; clinicianLastName: string | null;
  createdAt: Date; labDate: Date | null; results: unknown; patientState: string | null; productName: string;
  tubeId: string | null; patientId: string | null; internalNotes: string | null; externalNotes: string | null;
  notesReleasedAt: Date | null; internalNote: string | null; externalNote: string | null; attachments: unknown;
  autoApproved: boolean; pId: string | null; pFirstName: string | null; pLastName: string | null; pPreferredName: string | null;
  pEmail: string | null; pPhone: string | null; pDob: string | null; pGender: string | null; pGenderAtBirth: string | null;
  pPronoun: string | null; pAllergies: string | null; pSymptoms: string | null; pMedication: string | null;
  pStreet: string | null; pStreet2: string | null; pCity: string | null; pState: string | null; pZip: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ResultLineOut = LabRow['results'][number];

function resultLines(value: unknown): ResultLineOut[] {
  if (!Array.isArray(value)) return [];
  return value.map((r: Record<string, unknown>) => ({
    testName: String(r.testName ?? ''),
    result: r.result == null ? null : String(r.result),
    units: r.units == null ? null : String(r.units),
    summaryStatus: r.summaryStatus == null ? null : String(r.summaryStatus),
  }));
}

/** Maps a database row to the spec's lab row (spec 1 §3), masked for the viewer where the rules say so. */
export function toLabRow(r: LabDbRow, actor: Actor): LabRow {
  const user = r.pId ? {
    userId: r.pId, subUUID: r.pId, name: `${r.pFirstName} ${r.pLastName}`, givenName: r.pFirstName ?? '', familyName: r.pLastName ?? '',
    firstName: r.pFirstName ?? '', lastName: r.pLastName ?? '', preferredName: r.pPreferredName, email: r.pEmail ?? '',
    phoneNumber: r.pPhone, dob: r.pDob, birthDate: r.pDob, gender: r.pGender, genderAtBirth: r.pGenderAtBirth, pronoun: r.pPronoun,
    allergies: r.pAllergies, symptoms: r.pSymptoms, medication: r.pMedication,
    address: { street_address: r.pStreet, street_address2: r.pStreet2, locality: r.pCity, region: r.pState, postal_code: r.pZip },
    photonHealthErxPatientId: null,
  } : null;
  const row: LabRow = {
    kitId: r.kitId,
    testResultId: r.testResultId,
    status: r.status,
    requestStatus: r.requestStatus,
    resultStatus: r.resultStatus,
    clinician: r.clinicianId ? { userId: r.clinicianId, firstName: r.clinicianFirstName ?? '', lastName: r.clinicianLastName ?? '' } : null,
    createDateTime: r.createdAt.toISOString(),
    labDate: iso(r.labDate),
    results: resultLines(r.results),
    user,
    patientState: r.patientState,
    medications: r.pMedication,
    symptoms: r.pSymptoms,
    productName: r.productName,
    internalNotes: r.internalNotes,
    externalNotes: r.externalNotes,
    internalNote: r.internalNote,
    externalNote: r.externalNote,
    notesReleased: r.notesReleasedAt != null,
    attachments: Array.isArray(r.attachments) ? r.attachments.map(String) : [],
    autoApproved: r.autoApproved,
    tubeId: r.tubeId,
    masked: false,
  };
  if (!mustMask(r.patientState, actor.licenceStates.inValidStates, actor.permissions.unmasked)) return row;
  const { masked: _ignored, ...rest } = row;
  return maskRecord(rest) as unknown as LabRow;
}
