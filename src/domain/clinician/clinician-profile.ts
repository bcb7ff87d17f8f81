import { z } from 'zod';
import { blankAsNull, emailField, normaliseName, normalisePhone, normaliseZip, phoneField } from '../shared/contact';
import { licenceNumberSchema } from './licenses';
import { isValidZip } from '../patients/patients';
import { ZIP_ERROR } from '../i18n/en/patients';
import type { Role } from '../shared/roles';
import { passwordSchema } from '../shared/password-policy';
import { isUsStateOrTerritory } from '../shared/states';
import { PROFILE_TEXT } from '../i18n/en/profile';

/** A required text, its messages naming the field as the form labels it ('Address line 1 is required'). */
const required = (label: string) => z.string().trim().min(1, `${label} is required`).max(200, `${label} must be at most 200 characters`);
/** A required name: trimmed, inner spaces squeezed. */
const name = (label: string) => required(label).transform(normaliseName);
/** Today's date (UTC) as yyyy-mm-dd. */
const today = () => new Date().toISOString().slice(0, 10);
/** A birth date: a real calendar date, not after today. */
const dob = z.iso.date(PROFILE_TEXT.invalidDob).refine((d) => d <= today(), PROFILE_TEXT.dobInFuture);
const optional = (label: string) => z.string().trim().max(500, `${label} must be at most 500 characters`).optional().nullable();

/**
 * The profile fields of PATCH /secure/clinician/profile/update (spec 3 §3, §5). Required: firstName, lastName, dob,
 * personalEmail, address1, address2, city, state (the 59 states and territories), zip; the rest optional. `id` may be
 * sent (the spec's body carries it) but the profile updated is always the caller's own. hobbies and the emergency
 * contact are sent empty by the spec's client and are accepted and ignored.
 */
export const clinicianProfileUpdateSchema = z.strictObject({
  id: z.string().optional(),
  firstName: name('First name'),
  middleName: optional('Middle name'),
  lastName: name('Last name'),
  dob,
  funFact: optional('Fun fact'),
  personalEmail: emailField(PROFILE_TEXT.invalidEmail),
  tbdEmail: blankAsNull(emailField(PROFILE_TEXT.invalidEmail)),
  mobile: blankAsNull(phoneField(PROFILE_TEXT.invalidPhone)),
  address1: required('Address line 1'),
  address2: required('Address line 2'),
  city: required('City'),
  state: z.string().refine(isUsStateOrTerritory, 'Unknown state'),
  zip: z.string().transform(normaliseZip).refine(isValidZip, ZIP_ERROR),
  hobbies: z.string().max(0).optional().nullable(),
  emergencyContactName: z.string().max(0).optional().nullable(),
  emergencyContactPhone: z.string().max(0).optional().nullable(),
});
export type ClinicianProfileUpdate = z.infer<typeof clinicianProfileUpdateSchema>;

/** The editable fields, in the order of the Personal Information form. */
export const PROFILE_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'dob',
  'funFact',
  'personalEmail',
  'tbdEmail',
  'mobile',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileDetails = Record<ProfileField, string | null>;

const norm = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
/** The fields whose value differs (blank and missing are the same); none means 'No changes to update'. */
export const changedProfileFields = (before: Partial<Record<ProfileField, unknown>>, after: Partial<Record<ProfileField, unknown>>) =>
  PROFILE_FIELDS.filter((f) => norm(before[f]) !== norm(after[f]));

/** The longest calendar link accepted (browsers and mail clients handle links of this length). */
export const CALENDAR_LINK_MAX = 2048;
export const CALENDAR_LINK_TOO_LONG = `The calendar link must be at most ${CALENDAR_LINK_MAX} characters`;

/**
 * The calendar link patients book with: exactly one https URL, as the URL parser reads it, to a named host (a dot
 * in it: no localhost), without user name or password (a "https://bank.example@evil.example" look-alike), and with
 * no whitespace or control characters anywhere: the parser would silently drop or encode them, so what is stored
 * and shown would differ from what was typed (a newline followed by markup, two links pasted together).
 */
export function isValidCalendarLink(link: string): boolean {
  if (!link || /[\s\u0000-\u001f\u007f-\u009f]/.test(link)) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** PATCH /secure/clinician/updateCalendar and the Manage Calendar form: one rule (surrounding spaces trimmed). */
export const calendarLinkSchema = z.strictObject({
  calendarLink: z.string().trim().max(CALENDAR_LINK_MAX, CALENDAR_LINK_TOO_LONG).refine(isValidCalendarLink, PROFILE_TEXT.invalidCalendarLink),
});

/** A boolean as the spec's clients send it: true/false or the strings 'true'/'false' (any case). */
const looseBoolean = z.preprocess(
  (v) => (typeof v === 'string' ? (({ true: true, false: false } as Record<string, boolean>)[v.trim().toLowerCase()] ?? v) : v),
  z.boolean(),
);

/**
 * A licence as the spec's calls send it (spec 3 §3): state, licenseId, expirationDate, isGoodStanding (or goodStanding)
 * and ackPermissionToPractice (or isAckPermissionToPractice, or acknowledgement), booleans or 'true'/'false' strings.
 * Normalised to the stored names goodStanding / acknowledgement.
 */
export const licenceBodySchema = z
  .strictObject({
    id: z.string().optional(),
    state: z.string().refine(isUsStateOrTerritory, 'Unknown state'),
    licenseId: licenceNumberSchema,
    expirationDate: z.iso.date('expirationDate must be a date (yyyy-mm-dd)'),
    isGoodStanding: looseBoolean.optional(),
    goodStanding: looseBoolean.optional(),
    ackPermissionToPractice: looseBoolean.optional(),
    isAckPermissionToPractice: looseBoolean.optional(),
    acknowledgement: looseBoolean.optional(),
  })
  .transform((b, ctx) => {
    const goodStanding = b.isGoodStanding ?? b.goodStanding;
    const acknowledgement = b.ackPermissionToPractice ?? b.isAckPermissionToPractice ?? b.acknowledgement;
    if (goodStanding === undefined) ctx.addIssue({ code: 'custom', path: ['isGoodStanding'], message: 'isGoodStanding is required' });
    if (acknowledgement === undefined)
      ctx.addIssue({ code: 'custom', path: ['ackPermissionToPractice'], message: 'ackPermissionToPractice is required' });
    return {
      id: b.id,
      state: b.state,
      licenseId: b.licenseId,
      expirationDate: b.expirationDate,
      goodStanding: goodStanding ?? false,
      acknowledgement: acknowledgement ?? false,
    };
  });
export type LicenceBody = z.output<typeof licenceBodySchema>;

/** The E.164 form Cognito stores: +1 and the ten digits. */
export const e164Phone = normalisePhone;

/** Sign-up (spec 3 §5): every field required; the phone as 10 digits or 11 with a leading 1 (the one phone rule, contact.ts); the provider's password policy. */
export const signUpSchema = z.strictObject({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: emailField(PROFILE_TEXT.invalidEmail),
  password: passwordSchema,
  phone: phoneField(PROFILE_TEXT.invalidPhone),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Why a caller may not create a clinician profile (ours; the spec words no such refusal). */
export const PROFILE_CREATE_REFUSAL = 'only a clinician signing up may create a clinician profile';

/**
 * Who creates a clinician profile (spec 3 §2 "Sign-up and account states", §7 "create profile on sign-up"): a user in
 * the sign-up flow, i.e. in no group yet (pending review) or only in the clinicians group, and only once (a second
 * create is a conflict). Staff, operation support, auditors and super admins are not clinicians: a profile would
 * count them as active clinicians.
 */
export const mayCreateClinicianProfile = (roles: readonly Role[]) => roles.every((r) => r === 'clinicians');

/** POST /secure/clinician/profile/create: the names and phone; id and e-mail come from the token, never the body. */
export const clinicianProfileCreateSchema = z.strictObject({
  id: z.string().optional(),
  email: z.string().optional(),
  firstName: name('firstName').optional(),
  lastName: name('lastName').optional(),
  mobile: phoneField(PROFILE_TEXT.invalidPhone).optional(),
});
