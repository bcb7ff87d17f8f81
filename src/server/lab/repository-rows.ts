import type { InferSelectModel } from 'drizzle-orm';
import type { LabRow } from '../../domain/lab/lab-api';
import { maskRecord } from '../../domain/shared/masking';
import type { Actor } from '../auth/actor';
import { inScope, valueForScope } from '../auth/scope';
import type { clinicians, kits, labRequests, patients, testResults } from '../db/schema';

type Kit = InferSelectModel<typeof kits>;
type Patient = InferSelectModel<typeof patients>;
type Clinician = InferSelectModel<typeof clinicians>;
type LabRequest = InferSelectModel<typeof labRequests>;
type TestResult = InferSelectModel<typeof testResults>;
/** A column of a LEFT JOINed table: null when there is no such row. */
type Joined<T> = T | null;

/**
 * A row as selected by labRowColumns (repository-lists.ts; column types from the drizzle schema): status, clinician, creation and state
 * come from the list's own table (lab_requests or test_results, the same types in both).
 */
export interface LabDbRow {
  kitId: Kit['kitId'];
  testResultId: Joined<TestResult['id']>;
  status: LabRequest['status'];
  requestStatus: Joined<LabRequest['status']>;
  resultStatus: Joined<TestResult['status']>;
  clinicianId: LabRequest['clinicianId'];
  clinicianFirstName: Joined<Clinician['firstName']>;
  clinicianLastName: Joined<Clinician['lastName']>;
  createdAt: LabRequest['createdAt'];
  labDate: Joined<TestResult['createdAt']>;
  results: Joined<TestResult['results']>;
  patientState: LabRequest['patientState'];
  productName: Kit['productName'];
  tubeId: Kit['tubeId'];
  patientId: Kit['patientId'];
  internalNotes: Joined<TestResult['internalNotes']>;
  externalNotes: Joined<TestResult['externalNotes']>;
  notesReleasedAt: Joined<TestResult['notesReleasedAt']>;
  internalNote: Joined<LabRequest['internalNote']>;
  externalNote: Joined<LabRequest['externalNote']>;
  attachments: Joined<TestResult['attachments']>;
  autoApproved: LabRequest['autoApproved'];
  pId: Joined<Patient['id']>;
  pFirstName: Joined<Patient['firstName']>;
  pLastName: Joined<Patient['lastName']>;
  pPreferredName: Joined<Patient['preferredName']>;
  pEmail: Joined<Patient['email']>;
  pPhone: Joined<Patient['phone']>;
  pDob: Joined<Patient['dob']>;
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
  pErxId: Joined<Patient['photonErxPatientId']>;
  /** False: the row is outside the reader's scope and was read without its values (labRowColumns). */
  seen: boolean;
}

/**
 * A lab row's values (the base table decides status and assignee). `patient`: a value of the kit's patient, of which a
 * masked row still shows whether it is set (maskLabRow masks a patient's values but keeps a null one null).
 */
const ROW_VALUES = (base: 'lr' | 'tr'): Array<{ sql: string; as: string; patient?: true }> => [
  { sql: 'tr.id', as: 'testResultId' },
  { sql: `${base}.status`, as: 'status' },
  { sql: 'lr.status', as: 'requestStatus' },
  { sql: 'tr.status', as: 'resultStatus' },
  { sql: `${base}.clinician_id`, as: 'clinicianId' },
  { sql: 'c.first_name', as: 'clinicianFirstName' },
  { sql: 'c.last_name', as: 'clinicianLastName' },
  { sql: 'tr.created_at', as: 'labDate' },
  { sql: 'tr.results', as: 'results' },
  { sql: 'k.product_name', as: 'productName' },
  { sql: 'k.tube_id', as: 'tubeId' },
  { sql: 'tr.internal_notes', as: 'internalNotes' },
  { sql: 'tr.external_notes', as: 'externalNotes' },
  { sql: 'tr.notes_released_at', as: 'notesReleasedAt' },
  { sql: 'lr.internal_note', as: 'internalNote' },
  { sql: 'lr.external_note', as: 'externalNote' },
  { sql: 'tr.attachments', as: 'attachments' },
  { sql: 'COALESCE(lr.auto_approved, false)', as: 'autoApproved' },
  // The patient's values, all text (the date of birth is read as its text).
  { sql: 'p.first_name', as: 'pFirstName', patient: true },
  { sql: 'p.last_name', as: 'pLastName', patient: true },
  { sql: 'p.preferred_name', as: 'pPreferredName', patient: true },
  { sql: 'p.email', as: 'pEmail', patient: true },
  { sql: 'p.phone', as: 'pPhone', patient: true },
  { sql: 'p.dob::text', as: 'pDob', patient: true },
  { sql: 'p.gender', as: 'pGender', patient: true },
  { sql: 'p.gender_at_birth', as: 'pGenderAtBirth', patient: true },
  { sql: 'p.pronoun', as: 'pPronoun', patient: true },
  { sql: 'p.allergies', as: 'pAllergies', patient: true },
  { sql: 'p.symptoms', as: 'pSymptoms', patient: true },
  { sql: 'p.medication', as: 'pMedication', patient: true },
  { sql: 'p.street', as: 'pStreet', patient: true },
  { sql: 'p.street2', as: 'pStreet2', patient: true },
  { sql: 'p.city', as: 'pCity', patient: true },
  { sql: 'p.state', as: 'pState', patient: true },
  { sql: 'p.zip', as: 'pZip', patient: true },
  { sql: 'p.photon_erx_patient_id', as: 'pErxId', patient: true },
];

/**
 * Columns of one lab row, the same for both lists. `seen` (a boolean column): whether the row is in the reader's
 * scope. A row outside it is read as its kit id, its creation, its patient's id and state (for the scope rule and the
 * audit) and which of the patient's values are set (an empty text for one that is), every other value NULL: all that
 * the server needs of it (maskLabRow shows no more), so no other value of its patient leaves the database. Without
 * `seen` every value is read.
 */
export function labRowColumns(base: 'lr' | 'tr', seen: string | null): string {
  return [
    `${base}.kit_id AS "kitId"`,
    `${base}.created_at AS "createdAt"`,
    // Where the patient is: the scope rule's input, and what the audit of a refused read names (masked in the answer).
    `${base}.patient_state AS "patientState"`,
    'k.patient_id AS "patientId"',
    'p.id AS "pId"',
    ...ROW_VALUES(base).map((v) => `${valueForScope(seen, v.sql, v.patient)} AS "${v.as}"`),
    `${seen ?? 'TRUE'} AS seen`,
  ].join(', ');
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

/**
 * Whether the actor reads this lab row's patient in clear (a kit without a patient has no patient data). A row the
 * database read without its values (seen false) is masked whatever the rule says.
 */
export function labRowInScope(r: Pick<LabDbRow, 'patientState' | 'patientId'> & { seen?: boolean }, actor: Actor): boolean {
  // The rule runs first: it notes the patient a refused read resolved to (its audit row names it).
  const rule = inScope(actor, { patientState: r.patientState, hasPatient: r.patientId !== null, patientId: r.patientId });
  return rule && r.seen !== false;
}

/** Maps a database row to the spec's lab row (spec 1 §3), masked outside the actor's scope (src/domain/shared/scope.ts). */
export function toLabRow(r: LabDbRow, actor: Actor): LabRow {
  const user = r.pId
    ? {
        userId: r.pId,
        subUUID: r.pId,
        name: `${r.pFirstName} ${r.pLastName}`,
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
      }
    : null;
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
 * "unassigned" nor "no result yet".
 */
function maskLabRow(row: LabRow): LabRow {
  // One copy (the row's fast shape) whose empty values are filled before maskRecord masks them.
  const filled: Record<string, unknown> = { ...row, clinician: { userId: '', firstName: '', lastName: '' } };
  for (const key of Object.keys(filled)) if (filled[key] === null && key !== 'user') filled[key] = '';
  return maskRecord(filled) as unknown as LabRow;
}
