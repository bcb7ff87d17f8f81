import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import type { CreatePrescriptionBody, Prescription, Treatment } from '../../domain/prescriptions';
import type { ApiFetch } from './httpClient';

/** E-prescribing calls (spec 2 §7, spec 3 §7) as dataProvider methods. */
export interface PrescriptionMethods {
  /** POST /api/photon/createPatient: the prescribing patient, created only when the patient has none (its id is stored). */
  createPrescribingPatient(patientId: string): Promise<{ erxPhotonId: { id: string }; created: boolean }>;
  /** POST /secure/patient/updatePhotonERxPatientId { userId, photonERxPatientId }. */
  updatePhotonErxPatientId(patientId: string, photonERxPatientId: string): Promise<{ userId: string; photonHealthErxPatientId: string }>;
  /** POST /api/photon/getPatientPrescriptions { patientId }. */
  patientPrescriptions(patientId: string, signal?: AbortSignal): Promise<Prescription[]>;
  /** POST /secure/clinician/createPrescription (one Idempotency-Key per send). */
  createPrescription(body: CreatePrescriptionBody, idempotencyKey: string): Promise<{ msg: string; orderId: string; prescriptions: Prescription[] }>;
  /** The local prescribe form's formulary. */
  prescribingFormulary(signal?: AbortSignal): Promise<Treatment[]>;
}

export function createPrescriptionMethods(api: ApiFetch): PrescriptionMethods {
  return {
    createPrescribingPatient: (patientId) => api('/api/photon/createPatient', { method: 'POST', body: { patientId } }),
    updatePhotonErxPatientId: (userId, photonERxPatientId) =>
      api('/secure/patient/updatePhotonERxPatientId', { method: 'POST', body: { userId, photonERxPatientId } }),
    patientPrescriptions: (patientId, signal) => api('/api/photon/getPatientPrescriptions', { method: 'POST', body: { patientId }, signal }),
    createPrescription: (body, key) =>
      api('/secure/clinician/createPrescription', { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    prescribingFormulary: (signal) => api('/secure/clinician/prescribing/formulary', { signal }),
  };
}
