import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_RESULT_PDF_BYTES } from '../../domain/files/files';
import {
  appointmentRequestSchema,
  assignBodySchema,
  covidTubeSchema,
  createTestResultSchema,
  kitBodySchema,
  kitIdSchema,
  labListQuerySchema,
  labListSchema,
  labRowSchema,
  notesBodySchema,
  patientMessageSchema,
  rejectBodySchema,
  resultStatusParamSchema,
} from '../../domain/lab/lab-api';
import { CLINICAL_DATA_ROLES, clinicalWrite, read } from '../../domain/shared/route-access';
import type { AppStorage } from '../adapters/object-storage';
import { badRequest } from '../errors';
import { datedCsvName, sendCsv } from '../http/csv-export';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { errorBody } from '../http/validation';
import { labCsvLines } from './export';
import { assignToActor, decideLabRequest, registerCovidTube } from './request-service';
import {
  createTestResult,
  messagePatientFromLab,
  overrideAutoRelease,
  releaseNotes,
  requestAppointment,
  saveNotesDraft,
  uploadResultFile,
  type PdfUpload,
} from './result-service';
import { getTestResult, listLab, resultForm } from './service';

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
const formSchema = z.object({
  kitId: z.string(),
  productName: z.string(),
  labName: z.string(),
  entries: z.array(
    z.object({
      testName: z.string(),
      testValue: z.string(),
      newTest: z.boolean(),
      testId: z.string().nullable(),
      options: z.array(z.string()),
    }),
  ),
});
const write = <B extends z.ZodType, A extends z.ZodType>(tag: string, body: B, answer: A) => ({
  tags: [tag],
  body,
  response: { 200: answer, ...err },
});

/** The one file of a multipart upload (the scope's multipart limits: one file of at most MAX_RESULT_PDF_BYTES). */
async function pdfUpload(req: FastifyRequest): Promise<PdfUpload> {
  if (!req.isMultipart()) throw badRequest('expected multipart/form-data with one file');
  const file = await req.file();
  if (!file) throw badRequest('no file');
  const body = await file.toBuffer();
  if (file.file.truncated) throw badRequest(`file is larger than ${MAX_RESULT_PDF_BYTES / 1024 / 1024} MB`);
  return { body, filename: file.filename };
}

export interface LabOptions {
  storage: AppStorage;
}

/**
 * Lab requests and lab results (spec 1 §7): lists, one result, the review-and-release actions. HTTP only: the rules in
 * service.ts, request-service.ts and result-service.ts, the SQL, scope, history and audit in the repository
 * (`req.data.lab`). Multipart parsing is the secure scope's (app.ts), shared with the other upload routes.
 */
export const labRoutes: FastifyPluginAsync<LabOptions> = async (plugin, { storage }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const listSchema = (tag: string) => ({ tags: [tag], querystring: labListQuerySchema, response: { 200: labListSchema, ...err } });
  const reads = read(CLINICAL_DATA_ROLES, { licenceBound: true });
  const listReads = { ...reads, ...cachedFor(LIST_CACHE_MS) };
  const uploadAccess = clinicalWrite(CLINICAL_DATA_ROLES);
  // A double click (or a retry) with the portal's Idempotency-Key gets the first answer instead of a confusing 409.
  const writes = { ...uploadAccess, idempotent: true };

  app.get('/secure/labRequest', { config: listReads, schema: listSchema('lab requests') }, (req) => listLab(req.data, 'request', req.query));
  app.get('/secure/testResult', { config: listReads, schema: listSchema('lab results') }, (req) => listLab(req.data, 'result', req.query));
  app.get(
    '/secure/testResult/status/:status',
    {
      config: listReads,
      schema: {
        tags: ['lab results'],
        params: resultStatusParamSchema,
        querystring: labListQuerySchema.omit({ status: true }),
        response: { 200: labListSchema, ...err },
      },
    },
    (req) => listLab(req.data, 'result', { ...req.query, status: req.params.status }),
  );

  /** Streams every matching row as CSV (pages of 1000, masked and audited like the list). */
  app.get('/secure/labRequest/export', { config: reads, schema: { tags: ['lab requests'], querystring: labListQuerySchema } }, (req, reply) =>
    sendCsv(reply, datedCsvName('lab-requests'), labCsvLines(req.data, 'request', req.query)),
  );
  app.get('/secure/testResult/export', { config: reads, schema: { tags: ['lab results'], querystring: labListQuerySchema } }, (req, reply) =>
    sendCsv(reply, datedCsvName('lab-results'), labCsvLines(req.data, 'result', req.query)),
  );

  /** One test result; 404 means "not yet available", and also "outside your licence states" (never told apart). */
  app.get(
    '/secure/testResult/:kitId',
    {
      config: reads,
      schema: { tags: ['lab results'], params: kitParam, response: { 200: labRowSchema, ...err } },
    },
    (req) => getTestResult(req.data, req.params.kitId),
  );

  app.get(
    '/secure/testResult/cdd/labResultsForm',
    {
      config: reads,
      schema: { tags: ['lab results'], querystring: z.strictObject({ kitId: kitIdSchema }), response: { 200: formSchema, ...err } },
    },
    (req) => resultForm(req.data, req.query.kitId),
  );

  app.put('/secure/labRequest/assign', { config: writes, schema: write('lab requests', assignBodySchema, answers.assigned) }, (req) =>
    assignToActor(req.data, 'request', req.body.kitId, req.body.reason),
  );
  app.put('/secure/testResult/assign', { config: writes, schema: write('lab results', assignBodySchema, answers.assigned) }, (req) =>
    assignToActor(req.data, 'result', req.body.kitId, req.body.reason),
  );
  app.put('/secure/labRequest/approve', { config: writes, schema: write('lab requests', kitBodySchema, answers.status) }, (req) =>
    decideLabRequest(req.data, req.body.kitId, 'approve'),
  );
  app.put('/secure/labRequest/reject', { config: writes, schema: write('lab requests', rejectBodySchema, answers.status) }, (req) =>
    decideLabRequest(req.data, req.body.kitId, 'reject', req.body),
  );
  for (const path of ['/secure/testResult', '/secure/testResult/cdd/labResults']) {
    app.post(path, { config: writes, schema: write('lab results', createTestResultSchema, answers.created) }, (req) =>
      createTestResult(req.data, storage, req.body),
    );
  }
  app.post(
    '/secure/testResult/:kitId/notes',
    { config: writes, schema: { ...write('lab results', notesBodySchema, answers.notes), params: kitParam } },
    (req) => saveNotesDraft(req.data, req.params.kitId, req.body.noteType, req.body.notes),
  );
  app.put(
    '/secure/testResult/:kitId/notes/release',
    { config: writes, schema: { tags: ['lab results'], params: kitParam, response: { 200: answers.status, ...err } } },
    (req) => releaseNotes(req.data, req.params.kitId),
  );
  app.post(
    '/secure/testResult/overrideForManualClinicianReview/:kitId',
    {
      config: writes,
      schema: { tags: ['lab results'], params: kitParam, response: { 200: answers.status, ...err } },
    },
    (req) => overrideAutoRelease(req.data, req.params.kitId),
  );
  app.post('/secure/kit/covid', { config: writes, schema: write('kits', covidTubeSchema, answers.tube) }, (req) =>
    registerCovidTube(req.data, req.body.kitId, req.body.serialNumber),
  );
  app.post(
    '/secure/testResult/appointmentRequest',
    { config: writes, schema: write('lab results', appointmentRequestSchema, answers.message) },
    (req) => requestAppointment(req.data, req.body.testResultId, req.body.message),
  );
  app.post('/secure/testResult/patientMessage', { config: writes, schema: write('lab results', patientMessageSchema, answers.message) }, (req) =>
    messagePatientFromLab(req.data, { kitId: req.body.kitId, kind: 'message' }, req.body.message),
  );

  /** Result PDF upload: PDF only (checked by content), size-limited, stored under a generated name. */
  app.post(
    '/secure/testResult/uploadResultFile/cdd/:kitId',
    {
      config: uploadAccess,
      schema: { tags: ['lab results'], params: kitParam, response: { 200: z.object({ fileS3Url: z.string() }), ...err, 413: errorBody } },
    },
    (req) => uploadResultFile(req.data, storage, req.params.kitId, () => pdfUpload(req)),
  );
};
