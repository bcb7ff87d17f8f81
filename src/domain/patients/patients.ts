import { z } from 'zod';
import { isValidPhone, normaliseName, normalisePhone } from '../shared/contact';
import { ZIP_ERROR } from '../i18n/en/patients';

/**
 * Patients (spec 3 §3, §5, §9): the patient record as the profile reads it, the account-details update with the zip
 * rule, age, and the static option lists. Search is in patient-search.ts, the profile's lists in patient-profile.ts.
 */

/** A calendar date written YYYY-MM-DD (a dob). */
const DOB = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (s: string) =>
  DOB.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const isDate = isCalendarDate;

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
