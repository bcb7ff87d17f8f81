import { z } from 'zod';
import { CLINICIAN_STATUSES } from '../../domain/shared/constants';

export const licenceSchema = z.object({
  id: z.string(),
  state: z.string(),
  licenseId: z.string(),
  expirationDate: z.string(),
  goodStanding: z.boolean(),
  acknowledgement: z.boolean(),
  /** The spec's names of the same two booleans (spec 3 §3). */
  isGoodStanding: z.boolean(),
  ackPermissionToPractice: z.boolean(),
  /** A super admin verified it; only a verified, valid licence opens its state's patients (domain/licenses.ts). */
  verified: z.boolean(),
  valid: z.boolean(),
});

export const statesSchema = z.array(z.string());

export const licenceStatesSchema = z.object({
  validStates: z.array(z.string()),
  pendingStates: z.array(z.string()),
  inValidStates: z.array(z.string()),
  allStates: z.array(z.string()),
});

export const clinicianProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(CLINICIAN_STATUSES),
  state: z.string().nullable(),
  timezone: z.string().nullable(),
  calendarLink: z.string().nullable(),
  hasNoLicense: z.boolean(),
  hasCalendar: z.boolean(),
  hasExpiredOrInValidLicense: z.boolean(),
  validLicenseStates: z.array(z.string()),
  /** States whose licences await a super admin's verification. */
  pendingLicenseStates: z.array(z.string()),
  inValidLicenseStates: z.array(z.string()),
});

const text = z.string().nullable();
/** The personal information of a profile (spec 3 §3). */
export const profileDetailsSchema = z.object({
  middleName: text,
  dob: text,
  funFact: text,
  personalEmail: text,
  tbdEmail: text,
  mobile: text,
  address1: text,
  address2: text,
  city: text,
  zip: text,
});

/** A whole profile: the gating flags, the personal information and the licences (own, or any for a super admin). */
export const fullProfileSchema = clinicianProfileSchema
  .omit({ state: true, timezone: true })
  .extend({
    state: z.string().nullable(),
    timezone: z.string().nullable(),
    licences: z.array(licenceSchema),
  })
  .extend(profileDetailsSchema.shape);

export const accountStatusSchema = z.object({
  sub: z.string(),
  groups: z.array(z.string()),
  roles: z.array(z.string()),
  pending: z.boolean(),
});
