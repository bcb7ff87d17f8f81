import type { LabRow } from '../../domain/lab-api';
import { maskRecord } from '../../domain/masking';
import type { Actor } from '../auth/actor';
import { inScope } from '../auth/scope';

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

/** Whether the actor reads this lab row's patient in clear (a kit without a patient has no patient data). */
export const labRowInScope = (r: Pick<LabDbRow, 'patientState' | 'patientId'>, actor: Actor) =>
  inScope(actor, { patientState: r.patientState, hasPatient: r.patientId !== null });

/** Maps a database row to the spec's lab row (spec 1 §3), masked outside the actor's scope (src/domain/scope.ts). */
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
  if (labRowInScope(r, actor)) return row;
  return maskLabRow(row);
}

/**
 * Every value XXXXXX but kitId and createDateTime. Empty values are masked too, so a masked row tells neither
 * "unassigned" nor "no result yet" (field test finding 1).
 */
function maskLabRow({ masked: _ignored, ...row }: LabRow): LabRow {
  const filled = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : v]));
  return maskRecord({ ...filled, clinician: { userId: '', firstName: '', lastName: '' }, user: row.user }) as unknown as LabRow;
}
