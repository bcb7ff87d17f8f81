import multipart from '@fastify/multipart';
import type { Pool } from 'pg';
import { z } from 'zod';
import { detectFileKind, MAX_RESULT_PDF_BYTES } from '../../domain/files';
import {
  appointmentRequestSchema, assignBodySchema, covidTubeSchema, createTestResultSchema, kitBodySchema, kitIdSchema,
  labListQuerySchema, labListSchema, labRowSchema, notesBodySchema, patientMessageSchema, rejectBodySchema,
  resultStatusParamSchema, type LabListQuery,
} from '../../domain/lab-api';
import type { AppStorage } from '../adapters/object-storage';
import { writeAudit } from '../audit/audit';
import { auditorOf } from '../audit/auditor';
import { assertClinicalAccess } from '../auth/access';
import { actorOf } from '../auth/secure-plugin';
import { badRequest, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { CLINICAL_DATA_ROLES, clinicalWrite, read } from '../../domain/route-access';
import { labCsvLines } from './export';
import type { LabKind } from './list-query';
import { assignToActor, decideLabRequest, registerCovidTube } from './request-service';
import {
  createTestResult, kitOfTestResult, messagePatientFromLab, overrideAutoRelease, releaseNotes, saveNotesDraft,
} from './result-service';
import { getTestResult, listLab, resultForm } from './service';
import { displayName } from '../files/routes';
import { linkFile, ownedRecord, storedFile } from '../files/records';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { datedCsvName, sendCsv } from '../http/csv-export';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** What the lab writes answer (allowlists): the kit and the outcome, never patient data. */
const answers = {
  assigned: z.object({ kitId: z.string(), clinicianId: z.string() }),
  status: z.object({ kitId: z.string(), status: z.string() }),
  created: z.object({ kitId: z.string(), testResultId: z.string(), status: z.string() }),
  notes: z.object({ kitId: z.string(), noteType: z.enum(['internal', 'external']), saved: z.boolean() }),
  tube: z.object({ kitId: z.string(), tubeId: z.string() }),
  message: z.object({ messageId: z.string() }),
};
const kitParam = z.strictObject({ kitId: kitIdSchema });

/** Lab requests and lab results (spec 1 §7): lists, one result, the review-and-release actions. */
export async function labRoutes(app: ZodApp, { pool, storage }: { pool: Pool; storage: AppStorage }) {
  await app.register(multipart, { limits: { fileSize: MAX_RESULT_PDF_BYTES, files: 1, fields: 5 } });

  const list = (kind: LabKind, req: Parameters<typeof actorOf>[0], query: LabListQuery) => listLab(pool, actorOf(req), auditorOf(req), kind, query);
  const listSchema = (tag: string) => ({ tags: [tag], querystring: labListQuerySchema, response: { 200: labListSchema, ...err } });
  const reads = read(CLINICAL_DATA_ROLES, { licenceBound: true });
  const listReads = { ...reads, ...cachedFor(LIST_CACHE_MS) };
  const uploadAccess = clinicalWrite(CLINICAL_DATA_ROLES);
  // A double click (or a retry) with the portal's Idempotency-Key gets the first answer instead of a confusing 409.
  const writes = { ...uploadAccess, idempotent: true };

  app.get('/secure/labRequest', { config: listReads, schema: listSchema('lab requests') }, (req) => list('request', req, req.query));
  app.get('/secure/testResult', { config: listReads, schema: listSchema('lab results') }, (req) => list('result', req, req.query));
  app.get('/secure/testResult/status/:status', {
    config: listReads,
    schema: { tags: ['lab results'], params: resultStatusParamSchema, querystring: labListQuerySchema.omit({ status: true }), response: { 200: labListSchema, ...err } },
  }, (req) => list('result', req, { ...req.query, status: req.params.status }));

  /** Streams every matching row as CSV (lab/export.ts: pages of 1000, masked and audited like the list). */
  const exportRoute = (kind: LabKind, path: string, tag: string) =>
    app.get(path, { config: reads, schema: { tags: [tag], querystring: labListQuerySchema } }, (req, reply) => {
      const actor = actorOf(req);
      assertClinicalAccess(actor);
      const name = kind === 'request' ? 'lab-requests' : 'lab-results';
      return sendCsv(reply, datedCsvName(name), labCsvLines(pool, actor, auditorOf(req), kind, req.query));
    });
  exportRoute('request', '/secure/labRequest/export', 'lab requests');
  exportRoute('result', '/secure/testResult/export', 'lab results');

  /** One test result; 404 means "not yet available", and also "outside your licence states" (never told apart). */
  app.get('/secure/testResult/:kitId', {
    config: reads,
    schema: { tags: ['lab results'], params: kitParam, response: { 200: labRowSchema, ...err } },
  }, (req) => getTestResult(pool, actorOf(req), auditorOf(req), req.params.kitId));

  app.get('/secure/testResult/cdd/labResultsForm', {
    config: reads,
    schema: {
      tags: ['lab results'], querystring: z.strictObject({ kitId: kitIdSchema }),
      response: { 200: z.object({ kitId: z.string(), productName: z.string(), labName: z.string(), entries: z.array(z.object({
        testName: z.string(), testValue: z.string(), newTest: z.boolean(), testId: z.string().nullable(), options: z.array(z.string()),
      })) }), ...err },
    },
  }, (req) => resultForm(pool, actorOf(req), auditorOf(req), req.query.kitId));

  const write = <B extends z.ZodType, A extends z.ZodType>(tag: string, body: B, answer: A) => ({ tags: [tag], body, response: { 200: answer, ...err } });
  app.put('/secure/labRequest/assign', { config: writes, schema: write('lab requests', assignBodySchema, answers.assigned) }, (req) => {
    const b = req.body;
    return assignToActor(pool, auditorOf(req), actorOf(req), 'request', b.kitId, b.reason);
  });
  app.put('/secure/testResult/assign', { config: writes, schema: write('lab results', assignBodySchema, answers.assigned) }, (req) => {
    const b = req.body;
    return assignToActor(pool, auditorOf(req), actorOf(req), 'result', b.kitId, b.reason);
  });
  app.put('/secure/labRequest/approve', { config: writes, schema: write('lab requests', kitBodySchema, answers.status) }, (req) =>
    decideLabRequest(pool, auditorOf(req), actorOf(req), req.body.kitId, 'approve'));
  app.put('/secure/labRequest/reject', { config: writes, schema: write('lab requests', rejectBodySchema, answers.status) }, (req) => {
    const b = req.body;
    return decideLabRequest(pool, auditorOf(req), actorOf(req), b.kitId, 'reject', b);
  });
  /** A result file named in a test result must be a result file stored for that kit. */
  async function assertResultFileOf(kitId: string, url: string | null | undefined) {
    if (!url) return;
    const key = storage.keyOf(url);
    const file = key ? await storedFile(pool, key) : null;
    if (!file || file.category !== 'RESULT_FILES' || file.recordType !== 'KIT' || file.recordId !== kitId) throw badRequest('the result file does not belong to this kit');
  }
  for (const path of ['/secure/testResult', '/secure/testResult/cdd/labResults']) {
    app.post(path, { config: writes, schema: write('lab results', createTestResultSchema, answers.created) }, async (req) => {
      await assertResultFileOf(req.body.kitId, req.body.resultFileS3Url);
      return createTestResult(pool, auditorOf(req), actorOf(req), req.body);
    });
  }
  app.post('/secure/testResult/:kitId/notes', { config: writes, schema: { ...write('lab results', notesBodySchema, answers.notes), params: kitParam } }, (req) => {
    const b = req.body;
    return saveNotesDraft(pool, auditorOf(req), actorOf(req), req.params.kitId, b.noteType, b.notes);
  });
  app.put('/secure/testResult/:kitId/notes/release', { config: writes, schema: { tags: ['lab results'], params: kitParam, response: { 200: answers.status, ...err } } }, (req) =>
    releaseNotes(pool, auditorOf(req), actorOf(req), req.params.kitId));
  app.post('/secure/testResult/overrideForManualClinicianReview/:kitId', {
    config: writes,
    schema: { tags: ['lab results'], params: kitParam, response: { 200: answers.status, ...err } },
  }, (req) => overrideAutoRelease(pool, auditorOf(req), actorOf(req), req.params.kitId));
  app.post('/secure/kit/covid', { config: writes, schema: write('kits', covidTubeSchema, answers.tube) }, (req) => {
    const b = req.body;
    return registerCovidTube(pool, auditorOf(req), actorOf(req), b.kitId, b.serialNumber);
  });
  app.post('/secure/testResult/appointmentRequest', { config: writes, schema: write('lab results', appointmentRequestSchema, answers.message) }, async (req) => {
    const b = req.body;
    const kitId = await kitOfTestResult(pool, b.testResultId);
    if (!kitId) throw notFound('no such test result');
    return messagePatientFromLab(pool, auditorOf(req), actorOf(req), { kitId, kind: 'appointment' }, b.message);
  });
  app.post('/secure/testResult/patientMessage', { config: writes, schema: write('lab results', patientMessageSchema, answers.message) }, (req) => {
    const b = req.body;
    return messagePatientFromLab(pool, auditorOf(req), actorOf(req), { kitId: b.kitId, kind: 'message' }, b.message);
  });

  /** Result PDF upload: PDF only (checked by content), size-limited, stored under a generated name. */
  app.post('/secure/testResult/uploadResultFile/cdd/:kitId', {
    config: uploadAccess,
    schema: { tags: ['lab results'], params: kitParam, response: { 200: z.object({ fileS3Url: z.string() }), ...err, 413: errorBody } },
  }, async (req) => {
    const actor = actorOf(req);
    assertClinicalAccess(actor);
    // The file belongs to the kit: an unknown kit, or one outside the actor's scope, reads as unknown (404).
    const owner = await ownedRecord(pool, actor, { type: 'KIT', id: req.params.kitId });
    if (!req.isMultipart()) throw badRequest('expected multipart/form-data with one file');
    const file = await req.file();
    if (!file) throw badRequest('no file');
    const body = await file.toBuffer();
    if (file.file.truncated) throw badRequest(`file is larger than ${MAX_RESULT_PDF_BYTES / 1024 / 1024} MB`);
    if (detectFileKind(body.subarray(0, 16)) !== 'pdf' || !file.filename.toLowerCase().endsWith('.pdf')) throw badRequest('only PDF files are accepted');
    const stored = await storage.put('RESULT_FILES', body, 'application/pdf', 'pdf');
    await linkFile(pool, { key: stored.key, category: 'RESULT_FILES', name: displayName(file.filename, 'pdf'), contentType: 'application/pdf',
      size: body.length, uploadedBy: actor.sub, owner }).catch(async (error: unknown) => { await storage.delete(stored.key).catch(() => undefined); throw error; });
    await writeAudit(pool, req, { action: 'UPLOAD', entityType: 'result_file', entityId: req.params.kitId, patientId: owner.patientId, outcome: 'SUCCESS' });
    return { fileS3Url: stored.url };
  });
}
