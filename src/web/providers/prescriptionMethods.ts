import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import type { CreatePrescriptionBody, Prescription, Treatment } from '../../domain/prescriptions/prescriptions';
import type { ApiFetch } from './httpClient';

/** E-prescribing calls (spec 2 §7, spec 3 §7) as dataProvider methods. */
export function createPrescriptionMethods(api: ApiFetch) {
  return {
    /** POST /api/photon/createPatient: the prescribing patient, created only when the patient has none (its id is stored). */
    createPrescribingPatient: (patientId: string): Promise<{ erxPhotonId: { id: string }; created: boolean }> =>
      api('/api/photon/createPatient', { method: 'POST', body: { patientId } }),
    /** POST /secure/patient/updatePhotonERxPatientId { userId, photonERxPatientId }. */
    updatePhotonErxPatientId: (userId: string, photonERxPatientId: string): Promise<{ userId: string; photonHealthErxPatientId: string }> =>
      api('/secure/patient/updatePhotonERxPatientId', { method: 'POST', body: { userId, photonERxPatientId } }),
    /** POST /api/photon/getPatientPrescriptions { patientId }. */
    patientPrescriptions: (patientId: string, signal?: AbortSignal): Promise<Prescription[]> =>
      api('/api/photon/getPatientPrescriptions', { method: 'POST', body: { patientId }, signal }),
    /** POST /secure/clinician/createPrescription (one Idempotency-Key per send). */
    createPrescription: (body: CreatePrescriptionBody, key: string): Promise<{ msg: string; orderId: string; prescriptions: Prescription[] }> =>
      api('/secure/clinician/createPrescription', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    /** The local prescribe form's formulary. */
    prescribingFormulary: (signal?: AbortSignal): Promise<Treatment[]> => api('/secure/clinician/prescribing/formulary', { signal }),
  };
}

export type PrescriptionMethods = ReturnType<typeof createPrescriptionMethods>;
