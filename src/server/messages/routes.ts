import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicalWrite, read } from '../../domain/shared/route-access';
import type { Role } from '../../domain/shared/roles';
import {
  annotationSchema,
  messageDetailSchema,
  messageListQuerySchema,
  messageRowSchema,
  messageSchema,
  MESSAGE_STATUSES,
  outgoingMessageSchema,
  recipientQuerySchema,
  recipientSchema,
  replySchema,
} from '../../domain/messages/secure-messages';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { datedCsvName, sendCsv } from '../http/csv-export';
import { errorBody } from '../http/validation';
import { messageListCsv } from './list-export';
import type { ListKind } from './repository-sql';
import * as service from './service';

const BASE = '/secure/message';
const tags = ['messages'];
const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** Every list and message is patient data limited to a licence-bound clinician's valid licence states. */
const reads = read('members', { licenceBound: true });
/** The lists and the new-message count are answered again to the same Actor until a change (a read mark included). */
const listReads = { ...reads, ...cachedFor(LIST_CACHE_MS) };
/** Writing to a patient: clinicians and super admins (reply rights decide per thread); auditors never write. */
const SENDERS: readonly Role[] = ['clinicians', 'super_admin'];
/** Sent - Other Clinicians: super admin and auditor only (spec 3 §2, §6). */
const OVERSEERS: readonly Role[] = ['super_admin', 'auditor_read_only'];
const idParams = z.strictObject({ id: z.guid('id is not a message id') });
const page = z.object({ items: z.array(messageRowSchema), total: z.number().int() });

/**
 * Secure messages (spec 3 §7, base /secure/message): inbox, sent, sent by other clinicians, new-message count, one
 * message by id and by inbox id, annotations, send to a patient, reply, and the compose screen's recipient search.
 * HTTP only: the rules are in service.ts and src/domain/messages/secure-messages.ts; the SQL in repository.ts.
 */
export const messageRoutes: FastifyPluginAsync<service.MessageDeps> = async (plugin, deps) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const list = (req: FastifyRequest, kind: ListKind, q: z.output<typeof messageListQuerySchema>) => req.data.messages.list(kind, q);

  app.get(BASE, { config: listReads, schema: { tags, querystring: messageListQuerySchema, response: { 200: page, ...err } } }, (req) =>
    list(req, 'inbox', req.query),
  );
  app.get(`${BASE}/sent`, { config: listReads, schema: { tags, querystring: messageListQuerySchema, response: { 200: page, ...err } } }, (req) =>
    list(req, 'sent', req.query),
  );
  app.get(
    `${BASE}/sent/otherClinicians`,
    {
      config: { ...read(OVERSEERS, { licenceBound: true }), ...cachedFor(LIST_CACHE_MS) },
      schema: { tags, querystring: messageListQuerySchema, response: { 200: page, ...err } },
    },
    (req) => list(req, 'others', req.query),
  );
  // The patient profile's Message tab (spec 3 §7 "patient inbox by patientId").
  app.get(
    `${BASE}/patient`,
    {
      config: listReads,
      schema: {
        tags,
        querystring: messageListQuerySchema.extend({ patientId: z.guid('patientId is not a patient id') }),
        response: { 200: page, ...err },
      },
    },
    (req) => list(req, { patientId: req.query.patientId }, req.query),
  );

  /** Each list's full export (CSV of every row matching its toggles; spec 3 §9), with the list's roles. */
  const exportList = (
    req: FastifyRequest,
    reply: FastifyReply,
    kind: ListKind,
    q: Omit<z.output<typeof messageListQuerySchema>, 'page' | 'perPage'>,
  ) => sendCsv(reply, datedCsvName('messages'), messageListCsv(req.data.messages, kind, q));
  const exportQuery = messageListQuerySchema.omit({ page: true, perPage: true });
  app.get(`${BASE}/export`, { config: reads, schema: { tags, querystring: exportQuery } }, (req, reply) =>
    exportList(req, reply, 'inbox', req.query),
  );
  app.get(`${BASE}/sent/export`, { config: reads, schema: { tags, querystring: exportQuery } }, (req, reply) =>
    exportList(req, reply, 'sent', req.query),
  );
  app.get(
    `${BASE}/sent/otherClinicians/export`,
    { config: read(OVERSEERS, { licenceBound: true }), schema: { tags, querystring: exportQuery } },
    (req, reply) => exportList(req, reply, 'others', req.query),
  );
  app.get(
    `${BASE}/patient/export`,
    {
      config: reads,
      schema: { tags, querystring: exportQuery.extend({ patientId: z.guid('patientId is not a patient id') }) },
    },
    (req, reply) => exportList(req, reply, { patientId: req.query.patientId }, req.query),
  );

  app.get(`${BASE}/new/count`, { config: listReads, schema: { tags, response: { 200: z.object({ count: z.number().int() }), ...err } } }, (req) =>
    req.data.messages.newCount(),
  );

  app.get(
    `${BASE}/recipients`,
    {
      config: read(SENDERS, { licenceBound: true }),
      schema: { tags, querystring: recipientQuerySchema, response: { 200: z.array(recipientSchema), ...err } },
    },
    (req) => req.data.messages.recipients(req.query),
  );

  app.get(`${BASE}/inbox/:id`, { config: reads, schema: { tags, params: idParams, response: { 200: messageDetailSchema, ...err } } }, (req) =>
    service.getMessage(req.data, req.params.id, true),
  );
  app.get(`${BASE}/:id`, { config: reads, schema: { tags, params: idParams, response: { 200: messageDetailSchema, ...err } } }, (req) =>
    service.getMessage(req.data, req.params.id, false),
  );

  app.post(
    `${BASE}/addAnnotationToMsgs`,
    {
      config: clinicalWrite('members'),
      schema: {
        tags,
        body: annotationSchema,
        response: { 200: z.object({ msgIds: z.array(z.string()), status: z.enum(MESSAGE_STATUSES) }), ...err },
      },
    },
    (req) => service.annotate(req.data, req.body),
  );

  // Sending twice by a double click or a lost answer: a repeated Idempotency-Key gets the first answer.
  const sends = { config: { ...clinicalWrite(SENDERS), idempotent: true } };
  for (const path of [`${BASE}/patient`, `${BASE}/v2/toPatient`]) {
    app.post(path, { ...sends, schema: { tags, body: outgoingMessageSchema, response: { 201: messageSchema, ...err } } }, async (req, reply) => {
      reply.status(201);
      return service.sendToPatient(deps, req.data, req.body);
    });
  }
  app.post(
    `${BASE}/reply/:id`,
    { ...sends, schema: { tags, params: idParams, body: replySchema, response: { 201: messageSchema, ...err } } },
    async (req, reply) => {
      reply.status(201);
      return service.reply(deps, req.data, req.params.id, req.body);
    },
  );
};
