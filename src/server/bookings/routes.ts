import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarQuerySchema, findBookingsSchema, tagSchema, updateStatusSchema } from '../../domain/bookings/bookings';
import { read, write } from '../../domain/shared/route-access';
import { createMailer } from '../adapters/mail';
import { ensureDemoDocuments } from '../db/seed/demo-documents';
import { sendCsv } from '../http/csv-export';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { createDocumentsCache } from './documents-cache';
import { bookingActionRoutes } from './routes-actions';
import { bookingDetailRoutes } from './routes-detail';
import { bookingIdentityRoutes } from './routes-identity';
import { errorBody } from '../http/validation';
import { bookingRowSchemas, calendarEventSchema, patientIdParam } from './schemas';
import * as service from './service';

const BASE = '/secure/booking/v1';
const tags = ['bookings'];
const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParam = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
const rowList = z.array(bookingRowSchemas.response);
/** What the status, tag and assignment writes answer. */
const writeResult = z.object({
  id: z.string(),
  bookingStatus: z.string().optional(),
  tagOrLabel: z.string().optional(),
  primaryClinicianId: z.string().optional(),
});
const members = read('members', { licenceBound: true });
const memberWrites = write('members', { licenceBound: true });

/**
 * Bookings (spec 2 §7), HTTP only: search and its export, calendar range, a patient's bookings, status, tag and
 * assignment here; the detail screen's reads and its actions in routes-detail.ts and routes-actions.ts. The rules are
 * in service*.ts and src/domain; the SQL and the access policy in repository*.ts (`req.data.bookings`).
 */
export const bookingRoutes: FastifyPluginAsync<service.BookingOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { config, storage } = opts;
  if (config.storage.kind === 'local' && config.mode === 'local') await ensureDemoDocuments(config.storage.root);
  bookingDetailRoutes(app, { calcomBaseUrl: config.bookingPublicUrl });
  bookingActionRoutes(app, { mailer: opts.mailer ?? createMailer(config), publicUrl: config.bookingPublicUrl });
  bookingIdentityRoutes(app, { storage, documents: opts.documents ?? createDocumentsCache() });

  app.post(
    `${BASE}/findBookings`,
    {
      config: { ...members, ...cachedFor(LIST_CACHE_MS) },
      schema: { tags, body: findBookingsSchema, response: { 200: z.object({ items: rowList, total: z.number() }), ...err } },
    },
    (req) => service.findBookings(req.data, req.body),
  );

  app.post(`${BASE}/findBookings/export`, { config: members, schema: { tags, body: findBookingsSchema } }, (req, reply) =>
    sendCsv(reply, 'bookings.csv', service.bookingsCsv(req.data, req.body)),
  );

  // The calendar's range is always given (a date, or from and to), so its answer does not follow the clock.
  app.get(
    `${BASE}/bookings`,
    {
      config: { ...members, ...cachedFor(LIST_CACHE_MS) },
      schema: { tags, querystring: calendarQuerySchema, response: { 200: z.union([rowList, z.array(calendarEventSchema)]), ...err } },
    },
    (req) => service.calendar(req.data, req.query),
  );

  app.get(
    `${BASE}/patient/bookings/:patientId`,
    { config: members, schema: { tags, params: patientIdParam, response: { 200: rowList, ...err } } },
    (req) => service.patientBookings(req.data, req.params.patientId),
  );

  app.patch(
    `${BASE}/updateStatus/:id`,
    {
      config: memberWrites,
      schema: { tags, params: idParam, body: updateStatusSchema, response: { 200: writeResult, ...err } },
    },
    (req) => service.updateStatus(req.data, req.params.id, req.body),
  );

  app.patch(
    `${BASE}/addTagOrLabel/:id`,
    { config: memberWrites, schema: { tags, params: idParam, body: tagSchema, response: { 200: writeResult, ...err } } },
    (req) => service.addTag(req.data, req.params.id, req.body.label),
  );

  // The body names the assignee the user saw (null or absent = unassigned): a change meanwhile is a 409.
  app.patch(
    `${BASE}/assignToMe/:id`,
    {
      config: write(['clinicians', 'super_admin'], { licenceBound: true }),
      schema: {
        tags,
        params: idParam,
        body: z.strictObject({ expectedClinicianId: z.guid().nullable().optional() }).nullish(),
        response: { 200: writeResult, ...err },
      },
    },
    (req) => service.assignToMe(req.data, req.params.id, req.body?.expectedClinicianId ?? null),
  );
};
