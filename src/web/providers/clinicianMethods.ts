import type { ClinicianProfile } from '../../domain/clinician/clinician';
import type { ClinicianProfileUpdate } from '../../domain/clinician/clinician-profile';
import type { ApiFetch } from './httpClient';

/**
 * The clinician's own profile calls of spec 3 §7 that are not CRUD of a resource (licences are the `licenses` resource):
 * create on sign-up, update of the personal information, the calendar link.
 */
export function createClinicianMethods(api: ApiFetch) {
  return {
    /** POST /secure/clinician/profile/create: the id and e-mail are the token's; the names and phone from sign-up. */
    /** Names left out are read from the id token by the server. */
    createClinicianProfile: (body: { firstName?: string; lastName?: string; mobile?: string }): Promise<ClinicianProfile> =>
      api('/secure/clinician/profile/create', { method: 'POST', body }),
    /** PATCH /secure/clinician/profile/update: the profile fields plus id. */
    updateClinicianProfile: (body: ClinicianProfileUpdate): Promise<ClinicianProfile> =>
      api('/secure/clinician/profile/update', { method: 'PATCH', body }),
    /** PATCH /secure/clinician/updateCalendar {calendarLink}. */
    updateCalendarLink: (calendarLink: string): Promise<{ calendarLink: string }> =>
      api('/secure/clinician/updateCalendar', { method: 'PATCH', body: { calendarLink } }),
    /** PATCH /secure/clinician/verifyLicence {id} (super admin). */
    verifyLicence: (id: string): Promise<unknown> => api('/secure/clinician/verifyLicence', { method: 'PATCH', body: { id } }),
  };
}

export type ClinicianMethods = ReturnType<typeof createClinicianMethods>;
