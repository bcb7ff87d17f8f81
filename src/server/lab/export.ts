import type { Pool } from 'pg';
import { ageYearsMonths, csvLine } from '../../domain/csv';
import type { LabListQuery, LabRow } from '../../domain/lab-api';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import type { Auditor } from '../audit/auditor';
import type { Actor } from '../auth/actor';
import { everyRow } from '../http/csv-export';
import { labListSql, type LabKind } from './list-query';
import { labRowInScope, toLabRow, type LabDbRow } from './rows';

const PATIENT_TAIL = ['Patient Sex at Birth', 'Patient DOB', 'Age', 'Phone Number', 'Allergies', 'Current Medications', 'Current Symptoms',
  'Patient State', 'Product Name'];
/** The Lab Results table's columns (spec 1 §2). */
export const LAB_CSV_HEADER = ['Patient Name', 'Preferred Name', 'Patient Email', 'Kit ID', 'Results Status', 'Clinician', 'Lab Date',
  'Results', ...PATIENT_TAIL];
/** The Lab Request table's columns: Status (APPROVED or AUTO APPROVED), Request Date, no results. */
export const LAB_REQUEST_CSV_HEADER = ['Patient Name', 'Preferred Name', 'Patient Email', 'Kit ID', 'Status', 'Clinician', 'Request Date',
  ...PATIENT_TAIL];

/** "2026-11-22 21:43 UTC": a CSV date says its zone; masked or empty values as they are. */
function csvDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** A request's status as the table shows it: "AUTO APPROVED" for a request approved by standing order (spec 1 §2). */
const requestStatusText = (row: LabRow) => (row.status === 'APPROVED' && (row.autoApproved === true || String(row.autoApproved) === 'true')
  ? LAB_TEXT.autoApproved : row.status);

function csvCells(kind: LabKind, row: LabRow): unknown[] {
  const clinician = row.clinician ? `${row.clinician.firstName} ${row.clinician.lastName}` : 'Unassigned';
  const tail = [row.user?.genderAtBirth, row.user?.dob, ageYearsMonths(row.user?.dob), row.user?.phoneNumber, row.user?.allergies,
    row.medications, row.symptoms, row.patientState, row.productName];
  const head = [row.user?.name, row.user?.preferredName, row.user?.email, row.kitId];
  if (kind === 'request') return [...head, requestStatusText(row), clinician, csvDate(row.createDateTime), ...tail];
  const results = row.results.map((l) => `${l.testName}: ${l.result ?? ''}${l.units ? ` ${l.units}` : ''}`).join('; ');
  return [...head, row.status, clinician, csvDate(row.labDate ?? row.createDateTime), results, ...tail];
}

const BATCH = 1000;

/**
 * Every matching row as CSV lines, in pages of 1000, masked like the list and audited per record (a masked row
 * without its patient id), so an export never holds the whole table in memory.
 */
export async function* labCsvLines(pool: Pool, actor: Actor, audit: Auditor, kind: LabKind, query: LabListQuery) {
  yield csvLine(kind === 'request' ? LAB_REQUEST_CSV_HEADER : LAB_CSV_HEADER);
  const pages = everyRow(BATCH, async (page) => {
    const sql = labListSql(kind, { ...query, page, perPage: BATCH }, actor);
    // The list's own statement (its total rides along unread): the same rows, order and parameters as the page.
    const { rows } = await pool.query<LabDbRow>(sql.pageWithTotal, sql.params);
    await audit.many(pool, 'EXPORT', kind === 'request' ? 'lab_request' : 'test_result',
      rows.map((r) => ({ entityId: r.kitId, patientId: labRowInScope(r, actor) ? r.patientId : null })));
    return { items: rows };
  });
  for await (const r of pages) yield csvLine(csvCells(kind, toLabRow(r, actor)));
}
