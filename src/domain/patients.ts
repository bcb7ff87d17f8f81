import { z } from 'zod';
import { isValidPhone, normaliseName, normalisePhone } from './contact';
import { ZIP_ERROR } from './i18n/en/patients';
/** The catalogue's texts of these rules, for the importers that take them with the rules. */
export { ZIP_ERROR };

/**
 * Patients (spec 3 §2 patient search and profile, §3, §4, §5, §9): the one implementation of the search rules, the
 * kit tab grouping, upcoming/past appointments, the zip rule, the static option lists, and the shapes that leave the
 * server. Shared by the API and the portal.
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

const DOB = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (s: string) => DOB.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

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

export const addressSchema = z.object({
  street_address: z.string().nullable(),
  street_address2: z.string().nullable(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
});

/** The patient as the profile reads it, without clinical fields (staff, operation support). */
export const patientOperationalSchema = z.object({
  id: z.string(),
  userId: z.string(),
  subUUID: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  preferredName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  age: z.number().int().nullable(),
  state: z.string().nullable(),
  genderAtBirth: z.string().nullable(),
  gender: z.string().nullable(),
  currentGenderIdentity: z.string().nullable(),
  pronoun: z.string().nullable(),
  race: z.string().nullable(),
  ethnicity: z.string().nullable(),
  sexualOrientationPreference: z.string().nullable(),
  passMember: z.boolean(),
  photonHealthErxPatientId: z.string().nullable(),
  hasProfilePic: z.boolean(),
  hasAccount: z.boolean(),
  address: addressSchema,
  masked: z.boolean(),
});
/** With the clinical fields (clinicians, super admins, auditors). */
export const patientClinicalSchema = patientOperationalSchema.extend({
  allergies: z.string().nullable(),
  symptoms: z.string().nullable(),
  medication: z.string().nullable(),
});
export type PatientDetail = z.infer<typeof patientOperationalSchema> &
  Partial<Pick<z.infer<typeof patientClinicalSchema>, 'allergies' | 'symptoms' | 'medication'>>;

/** Age in whole years on `today` (spec 3 §3: computed from dob). */
export function ageOf(dob: string | null | undefined, today = new Date()): number | null {
  if (!dob || !isDate(dob)) return null;
  const [y, m, d] = dob.split('-').map(Number);
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** Spec 3 §5: five digits, optionally a dash and four digits. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const isValidZip = (zip: string) => ZIP_PATTERN.test(zip);

// Static option lists (spec 3 §9), as value + label.
const same = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
export const PRONOUN_OPTIONS = same([
  'She/her/hers',
  'He/him/his',
  'They/them/theirs',
  'Ze/hir/hirs',
  'No pronoun',
  'No preference',
  'Not listed',
  'I prefer not to say',
]);
export const SEXUAL_ORIENTATION_OPTIONS = same([
  'Straight or heterosexual',
  'Lesbian, gay or homosexual',
  'Bisexual',
  'Pansexual',
  "Don't know",
  'Choose not to disclose',
]);
export const GENDER_IDENTITY_OPTIONS = same([
  'Male',
  'Female',
  'Transgender male/Trans man/Female-to-Male (FTM)',
  'Transgender Female/Trans woman/Male-to-Female (MTF)',
  'Genderqueer, neither exclusively male nor female',
  'Choose not to disclose',
]);
export const SEX_AT_BIRTH_OPTIONS = same(['male', 'female', 'intersex']);
export const ETHNICITY_OPTIONS = [
  { value: 'hispani', label: 'Yes' },
  { value: 'not-hispani', label: 'No' },
  { value: 'unknown', label: 'Decline to State' },
];
export const RACE_OPTIONS = [
  { value: 'alaska', label: 'American Indian or Alaska Native' },
  { value: 'asian', label: 'asian' },
  { value: 'Hawaiian', label: 'Native Hawaiian or Other Pacific Islander' },
  { value: 'africa', label: 'Black or African-American' },
  { value: 'white', label: 'white' },
  { value: 'other', label: 'other' },
  { value: 'unknown', label: 'Decline to State' },
];

const valuesOf = <T extends { value: string }>(list: readonly T[]) => list.map((o) => o.value) as [string, ...string[]];
const optional = (values: [string, ...string[]]) => z.enum(values).nullable();
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .transform((s) => (s === '' ? null : s))
    .nullable();

/**
 * Update of the patient's account details (the basic-details card; spec 3 §3, §5): e-mail is read-only and not part
 * of it; the name is combined from firstName and lastName; the zip rule applies on both sides.
 */
export const patientUpdateSchema = z.strictObject({
  firstName: text(80).min(1, 'First name is required').transform(normaliseName),
  lastName: text(80).min(1, 'Last name is required').transform(normaliseName),
  preferredName: optionalText(80),
  phoneNumber: optionalText(20)
    .refine((p) => p === null || isValidPhone(p), 'e.g. +19876543210')
    .transform((p) => p && normalisePhone(p)),
  dob: z.string().refine(isDate, 'Please enter a valid date').nullable(),
  genderAtBirth: optional(valuesOf(SEX_AT_BIRTH_OPTIONS)),
  currentGenderIdentity: optional(valuesOf(GENDER_IDENTITY_OPTIONS)),
  pronoun: optional(valuesOf(PRONOUN_OPTIONS)),
  race: optional(valuesOf(RACE_OPTIONS)),
  ethnicity: optional(valuesOf(ETHNICITY_OPTIONS)),
  sexualOrientationPreference: optional(valuesOf(SEXUAL_ORIENTATION_OPTIONS)),
  address: z.strictObject({
    street_address: optionalText(120),
    street_address2: optionalText(120),
    locality: optionalText(80),
    region: optionalText(2).refine((r) => r === null || /^[A-Z]{2}$/.test(r), 'Please select a state'),
    postal_code: optionalText(10).refine((z) => z === null || isValidZip(z), ZIP_ERROR),
  }),
});
export type PatientUpdate = z.infer<typeof patientUpdateSchema>;

/** Spec 3 §4 kit tab grouping: COMPLETE or REPORT_READY -> Previous; anything not COMPLETE -> Active (REPORT_READY in both). */
export const KIT_GROUPS = ['all', 'active', 'previous'] as const;
export type KitGroup = (typeof KIT_GROUPS)[number];
export const isPreviousKit = (status: string) => status === 'COMPLETE' || status === 'REPORT_READY';
export const isActiveKit = (status: string) => status !== 'COMPLETE';
export const kitInGroup = (group: KitGroup, status: string) => group === 'all' || (group === 'active' ? isActiveKit(status) : isPreviousKit(status));

/** Spec 3 §4: an appointment is upcoming if its end is after now, otherwise past (no end: its start). */
export const APPOINTMENT_WHEN = ['upcoming', 'past'] as const;
export type AppointmentWhen = (typeof APPOINTMENT_WHEN)[number];
export const isUpcoming = (a: { appntStart: string; appntEnd: string | null }, now = new Date()) =>
  new Date(a.appntEnd ?? a.appntStart).getTime() > now.getTime();

/** Spec 3 §4: order status with underscores as spaces, in title case. */

/** Spec 3 §9: dates as 'D Mon 'YY' and times 12-hour am/pm (UTC unless a zone is given). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function displayDate(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? 'UTC', year: '2-digit', month: 'numeric', day: 'numeric' }).formatToParts(
    new Date(iso),
  );
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${Number(get('day'))} ${MONTHS[Number(get('month')) - 1]} '${get('year')}`;
}
export function displayTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? 'UTC', hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(iso))
    .replace(' AM', ' am')
    .replace(' PM', ' pm');
}

/** Follow-up locations (spec 3 §9): NV (Vegas), CO (Denver), and the online Reminder. */
export const FOLLOW_UP_OPTIONS = [
  { key: 'vegas', label: 'Vegas', state: 'NV' },
  { key: 'denver', label: 'Denver', state: 'CO' },
  { key: 'reminder', label: 'Reminder', state: null },
] as const;
export const DEFAULT_FOLLOW_UP_STATE = 'NV';

/**
 * The reminder appointment's calendar-link query {name, email, phone, notes, patientId} (spec 3 §5, §7): needs the
 * patient's first name and the clinician's first name, last name and tbdEmail; appointments need the patient e-mail.
 */
export function reminderQuery(
  patient: { id: string; firstName?: string | null; lastName?: string | null; email?: string | null; phoneNumber?: string | null },
  clinician: { firstName?: string | null; lastName?: string | null; tbdEmail?: string | null } | null,
): { error: 'patientDetailsMissing' | 'clinicianDetailsMissing' | 'noEmail' } | { query: Record<string, string> } {
  if (!patient.firstName) return { error: 'patientDetailsMissing' };
  if (!clinician?.firstName || !clinician.lastName || !clinician.tbdEmail) return { error: 'clinicianDetailsMissing' };
  if (!patient.email) return { error: 'noEmail' };
  return {
    query: {
      name: `${patient.firstName} ${patient.lastName ?? ''}`.trim(),
      email: patient.email,
      phone: patient.phoneNumber ?? '',
      notes: `Reminder appointment with ${clinician.firstName} ${clinician.lastName} (${clinician.tbdEmail})`,
      patientId: patient.id,
    },
  };
}

/** A lab requisition needs the patient's sex at birth (spec 1 §5, spec 2 §5). */
export const hasSexAtBirth = (genderAtBirth: string | null | undefined) => !!genderAtBirth?.trim();

/**
 * The profile completeness message (spec 2 §4): complete only with a State, a DOB and a Sex at Birth; otherwise a warning
 * naming what is missing, in that order ('Missing State and DOB in Patient Account').
 */
export type ProfileCompleteness = { severity: 'success' | 'warning' | 'error'; text: string };
export function profileCompleteness(
  patient: { dob?: string | null; state?: string | null; genderAtBirth?: string | null; hasAccount?: boolean } | null,
): ProfileCompleteness {
  if (!patient || patient.hasAccount === false) return { severity: 'error', text: 'No customer account found.' };
  const missing = [!patient.state && 'State', !patient.dob && 'DOB', !hasSexAtBirth(patient.genderAtBirth) && 'Sex at Birth'].filter(
    (m): m is string => !!m,
  );
  if (!missing.length) return { severity: 'success', text: 'Patient Profile is complete' };
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return { severity: 'warning', text: `Missing ${names} in Patient Account` };
}

/** The profile's `view` query parameter: the tab name lowercased, spaces turned to hyphens (spec 3 §2). */
export const PROFILE_TABS = ['Appointment', 'Kit Detail', 'History', 'Health Status', 'Message', 'Charting Notes', 'Prescriptions'] as const;
export const viewOfTab = (tab: string) => tab.toLowerCase().replace(/ /g, '-');
export const tabOfView = (view: string | null | undefined) => PROFILE_TABS.find((t) => viewOfTab(t) === view) ?? PROFILE_TABS[0];

/** Spec URLs. */
export const patientProfileUrl = (patientId: string) => `/PatientProfile?patientId=${encodeURIComponent(patientId)}&idType=sub`;

// The profile's lists.
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(PATIENT_PAGE_SIZE),
};
export const bookingsQuerySchema = z.strictObject({
  patientId: z.guid(),
  when: z.enum(APPOINTMENT_WHEN).optional(),
  ...paging,
  sort: z.literal('appntStart').optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
});
export const kitsQuerySchema = z.strictObject({
  patientId: z.guid(),
  group: z.enum(KIT_GROUPS).default('all'),
  ...paging,
  sort: z.literal('registrationDateTime').optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export const ordersQuerySchema = z.strictObject({
  patientId: z.guid(),
  vendor: z.enum([PATIENT_ORDERS_VENDOR]).optional(),
  ...paging,
  sort: z.literal('createdAt').optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export const eventsQuerySchema = z.strictObject({
  patientId: z.guid(),
  ...paging,
  sort: z.literal('created').optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});

export const profileBookingSchema = z.object({
  id: z.string(),
  appntStart: z.string(),
  appntEnd: z.string().nullable(),
  products: z.array(z.object({ name: z.string() })),
  primaryClinicianId: z.string().nullable(),
  primaryClinicianName: z.string().nullable(),
  status: z.string(),
  careType: z.string(),
  careLocation: z.string(),
  timezone: z.string(),
});
export const profileKitSchema = z.object({
  id: z.string(),
  kitId: z.string(),
  kitStatus: z.string(),
  clinicianId: z.string().nullable(),
  clinician: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  registrationDateTime: z.string(),
  patientId: z.string().nullable(),
  productName: z.string(),
  hasResult: z.boolean(),
});
export const kitResultSchema = z.object({
  kitId: z.string(),
  productName: z.string(),
  createDateTime: z.string().nullable(),
  results: z.array(z.object({ testName: z.string(), result: z.string() })),
});
export const profileOrderSchema = z.object({
  id: z.string(),
  kitId: z.string().nullable(),
  productName: z.string().nullable(),
  fulfillmentStatus: z.string(),
  outboundTrackingUrl: z.string().nullable(),
  inboundTrackingUrl: z.string().nullable(),
  vendor: z.string(),
  clinicianName: z.string().nullable(),
  createdAt: z.string(),
  line_item: z.object({ name: z.string().nullable() }),
});
export const patientEventSchema = z.object({
  id: z.string(),
  created: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  eventType: z.string(),
  actorType: z.string(),
});
export type ProfileBooking = z.infer<typeof profileBookingSchema>;
export type ProfileKit = z.infer<typeof profileKitSchema>;
export type KitResult = z.infer<typeof kitResultSchema>;
export type ProfileOrder = z.infer<typeof profileOrderSchema>;
export type PatientEvent = z.infer<typeof patientEventSchema>;
