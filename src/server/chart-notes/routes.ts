import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chartNoteInputSchema, NOTE_INPUT_REFERENCE_TYPES } from '../../domain/chart-notes/chart-notes';
import { CLINICAL_DATA_ROLES, clinicalWrite, read } from '../../domain/shared/route-access';
import { errorBody } from '../http/validation';
import { chartNoteSchema } from './repository';
import * as service from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['chart notes'];
const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
});
const ref = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const reads = read(CLINICAL_DATA_ROLES, { licenceBound: true });
const listSchema = <I extends z.ZodType<string, string>>(id: I) => ({
  tags,
  params: z.strictObject({ id }),
  querystring: listQuery,
  response: { 200: z.object({ items: z.array(chartNoteSchema), total: z.number() }), ...err },
});

/** Chart notes (spec 1 §7): create, update, lists by patient / booking / kit / test result, latest draft. HTTP only. */
export const chartNoteRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/secure/chartNote',
    {
      config: { ...clinicalWrite(CLINICAL_DATA_ROLES), idempotent: true },
      schema: { tags, body: chartNoteInputSchema, response: { 201: chartNoteSchema, ...err } },
    },
    async (req, reply) => reply.status(201).send(await service.createNote(req.data, req.body)),
  );

  app.put(
    '/secure/chartNote/:id',
    {
      config: clinicalWrite(CLINICAL_DATA_ROLES),
      schema: { tags, params: z.strictObject({ id: z.guid() }), body: chartNoteInputSchema, response: { 200: chartNoteSchema, ...err } },
    },
    (req) => service.updateNote(req.data, req.params.id, req.body),
  );

  app.get('/secure/chartNote/patient/:id', { config: reads, schema: listSchema(z.guid()) }, (req) =>
    req.data.chartNotes.list({ by: 'patient', id: req.params.id }, req.query),
  );
  app.get('/secure/chartNote/booking/:id', { config: reads, schema: listSchema(ref) }, (req) =>
    req.data.chartNotes.list({ by: 'booking', id: req.params.id }, req.query),
  );
  app.get('/secure/chartNote/kit/:id', { config: reads, schema: listSchema(ref) }, (req) =>
    req.data.chartNotes.list({ by: 'kit', id: req.params.id }, req.query),
  );
  app.get('/secure/chartNote/testResult/:id', { config: reads, schema: listSchema(z.guid()) }, (req) =>
    req.data.chartNotes.list({ by: 'testResult', id: req.params.id }, req.query),
  );

  /** The signed-in author's latest draft for a patient (and reference): the dialog loads it on opening. */
  app.get(
    '/secure/chartNote/latestDraft',
    {
      config: read(CLINICAL_DATA_ROLES),
      schema: {
        tags,
        querystring: z.strictObject({
          personId: z.guid(),
          referenceId: ref.optional(),
          referenceType: z.enum(NOTE_INPUT_REFERENCE_TYPES).optional(),
        }),
        response: { 200: z.object({ draft: chartNoteSchema.nullable() }), ...err },
      },
    },
    (req) => req.data.chartNotes.latestDraft(req.query),
  );
};
