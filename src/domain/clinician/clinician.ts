import type { ClinicianStatus } from '../shared/constants';
import { hasCalendarLink } from './clinical-gate';
import { licenceStates, type Licence } from './licenses';

/** Clinician profile as returned by GET /secure/clinician/profile, with the gating flags of spec 1 §3. */
export interface ClinicianProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: ClinicianStatus;
  state: string | null;
  timezone: string | null;
  calendarLink: string | null;
  hasNoLicense: boolean;
  hasCalendar: boolean;
  hasExpiredOrInValidLicense: boolean;
  validLicenseStates: string[];
  /** States whose licences await a super admin's verification (not yet open to the clinician). */
  pendingLicenseStates: string[];
  inValidLicenseStates: string[];
  /** Personal information (spec 3 §3), present on the profile calls. */
  middleName?: string | null;
  dob?: string | null;
  funFact?: string | null;
  personalEmail?: string | null;
  tbdEmail?: string | null;
  mobile?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  zip?: string | null;
}

/** Derives the gating flags from the stored licences and calendar link. */
export function profileFlags(
  licences: readonly (Pick<Licence, 'state' | 'expirationDate' | 'goodStanding'> & { verified: boolean })[],
  calendarLink: string | null,
  today: string,
) {
  const states = licenceStates(licences, today);
  return {
    hasNoLicense: licences.length === 0,
    hasCalendar: hasCalendarLink(calendarLink),
    hasExpiredOrInValidLicense: states.inValidStates.length > 0,
    validLicenseStates: states.validStates,
    pendingLicenseStates: states.pendingStates,
    inValidLicenseStates: states.inValidStates,
  };
}
