import type { ClinicianProfile } from '../clinician/clinician';
import { isClinician, isNonClinicalOnly, isSuperAdmin, type Role } from '../shared/roles';
import { NO_CALENDAR_PROFILE_PATH } from '../shared/routes';

export type HomeState =
  | { kind: 'pending' } // signed in, in no group at all: pending-review screen
  | { kind: 'disabled' } // INACTIVE clinician: message, then sign-out
  | { kind: 'redirect'; to: string } // clinician without calendar link: to the profile
  | { kind: 'home'; banners: Banner[]; onboardingLicence: boolean };

export type Banner =
  | { kind: 'superAdminWelcome' }
  | { kind: 'accessRestricted' }
  | { kind: 'noLicense' }
  | { kind: 'invalidLicences'; states: string[] }
  | { kind: 'noProfile' }
  | { kind: 'noRoles' };

/**
 * What the home page shows for a signed-in user (spec 1 §6 "Dashboard banners", spec 3 §4 account states).
 * `groups` is the raw groups claim, `roles` the recognised ones; `profile` is null when none exists
 * and undefined when it does not apply (the user is not a clinician).
 */
export function homeStateFor(groups: readonly string[], roles: readonly Role[], profile: ClinicianProfile | null | undefined): HomeState {
  if (groups.length === 0) return { kind: 'pending' };
  if (roles.length === 0) return { kind: 'home', banners: [{ kind: 'noRoles' }], onboardingLicence: false };
  const banners: Banner[] = [];
  if (isSuperAdmin(roles)) banners.push({ kind: 'superAdminWelcome' });
  if (isNonClinicalOnly(roles)) banners.push({ kind: 'accessRestricted' });
  let onboardingLicence = false;
  if (isClinician(roles)) {
    if (profile === null || profile === undefined) {
      banners.push({ kind: 'noProfile' });
    } else {
      if (profile.status === 'INACTIVE') return { kind: 'disabled' };
      if (profile.hasNoLicense) {
        banners.push({ kind: 'noLicense' });
        onboardingLicence = true;
      } else if (!profile.hasCalendar) {
        return { kind: 'redirect', to: NO_CALENDAR_PROFILE_PATH };
      }
      if (profile.hasExpiredOrInValidLicense) {
        banners.push({ kind: 'invalidLicences', states: profile.inValidLicenseStates });
      }
    }
  }
  return { kind: 'home', banners, onboardingLicence };
}
