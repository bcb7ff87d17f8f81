import type { KitResult } from '../../domain/patient-profile';
import type { PatientSearchResult, PatientSearchType } from '../../domain/patient-search';
import { statusOf } from './errorReason';
import type { ApiFetch } from './httpClient';

/**
 * The patient calls of spec 3 §7 that are not CRUD of the `patients` resource (its list, one, update and export are in
 * resources.ts), as dataProvider methods.
 */
export interface PatientMethods {
  /** POST /secure/patient/search {type, term}: the compact bar. */
  searchPatients(type: PatientSearchType, term: string, signal?: AbortSignal): Promise<PatientSearchResult[]>;
  /** GET /secure/user/patientProfilePic/{id}: the picture, or null when there is none (404). */
  patientProfilePic(patientId: string, signal?: AbortSignal): Promise<Blob | null>;
  /** A kit's test result (the Kit Detail tab's result panel, loaded on expand). */
  kitTestResult(kitId: string, signal?: AbortSignal): Promise<KitResult>;
}

export function createPatientMethods(api: ApiFetch): PatientMethods {
  return {
    searchPatients: (type, term, signal) => api('/secure/patient/search', { method: 'POST', body: { type, term }, signal }),
    patientProfilePic: async (patientId, signal) => {
      try {
        return await api<Blob>(`/secure/user/patientProfilePic/${encodeURIComponent(patientId)}`, { responseType: 'blob', signal });
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    kitTestResult: (kitId, signal) => api(`/secure/patient/kits/${encodeURIComponent(kitId)}/result`, { signal }),
  };
}
