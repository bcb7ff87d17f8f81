import { CLINICAL_DATA_ROLES, clinicalWrite, read } from '../../domain/route-access';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { chartNoteInputSchema, NOTE_INPUT_REFERENCE_TYPES } from '../../domain/chart-notes';
import { auditorOf } from '../audit/auditor';
import { actorOf } from '../auth/secure-plugin';
import { errorBody, type ZodApp } from '../http/validation';
import { chartNoteSchema, type NoteScope } from './repository';
import * as service from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const noteSchema = chartNoteSchema;
const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
  q: z.string().trim().max(100).optional(),
});

/** Chart notes (spec 1 §7): create, update, lists by patient / booking / kit / test result, latest draft. HTTP only. */
export function chartNoteRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.post('/secure/chartNote', { config: { ...clinicalWrite(CLINICAL_DATA_ROLES), idempotent: true }, schema: { tags: ['chart notes'], body: chartNoteInputSchema, response: { 201: noteSchema, ...err } } }, async (req, reply) => {
    const note = await service.createNote(pool, actorOf(req), auditorOf(req), req.body);
    reply.status(201);
    return note;
  });

  app.put('/secure/chartNote/:id', {
    config: clinicalWrite(CLINICAL_DATA_ROLES),
    schema: { tags: ['chart notes'], params: z.strictObject({ id: z.guid() }), body: chartNoteInputSchema, response: { 200: noteSchema, ...err } },
  }, (req) => service.updateNote(pool, actorOf(req), auditorOf(req), req.params.id, req.body));

  const list = (req: FastifyRequest & { params: { id: string }; query: z.output<typeof listQuery> }, by: NoteScope['by']) =>
    service.listNotes(pool, actorOf(req), auditorOf(req), { by, id: req.params.id }, req.query);
  const reads = read(CLINICAL_DATA_ROLES, { licenceBound: true });
  const listSchema = (id: z.ZodType<string, string>) => ({ tags: ['chart notes'], params: z.strictObject({ id }), querystring: listQuery,
    response: { 200: z.object({ items: z.array(noteSchema), total: z.number() }), ...err } });
  const ref = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
  app.get('/secure/chartNote/patient/:id', { config: reads, schema: listSchema(z.guid()) }, (req) => list(req, 'patient'));
  app.get('/secure/chartNote/booking/:id', { config: reads, schema: listSchema(ref) }, (req) => list(req, 'booking'));
  app.get('/secure/chartNote/kit/:id', { config: reads, schema: listSchema(ref) }, (req) => list(req, 'kit'));
  app.get('/secure/chartNote/testResult/:id', { config: reads, schema: listSchema(z.guid()) }, (req) => list(req, 'testResult'));

  /** The signed-in author's latest draft for a patient (and reference): the dialog loads it on opening. */
  app.get('/secure/chartNote/latestDraft', {
    config: read(CLINICAL_DATA_ROLES),
    schema: {
      tags: ['chart notes'],
      querystring: z.strictObject({ personId: z.guid(), referenceId: ref.optional(), referenceType: z.enum(NOTE_INPUT_REFERENCE_TYPES).optional() }),
      response: { 200: z.object({ draft: noteSchema.nullable() }), ...err },
    },
  }, (req) => service.latestDraft(pool, actorOf(req), auditorOf(req), req.query));
}
