import { ageYearsMonths, csvLine } from '../../domain/shared/csv';
import type { LabListQuery, LabRow } from '../../domain/lab/lab-api';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { assertClinicalAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import type { LabKind } from './repository-lists';

const PATIENT_TAIL = [
  'Patient Sex at Birth',
  'Patient DOB',
  'Age',
  'Phone Number',
  'Allergies',
  'Current Medications',
  'Current Symptoms',
  'Patient State',
  'Product Name',
];
/** The Lab Results table's columns (spec 1 §2). */
export const LAB_CSV_HEADER = [
  'Patient Name',
  'Preferred Name',
  'Patient Email',
  'Kit ID',
  'Results Status',
  'Clinician',
  'Lab Date',
  'Results',
  ...PATIENT_TAIL,
];
/** The Lab Request table's columns: Status (APPROVED or AUTO APPROVED), Request Date, no results. */
export const LAB_REQUEST_CSV_HEADER = [
  'Patient Name',
  'Preferred Name',
  'Patient Email',
  'Kit ID',
  'Status',
  'Clinician',
  'Request Date',
  ...PATIENT_TAIL,
];

/** "2026-11-22 21:43 UTC": a CSV date says its zone; masked or empty values as they are. */
function csvDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** A request's status as the table shows it: "AUTO APPROVED" for a request approved by standing order (spec 1 §2). */
const requestStatusText = (row: LabRow) =>
  row.status === 'APPROVED' && (row.autoApproved === true || String(row.autoApproved) === 'true') ? LAB_TEXT.autoApproved : row.status;

function csvCells(kind: LabKind, row: LabRow): unknown[] {
  const clinician = row.clinician ? `${row.clinician.firstName} ${row.clinician.lastName}` : 'Unassigned';
  const tail = [
    row.user?.genderAtBirth,
    row.user?.dob,
    ageYearsMonths(row.user?.dob),
    row.user?.phoneNumber,
    row.user?.allergies,
    row.medications,
    row.symptoms,
    row.patientState,
    row.productName,
  ];
  const head = [row.user?.name, row.user?.preferredName, row.user?.email, row.kitId];
  if (kind === 'request') return [...head, requestStatusText(row), clinician, csvDate(row.createDateTime), ...tail];
  const results = row.results.map((l) => `${l.testName}: ${l.result ?? ''}${l.units ? ` ${l.units}` : ''}`).join('; ');
  return [...head, row.status, clinician, csvDate(row.labDate ?? row.createDateTime), results, ...tail];
}

/**
 * Every matching row as CSV lines, read in pages (masked like the list and audited per record by the repository), so
 * an export never holds the whole table in memory.
 */
export async function* labCsvLines(data: DataAccess, kind: LabKind, query: LabListQuery) {
  assertClinicalAccess(data.actor);
  yield csvLine(kind === 'request' ? LAB_REQUEST_CSV_HEADER : LAB_CSV_HEADER);
  for await (const row of data.lab.exportRows(kind, query)) yield csvLine(csvCells(kind, row));
}
