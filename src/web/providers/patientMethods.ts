import type { KitResult } from '../../domain/patients/patient-profile';
import type { PatientSearchResult, PatientSearchType } from '../../domain/patients/patient-search';
import { statusOf } from './errorReason';
import type { ApiFetch } from './httpClient';

/**
 * The patient calls of spec 3 §7 that are not CRUD of the `patients` resource (its list, one, update and export are in
 * resources.ts), as dataProvider methods.
 */
export function createPatientMethods(api: ApiFetch) {
  return {
    /** POST /secure/patient/search {type, term}: the compact bar. */
    searchPatients: (type: PatientSearchType, term: string, signal?: AbortSignal): Promise<PatientSearchResult[]> =>
      api('/secure/patient/search', { method: 'POST', body: { type, term }, signal }),
    /** GET /secure/user/patientProfilePic/{id}: the picture, or null when there is none (404). */
    patientProfilePic: async (patientId: string, signal?: AbortSignal): Promise<Blob | null> => {
      try {
        return await api<Blob>(`/secure/user/patientProfilePic/${encodeURIComponent(patientId)}`, { responseType: 'blob', signal });
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    /** A kit's test result (the Kit Detail tab's result panel, loaded on expand). */
    kitTestResult: (kitId: string, signal?: AbortSignal): Promise<KitResult> =>
      api(`/secure/patient/kits/${encodeURIComponent(kitId)}/result`, { signal }),
  };
}

export type PatientMethods = ReturnType<typeof createPatientMethods>;
