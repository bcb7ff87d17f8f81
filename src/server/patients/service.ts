import { csvLine } from '../../domain/shared/csv';
import {
  columnFiltersOf,
  criteriaOf,
  normaliseSearch,
  SEARCH_BAR_LIMIT,
  searchCriteriaProblem,
  type PatientListQuery,
  type SearchBody,
} from '../../domain/patients/patient-search';
import { type PatientUpdate } from '../../domain/patients/patients';
import type { AppStorage } from '../adapters/object-storage';
import type { DataAccess } from '../data/access';
import { everyRow } from '../http/csv-export';
import { badRequest, invalidField } from '../errors';
import type { SearchCriterion } from './repository';

/** What the patients feature needs beyond the database: the pictures' storage (a plugin option). */
export interface PatientDeps {
  storage: AppStorage;
}

/** POST /secure/patient/search: the compact bar's search, one type, at most SEARCH_BAR_LIMIT rows by name. */
export async function searchBar(data: DataAccess, body: SearchBody) {
  const term = normaliseSearch(body.type, body.term);
  if (term === null) throw badRequest('term is not valid for this search type');
  const { items } = await data.patients.search(
    [{ type: body.type, term }],
    { page: 1, perPage: SEARCH_BAR_LIMIT, sort: 'name', order: 'ASC' },
    { action: 'SEARCH', withTotal: false },
  );
  return items;
}

/**
 * The search's criteria: at least one, each in a form that can be searched (else refused naming its field and the
 * form it needs, the page's own check).
 */
function searchableCriteria(q: Omit<PatientListQuery, 'page' | 'perPage'>) {
  const criteria = criteriaOf(q);
  if (criteria.length === 0) throw badRequest('Please enter at least one search criteria.');
  const problem = searchCriteriaProblem(q);
  if (problem) throw invalidField(problem.field, problem.reason);
  return criteria as SearchCriterion[];
}

/** GET /secure/patient: the search page, several criteria merged and de-duplicated by id, paged and sorted on the server. */
export async function searchPage(data: DataAccess, q: PatientListQuery) {
  return data.patients.search(searchableCriteria(q), q, { action: 'SEARCH', withTotal: true, columnFilters: columnFiltersOf(q) });
}

export const PATIENT_CSV_HEADER = ['Name', 'Email', 'DOB', 'Phone', 'Location'];
const EXPORT_BATCH = 1000;

/** The search page's export: every matching row as CSV lines, 1000 rows a query, masked and audited like the page. */
export async function* searchExport(data: DataAccess, q: Omit<PatientListQuery, 'page' | 'perPage'>) {
  const criteria = searchableCriteria(q);
  yield csvLine(PATIENT_CSV_HEADER);
  const pages = everyRow(EXPORT_BATCH, async (page) => {
    const { items } = await data.patients.search(
      criteria,
      { ...q, page, perPage: EXPORT_BATCH },
      { action: 'EXPORT', withTotal: false, columnFilters: columnFiltersOf(q) },
    );
    return { items };
  });
  for await (const i of pages) yield csvLine([i.name, i.email, i.dob, i.phoneNumber, i.location]);
}

/**
 * Update of the patient's account details (the basic-details card): in one transaction the row, its history row and
 * the patient's event; answers the patient as the profile reads it.
 */
export function updatePatientDetails(data: DataAccess, id: string, body: PatientUpdate) {
  return data.transaction((tx) => tx.patients.updateDetails(id, body));
}

/** GET /secure/user/patientProfilePic/{id}: the picture from object storage; none (or outside the scope) is 404. */
export function profilePic({ storage }: PatientDeps, data: DataAccess, id: string) {
  return data.patients.picture(id, (key) => storage.get(key));
}
