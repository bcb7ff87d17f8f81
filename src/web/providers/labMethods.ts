import type { z } from 'zod';
import type { createTestResultSchema, rejectBodySchema, resultEntrySchema } from '../../domain/lab/lab-api';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
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

const kit = (kitId: string) => encodeURIComponent(kitId);
const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });

/** The lab-area calls that are actions, not CRUD (spec 1 §7), as dataProvider methods. */
export function createLabMethods(api: ApiFetch) {
  return {
    /** PUT /secure/labRequest/assign or /secure/testResult/assign; a reason re-assigns from another clinician. */
    labAssign: (kind: LabKind, kitId: string, reason?: string): Promise<unknown> =>
      api(kind === 'request' ? '/secure/labRequest/assign' : '/secure/testResult/assign', {
        method: 'PUT',
        body: reason ? { kitId, reason } : { kitId },
      }),
    labApprove: (kitId: string): Promise<unknown> => api('/secure/labRequest/approve', { method: 'PUT', body: { kitId } }),
    labReject: (body: RejectBody): Promise<unknown> => api('/secure/labRequest/reject', { method: 'PUT', body }),
    /** POST /secure/testResult/{kitId}/notes: saves a draft. */
    saveResultNotes: (kitId: string, noteType: NoteType, notes: string): Promise<unknown> =>
      api(`/secure/testResult/${kit(kitId)}/notes`, { method: 'POST', body: { noteType, notes } }),
    /** PUT /secure/testResult/{kitId}/notes/release: releases the saved patient notes. */
    releaseResultNotes: (kitId: string): Promise<unknown> => api(`/secure/testResult/${kit(kitId)}/notes/release`, { method: 'PUT' }),
    overrideAutoRelease: (kitId: string): Promise<unknown> =>
      api(`/secure/testResult/overrideForManualClinicianReview/${kit(kitId)}`, { method: 'POST' }),
    registerCovidTube: (kitId: string, serialNumber: string): Promise<unknown> =>
      api('/secure/kit/covid', { method: 'POST', body: { kitId, serialNumber } }),
    /** The creations carry the Idempotency-Key of the user's action (useIdempotencyKey): a double submit creates once. */
    requestAppointment: (testResultId: string, message: string, idempotencyKey: string): Promise<unknown> =>
      api('/secure/testResult/appointmentRequest', { method: 'POST', body: { testResultId, message }, headers: keyed(idempotencyKey) }),
    messagePatient: (kitId: string, message: string, idempotencyKey: string): Promise<unknown> =>
      api('/secure/testResult/patientMessage', { method: 'POST', body: { kitId, message }, headers: keyed(idempotencyKey) }),
    getResultForm: (kitId: string): Promise<ResultForm> => api<ResultForm>('/secure/testResult/cdd/labResultsForm', { query: { kitId } }),
    createTestResult: (body: CreateTestResultBody, idempotencyKey: string): Promise<{ kitId: string; testResultId: string; status: string }> =>
      api('/secure/testResult', { method: 'POST', body, headers: keyed(idempotencyKey) }),
    uploadResultFile(kitId: string, file: File): Promise<{ fileS3Url: string }> {
      const form = new FormData();
      form.append('file', file, file.name);
      return api(`/secure/testResult/uploadResultFile/cdd/${kit(kitId)}`, { method: 'POST', body: form });
    },
  };
}

export type LabMethods = ReturnType<typeof createLabMethods>;
