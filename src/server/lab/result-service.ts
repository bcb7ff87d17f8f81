import type { z } from 'zod';
import { detectFileKind } from '../../domain/files/files';
import type { createTestResultSchema } from '../../domain/lab/lab-api';
import { LAB_REQUEST_TRANSITIONS, LAB_RESULT_TRANSITIONS, notesEditable, TOOLTIP_ASSIGNED_OR_INELIGIBLE } from '../../domain/lab/lab-actions';
import type { AppStorage } from '../adapters/object-storage';
import { assertClinicalAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { displayName } from '../files/routes';

type CreateTestResult = z.infer<typeof createTestResultSchema>;

/** A result file named in a test result must be a result file stored for that kit. */
async function assertResultFileOf(data: DataAccess, storage: AppStorage, kitId: string, url: string | null | undefined) {
  if (!url) return;
  const key = storage.keyOf(url);
  if (!key || !(await data.lab.isResultFileOf(kitId, key))) throw badRequest('the result file does not belong to this kit');
}

/**
 * Creates (or replaces, while not released) the test result of a kit whose lab request is assigned to
 * the actor and still open; the lab request moves to REPORT_READY and the result awaits clinician review.
 */
export async function createTestResult(data: DataAccess, storage: AppStorage, body: CreateTestResult) {
  await assertResultFileOf(data, storage, body.kitId, body.resultFileS3Url);
  return data.transaction(async (tx) => {
    const { record } = await tx.lab.lockForAction(body.kitId, 'request', { mustOwn: true });
    const t = LAB_REQUEST_TRANSITIONS.createTestResult;
    if (!(t.from as readonly string[]).includes(record.requestStatus ?? '')) {
      throw conflict(`no test result can be created for a ${record.requestStatus} lab request`);
    }
    // Read under the kit lock: a result released a moment ago is seen here, and never overwritten.
    if (record.resultStatus && !notesEditable(record.resultStatus)) throw conflict(`the test result is already ${record.resultStatus}`);
    const lines = body.resultData.map((e) => ({ testName: e.testName, result: e.testValue ?? '', units: '', summaryStatus: null }));
    const testResultId = await tx.lab.createResult(record, { lines, fileUrl: body.resultFileS3Url ?? null, requestTo: t.to });
    return { kitId: body.kitId, testResultId, status: 'NEEDS_CLINICIAN_REVIEW' };
  });
}

/** Saves a notes draft (internal or external) on the actor's test result while it is editable. */
export function saveNotesDraft(data: DataAccess, kitId: string, noteType: 'internal' | 'external', notes: string) {
  return data.transaction(async (tx) => {
    const { record } = await tx.lab.lockForAction(kitId, 'result', { mustOwn: true });
    if (!notesEditable(record.resultStatus ?? '', record.requestStatus ?? undefined))
      throw conflict('notes are read-only once released, complete or rejected');
    await tx.lab.saveNotes(record, noteType, notes);
    return { kitId, noteType, saved: true };
  });
}

/** Releases the saved patient notes: the result becomes RESULTS_RELEASED. Empty notes are not sent. */
export function releaseNotes(data: DataAccess, kitId: string) {
  return data.transaction(async (tx) => {
    const { record } = await tx.lab.lockForAction(kitId, 'result', { mustOwn: true });
    const t = LAB_RESULT_TRANSITIONS.release;
    if (!(t.from as readonly string[]).includes(record.resultStatus ?? '')) throw conflict(`a ${record.resultStatus} test result cannot be released`);
    if (record.requestStatus === 'REJECTED_BY_CLINICIAN') throw conflict('a rejected lab request cannot be released');
    // Notes are plain text, sent as typed: "<no growth>" is a note, not an empty tag.
    if (!record.externalNotes || record.externalNotes.trim() === '') throw badRequest('notes to patient are empty');
    if (record.notesNeedReview) throw conflict('the results changed after the notes to the patient were written; review and save the notes again');
    await tx.lab.release(record, t.to);
    return { kitId, status: t.to };
  });
}

/** Cancels a scheduled auto release and sends the result to manual clinician review. */
export function overrideAutoRelease(data: DataAccess, kitId: string) {
  return data.transaction(async (tx) => {
    const { record, eligibility: e } = await tx.lab.lockForAction(kitId, 'result', { mustOwn: false });
    // The shared rule (labResultActions.overrideAutoRelease): unassigned or mine, never another clinician's result.
    if (!e.canAct) throw forbidden(e.disabledReason ?? TOOLTIP_ASSIGNED_OR_INELIGIBLE);
    const t = LAB_RESULT_TRANSITIONS.overrideAutoRelease;
    if (record.resultStatus !== t.from[0]) throw conflict(`the test result is ${record.resultStatus}, not AUTO_RELEASE_SCHEDULED`);
    await tx.lab.overrideAutoRelease(record, t.from[0], t.to);
    return { kitId, status: t.to };
  });
}

/**
 * A secure message to the patient from a lab record: an appointment request (by test result id) or a
 * direct message (by kit id). The actor must own the record; appointment requests not once released or NEEDS_CONSULT.
 */
export function messagePatientFromLab(data: DataAccess, target: { kitId: string; kind: 'appointment' | 'message' }, message: string) {
  return data.transaction(async (tx) => {
    const { record } = await tx.lab.lockForAction(target.kitId, 'result', { mustOwn: true });
    const { patientId } = record;
    if (!patientId) throw conflict('this kit has no registered patient');
    if (target.kind === 'appointment' && (!notesEditable(record.resultStatus ?? '') || record.resultStatus === 'NEEDS_CONSULT')) {
      throw conflict(`no appointment request for a ${record.resultStatus} test result`);
    }
    return { messageId: await tx.lab.messagePatient({ ...record, patientId }, target.kind, message) };
  });
}

/** An appointment request addresses the test result by its id. */
export async function requestAppointment(data: DataAccess, testResultId: string, message: string) {
  const kitId = await data.lab.kitOfResult(testResultId);
  if (!kitId) throw notFound('no such test result');
  return messagePatientFromLab(data, { kitId, kind: 'appointment' }, message);
}

/** The multipart upload as the route read it (HTTP: one file, size-limited). */
export interface PdfUpload {
  body: Buffer;
  filename: string;
}

/**
 * Result PDF upload: the kit must be in the actor's scope (checked before the upload is read); PDF only (checked by
 * content), stored under a generated name and recorded as the kit's result file.
 */
export async function uploadResultFile(data: DataAccess, storage: AppStorage, kitId: string, readUpload: () => Promise<PdfUpload>) {
  assertClinicalAccess(data.actor);
  const owner = await data.lab.uploadTarget(kitId);
  const file = await readUpload();
  if (detectFileKind(file.body.subarray(0, 16)) !== 'pdf' || !file.filename.toLowerCase().endsWith('.pdf'))
    throw badRequest('only PDF files are accepted');
  const stored = await storage.put('RESULT_FILES', file.body, 'application/pdf', 'pdf');
  await data.lab
    .linkResultFile(owner, { key: stored.key, name: displayName(file.filename, 'pdf'), size: file.body.length })
    .catch(async (error: unknown) => {
      await storage.delete(stored.key).catch(() => undefined);
      throw error;
    });
  return { fileS3Url: stored.url };
}
