import { z } from 'zod';
import { CLINICIAN_STATUSES } from '../../domain/constants';

export const licenceSchema = z.object({
  id: z.string(),
  state: z.string(),
  licenseId: z.string(),
  expirationDate: z.string(),
  goodStanding: z.boolean(),
  acknowledgement: z.boolean(),
  valid: z.boolean(),
});

export const statesSchema = z.array(z.string());

export const licenceStatesSchema = z.object({
  validStates: z.array(z.string()),
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
  inValidLicenseStates: z.array(z.string()),
});

export const accountStatusSchema = z.object({
  sub: z.string(),
  groups: z.array(z.string()),
  roles: z.array(z.string()),
  pending: z.boolean(),
});
