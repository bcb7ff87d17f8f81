import type { z } from 'zod';
import type { createTestResultSchema, rejectBodySchema, resultEntrySchema } from '../../domain/lab-api';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/headers';
import type { ApiFetch } from './httpClient';

export type LabKind = 'request' | 'result';
export type NoteType = 'internal' | 'external';
export type ResultEntry = z.input<typeof resultEntrySchema>;
export type CreateTestResultBody = z.input<typeof createTestResultSchema>;
export type RejectBody = z.input<typeof rejectBodySchema>;

/** GET /secure/testResult/cdd/labResultsForm answer. */
export interface ResultForm {
  kitId: string;
  productName: string;
  labName: string;
  entries: Array<{ testName: string; testValue: string; newTest: boolean; testId: string | null; options: string[] }>;
}

/** The lab-area calls that are actions, not CRUD (spec 1 §7), as dataProvider methods. */
export interface LabMethods {
  /** PUT /secure/labRequest/assign or /secure/testResult/assign; a reason re-assigns from another clinician. */
  labAssign(kind: LabKind, kitId: string, reason?: string): Promise<unknown>;
  labApprove(kitId: string): Promise<unknown>;
  labReject(body: RejectBody): Promise<unknown>;
  /** POST /secure/testResult/{kitId}/notes: saves a draft. */
  saveResultNotes(kitId: string, noteType: NoteType, notes: string): Promise<unknown>;
  /** PUT /secure/testResult/{kitId}/notes/release: releases the saved patient notes. */
  releaseResultNotes(kitId: string): Promise<unknown>;
  overrideAutoRelease(kitId: string): Promise<unknown>;
  registerCovidTube(kitId: string, serialNumber: string): Promise<unknown>;
  /** The creations carry the Idempotency-Key of the user's action (useIdempotencyKey): a double submit creates once. */
  requestAppointment(testResultId: string, message: string, idempotencyKey: string): Promise<unknown>;
  messagePatient(kitId: string, message: string, idempotencyKey: string): Promise<unknown>;
  getResultForm(kitId: string): Promise<ResultForm>;
  createTestResult(body: CreateTestResultBody, idempotencyKey: string): Promise<{ kitId: string; testResultId: string; status: string }>;
  uploadResultFile(kitId: string, file: File): Promise<{ fileS3Url: string }>;
}

const kit = (kitId: string) => encodeURIComponent(kitId);
const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

export function createLabMethods(api: ApiFetch): LabMethods {
  return {
    labAssign: (kind, kitId, reason) =>
      api(kind === 'request' ? '/secure/labRequest/assign' : '/secure/testResult/assign', {
        method: 'PUT',
        body: reason ? { kitId, reason } : { kitId },
      }),
    labApprove: (kitId) => api('/secure/labRequest/approve', { method: 'PUT', body: { kitId } }),
    labReject: (body) => api('/secure/labRequest/reject', { method: 'PUT', body }),
    saveResultNotes: (kitId, noteType, notes) => api(`/secure/testResult/${kit(kitId)}/notes`, { method: 'POST', body: { noteType, notes } }),
    releaseResultNotes: (kitId) => api(`/secure/testResult/${kit(kitId)}/notes/release`, { method: 'PUT' }),
    overrideAutoRelease: (kitId) => api(`/secure/testResult/overrideForManualClinicianReview/${kit(kitId)}`, { method: 'POST' }),
    registerCovidTube: (kitId, serialNumber) => api('/secure/kit/covid', { method: 'POST', body: { kitId, serialNumber } }),
    requestAppointment: (testResultId, message, idempotencyKey) =>
      api('/secure/testResult/appointmentRequest', { method: 'POST', body: { testResultId, message }, headers: keyed(idempotencyKey) }),
    messagePatient: (kitId, message, idempotencyKey) =>
      api('/secure/testResult/patientMessage', { method: 'POST', body: { kitId, message }, headers: keyed(idempotencyKey) }),
    getResultForm: (kitId) => api<ResultForm>('/secure/testResult/cdd/labResultsForm', { query: { kitId } }),
    createTestResult: (body, idempotencyKey) => api('/secure/testResult', { method: 'POST', body, headers: keyed(idempotencyKey) }),
    uploadResultFile(kitId, file) {
      const form = new FormData();
      form.append('file', file, file.name);
      return api(`/secure/testResult/uploadResultFile/cdd/${kit(kitId)}`, { method: 'POST', body: form });
    },
  };
}
