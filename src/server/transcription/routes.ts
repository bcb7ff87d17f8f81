import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicalWrite, read } from '../../domain/shared/route-access';
import type { Role } from '../../domain/shared/roles';
import {
  clinicalDocumentationSchema,
  consumeSchema,
  conversationOutputSchema,
  createTranscriptionSchema,
  MAX_AUDIO_PART_BYTES,
  MAX_AUDIO_PARTS,
  statusUpdateSchema,
  SUMMARY_KINDS,
  TRANSCRIPTION_REFERENCE_TYPES,
  transcriptionRecordSchema,
} from '../../domain/transcription/transcription';
import { PRESIGNED_URL_TTL_SECONDS } from '../files/routes';
import { errorBody } from '../http/validation';
import { audioUploads } from './audio';
import * as service from './service';

const BASE = '/secure/transcribe';
/** Transcription is shown to clinicians and super admins only (spec 2 §2.3, §6), and is patient data. */
const ROLES: readonly Role[] = ['clinicians', 'super_admin'];
const reads = read(ROLES, { licenceBound: true });
const writes = clinicalWrite(ROLES);
const tags = ['transcription'];
const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 503: errorBody };
const idParams = z.strictObject({ id: z.guid('id is not a transcription file id') });
const bookingRef = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const audioBody = z.instanceof(Buffer);

/**
 * Transcription (spec 2 §7, base /secure/transcribe): create, status, submit, latest, audio URL, output, summary,
 * consume, and the audio upload (one put or multipart, webm bytes as the body). HTTP only: the rules live in
 * service.ts / audio.ts and src/domain/transcription/transcription.ts.
 */
export const transcriptionRoutes: FastifyPluginAsync<service.TranscriptionDeps> = async (plugin, deps) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const audio = audioUploads(deps);
  // The recorder's bytes, up to one part; only for the audio routes of this plugin.
  app.addContentTypeParser(['audio/webm', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_AUDIO_PART_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  // Creations a double click or a lost answer can send twice: a repeated Idempotency-Key gets the first answer.
  app.post(
    BASE,
    {
      config: { ...writes, idempotent: true },
      schema: { tags, body: createTranscriptionSchema, response: { 201: transcriptionRecordSchema, ...err } },
    },
    async (req, reply) => reply.status(201).send(await service.createTranscription(req.data, req.body)),
  );

  app.get(
    BASE,
    {
      config: reads,
      schema: {
        tags,
        querystring: z.strictObject({
          referenceType: z.enum(TRANSCRIPTION_REFERENCE_TYPES).default('BOOKING'),
          referenceId: bookingRef,
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          perPage: z.coerce.number().int().min(1).max(100).default(25),
          // react-admin sends its sort: the list is by creation time, newest first unless ASC is asked for
          sort: z.literal('createdEpoch').optional(),
          order: z.enum(['ASC', 'DESC']).default('DESC'),
        }),
        response: { 200: z.object({ items: z.array(transcriptionRecordSchema), total: z.number().int() }), ...err },
      },
    },
    (req) => req.data.transcription.list(req.query),
  );

  app.get(
    `${BASE}/latestTranscribe`,
    {
      config: reads,
      schema: {
        tags,
        querystring: z.strictObject({ bookingId: bookingRef, patientId: z.guid() }),
        response: { 200: z.object({ transcription: transcriptionRecordSchema.nullable() }), ...err },
      },
    },
    (req) => service.latestTranscription(req.data, req.query.bookingId, req.query.patientId),
  );

  app.get(`${BASE}/:id`, { config: reads, schema: { tags, params: idParams, response: { 200: transcriptionRecordSchema, ...err } } }, (req) =>
    req.data.transcription.get(req.params.id),
  );

  app.post(
    `${BASE}/status/:id`,
    {
      config: writes,
      schema: { tags, params: idParams, body: statusUpdateSchema, response: { 200: transcriptionRecordSchema, ...err } },
    },
    (req) => service.updateStatus(deps, req.data, req.params.id, req.body.status),
  );

  app.post(
    `${BASE}/submit/:id`,
    { config: writes, schema: { tags, params: idParams, response: { 200: transcriptionRecordSchema, ...err } } },
    (req) => service.submitTranscription(deps, req.data, req.params.id),
  );

  app.get(
    `${BASE}/audio/:id`,
    {
      config: reads,
      schema: { tags, params: idParams, response: { 200: z.object({ url: z.string(), expiresInSeconds: z.number().int() }), ...err } },
    },
    (req) => service.audioUrl(deps, req.data, req.params.id, PRESIGNED_URL_TTL_SECONDS),
  );

  app.get(`${BASE}/output/:id`, { config: reads, schema: { tags, params: idParams, response: { 200: conversationOutputSchema, ...err } } }, (req) =>
    service.conversation(req.data, req.params.id),
  );

  app.get(
    `${BASE}/summary/:id`,
    {
      config: reads,
      schema: { tags, params: idParams, response: { 200: clinicalDocumentationSchema.extend({ summaryKind: z.enum(SUMMARY_KINDS) }), ...err } },
    },
    (req) => service.summary(req.data, req.params.id),
  );

  app.post(
    `${BASE}/consume/:id`,
    {
      config: { ...writes, idempotent: true },
      schema: {
        tags,
        params: idParams,
        body: consumeSchema.nullish(),
        response: { 200: transcriptionRecordSchema.extend({ noteId: z.string().nullable() }), ...err },
      },
    },
    (req) => service.consumeTranscription(req.data, req.params.id, req.body ?? {}),
  );

  // Audio upload under the file id: one put, or multipart (start, parts, complete, abort).
  const sizeSchema = z.object({ size: z.number().int() });
  app.put(
    `${BASE}/audio/:id`,
    { config: writes, schema: { tags, params: idParams, body: audioBody, response: { 200: sizeSchema, ...err } } },
    (req) => audio.put(req.data, req.params.id, req.body),
  );
  app.post(
    `${BASE}/audio/:id/multipart`,
    {
      config: writes,
      schema: { tags, params: idParams, response: { 200: z.object({ uploadId: z.string() }), ...err } },
    },
    (req) => audio.start(req.data, req.params.id),
  );
  app.put(
    `${BASE}/audio/:id/multipart/:partNumber`,
    {
      config: writes,
      schema: {
        tags,
        params: idParams.extend({ partNumber: z.coerce.number().int().min(1).max(MAX_AUDIO_PARTS) }),
        body: audioBody,
        response: { 200: sizeSchema.extend({ partNumber: z.number().int() }), ...err },
      },
    },
    (req) => audio.part(req.data, req.params.id, req.params.partNumber, req.body),
  );
  app.post(
    `${BASE}/audio/:id/multipart/complete`,
    { config: writes, schema: { tags, params: idParams, response: { 200: sizeSchema, ...err } } },
    (req) => audio.complete(req.data, req.params.id),
  );
  app.delete(
    `${BASE}/audio/:id/multipart`,
    {
      config: writes,
      schema: { tags, params: idParams, response: { 200: z.object({ aborted: z.boolean() }), ...err } },
    },
    (req) => audio.abort(req.data, req.params.id),
  );
};
