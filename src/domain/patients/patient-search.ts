import { z } from 'zod';
import { isCalendarDate as isDate } from './patients';

/**
 * Patient search (spec 3 §2, §3, §5, §9): the one implementation of the search rules (bar and page criteria, column
 * filters, the list query) and the search result row. Shared by the API and the portal.
 */

/** Search types of the bar and of POST /secure/patient/search (spec 3 §5). */
export const PATIENT_SEARCH_TYPES = ['patient_email', 'patient_dob', 'patient_name', 'patient_phone', 'patient_kit_id'] as const;
export type PatientSearchType = (typeof PATIENT_SEARCH_TYPES)[number];

/** Search page filter fields, in the page's order, and the search type each one uses. */
export const SEARCH_FILTERS = [
  { field: 'email', type: 'patient_email' },
  { field: 'dob', type: 'patient_dob' },
  { field: 'phone', type: 'patient_phone' },
  { field: 'kitId', type: 'patient_kit_id' },
  { field: 'name', type: 'patient_name' },
] as const satisfies readonly { field: string; type: PatientSearchType }[];
export type SearchFilterField = (typeof SEARCH_FILTERS)[number]['field'];

/** Spec 3 §9: patient search delay and the bar's minimum term (more than 1 character). */
export const PATIENT_SEARCH_DELAY_MS = 200;
export const SEARCH_BAR_MIN_LENGTH = 2;
/** Most characters of a search criterion or column filter (the page's fields take no more). */
export const SEARCH_TERM_MAX_LENGTH = 120;
/** Spec 3 §9 tables. */
export const PATIENT_PAGE_SIZE = 100;
export const PATIENT_PAGE_SIZES = [50, 100, 200, 500] as const;
/** The profile's All Orders are the lab vendor's (spec 3 §7: filtered to vendor LABCORP), not the shop's. */
export const PATIENT_ORDERS_VENDOR = 'LABCORP';
/** Most rows the search bar's call answers. */
export const SEARCH_BAR_LIMIT = 50;

/** Spec 3 §5 / §9: the phone is reduced to digits and the last 10 are used. */
export const searchPhone = (term: string) => term.replace(/\D/g, '').slice(-10);

/** The bar searches only with a type chosen and a term of more than one character; the term is lowercased (spec 3 §5). */
export function barSearchTerm(type: string | null | undefined, term: string): { error: 'noType' } | { term: string } | null {
  if (!type) return term.trim() ? { error: 'noType' } : null;
  const t = term.trim().toLowerCase();
  return t.length >= SEARCH_BAR_MIN_LENGTH ? { term: t } : null;
}

/** What each search type accepts, normalised for the query (null: the term cannot match anything of that type). */
export function normaliseSearch(type: PatientSearchType, raw: string): string | null {
  const term = raw.trim().toLowerCase();
  switch (type) {
    case 'patient_dob':
      return isDate(term) ? term : null;
    case 'patient_phone': {
      const d = searchPhone(term);
      return d.length >= 3 ? d : null;
    }
    case 'patient_kit_id':
      return /^[a-z0-9-]{2,40}$/.test(term) ? term.toUpperCase() : null;
    case 'patient_email':
      return term.length >= SEARCH_BAR_MIN_LENGTH ? term : null;
    case 'patient_name':
      return term.replace(/\s+/g, ' ').length >= SEARCH_BAR_MIN_LENGTH ? term.replace(/\s+/g, ' ') : null;
  }
}

export const searchBodySchema = z
  .strictObject({
    type: z.enum(PATIENT_SEARCH_TYPES, 'Patient search failed. Select an option before typing'),
    term: z.string().trim().min(SEARCH_BAR_MIN_LENGTH).max(SEARCH_TERM_MAX_LENGTH),
  })
  .refine((b) => normaliseSearch(b.type, b.term) !== null, { message: 'term is not valid for this search type', path: ['term'] });
export type SearchBody = z.infer<typeof searchBodySchema>;

/** Sortable columns of the Patients List (masked rows sort last). */
export const PATIENT_SORTS = ['name', 'email', 'dob', 'phoneNumber', 'state'] as const;

const filterText = z.string().trim().max(SEARCH_TERM_MAX_LENGTH).optional();

/**
 * Column filters of the Patients List (spec 3 §2: column filtering on): each narrows the searched rows (all must match)
 * to those whose column contains the text, case-insensitively (the phone by its digits). Every column is masked outside
 * the licence scope, so a column filter only ever matches in-scope rows (masked fields never filter).
 */
export const PATIENT_COLUMN_FILTERS = [
  { param: 'nameContains', column: 'name' },
  { param: 'emailContains', column: 'email' },
  { param: 'dobContains', column: 'dob' },
  { param: 'phoneContains', column: 'phoneNumber' },
  { param: 'locationContains', column: 'location' },
] as const;
export type PatientColumnFilterParam = (typeof PATIENT_COLUMN_FILTERS)[number]['param'];

/** The column filters of a list query, normalised (lowercased; phone as digits); empty filters are left out. */
export function columnFiltersOf(
  q: Partial<Record<PatientColumnFilterParam, string | undefined>>,
): { param: PatientColumnFilterParam; term: string }[] {
  return PATIENT_COLUMN_FILTERS.flatMap(({ param }) => {
    const raw = q[param]?.trim().toLowerCase().replace(/\s+/g, ' ');
    const term = param === 'phoneContains' ? raw?.replace(/\D/g, '') : raw;
    return term ? [{ param, term }] : [];
  });
}

/** What a page criterion must look like to be searched, in the words of the page's field labels. */
const SEARCH_TERM_FORMS: Record<SearchFilterField, string> = {
  email: 'Email must be at least 2 characters',
  dob: 'DOB must be a date written YYYY-MM-DD',
  phone: 'Phone must have at least 3 digits',
  kitId: 'Kit Id must be 2 to 40 letters, digits and dashes',
  name: 'Name must be at least 2 characters',
};
const SEARCH_FIELD_LABELS: Record<SearchFilterField, string> = { email: 'Email', dob: 'DOB', phone: 'Phone', kitId: 'Kit Id', name: 'Name' };

/**
 * The first filled criterion of the search page (in the page's order) that cannot be searched, with the plain reason;
 * null when every filled one can. The page checks this before sending, the server refuses with it.
 */
export function searchCriteriaProblem(
  q: Partial<Record<SearchFilterField, string | undefined>>,
): { field: SearchFilterField; reason: string } | null {
  for (const { field, type } of SEARCH_FILTERS) {
    const value = q[field]?.trim();
    if (!value) continue;
    if (value.length > SEARCH_TERM_MAX_LENGTH)
      return { field, reason: `${SEARCH_FIELD_LABELS[field]} must be at most ${SEARCH_TERM_MAX_LENGTH} characters` };
    if (normaliseSearch(type, value) === null) return { field, reason: SEARCH_TERM_FORMS[field] };
  }
  return null;
}

/**
 * The search page's form (spec 3 §2, §5): every filled criterion must be searchable; the first that is not is refused
 * under its field with searchCriteriaProblem's reason (the rule the server refuses with). A cleared field may be null.
 */
const criterion = z.string().nullish();
export const searchCriteriaSchema = z
  .object({ email: criterion, dob: criterion, phone: criterion, kitId: criterion, name: criterion })
  .superRefine((q, ctx) => {
    const problem = searchCriteriaProblem(q as Partial<Record<SearchFilterField, string | undefined>>);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.reason });
  });

/** GET /secure/patient: the search page's criteria, merged (any matches) and de-duplicated by id (spec 3 §5), narrowed by the column filters. */
export const patientListQuerySchema = z.strictObject({
  email: filterText,
  dob: filterText,
  phone: filterText,
  kitId: filterText,
  name: filterText,
  nameContains: filterText,
  emailContains: filterText,
  dobContains: filterText,
  phoneContains: filterText,
  locationContains: filterText,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(PATIENT_PAGE_SIZE),
  sort: z.enum(PATIENT_SORTS).default('name'),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

/** The search criteria of a list query as (type, normalised term) pairs; empty criteria are left out. */
export function criteriaOf(q: Partial<Record<SearchFilterField, string | undefined>>): { type: PatientSearchType; term: string | null }[] {
  return SEARCH_FILTERS.flatMap(({ field, type }) => {
    const value = q[field]?.trim();
    return value ? [{ type, term: normaliseSearch(type, value) }] : [];
  });
}

/** Patient search result (spec 3 §3) plus the row's location and masking flag. */
export const patientSearchResultSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  state: z.string().nullable(),
  location: z.string().nullable(),
  masked: z.boolean(),
});
export type PatientSearchResult = z.infer<typeof patientSearchResultSchema>;
