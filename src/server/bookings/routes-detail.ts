import { z } from 'zod';
import { clinicianSummaryQuerySchema, clinicianSummarySchema } from '../../domain/bookings/booking-summary';
import { PRODUCT_ORDER_ROLES, read } from '../../domain/shared/route-access';
import { errorBody, type ZodApp } from '../http/validation';
import { bookingDetailSchemas, catalogueSchema, errors, idParam, orderPaySummarySchema, orderSummarySchema, outboxSchema } from './schemas';
import * as service from './service-detail';

const BASE = '/secure/booking/v1';
const tags = ['bookings'];
const members = read('members', { licenceBound: true });

/** Reads of the booking detail screen (spec 2 §7), the store's catalogue and pay summary, and the clinician's summary. */
export function bookingDetailRoutes(app: ZodApp, { calcomBaseUrl }: { calcomBaseUrl: string }) {
  app.get(
    `${BASE}/get/:id`,
    { config: members, schema: { tags, params: idParam, response: { 200: bookingDetailSchemas.response, ...errors } } },
    (req) => service.bookingDetail(req.data, req.params.id, calcomBaseUrl),
  );

  app.get(
    `${BASE}/onboardStatus/:id`,
    {
      config: members,
      schema: { tags, params: idParam, response: { 200: z.object({ isOnboardTbd: z.union([z.boolean(), z.string()]) }), ...errors } },
    },
    (req) => service.onboardStatus(req.data, req.params.id),
  );

  app.get(
    `${BASE}/orderSummary/:id`,
    {
      config: read(PRODUCT_ORDER_ROLES, { licenceBound: true }),
      schema: { tags, params: idParam, response: { 200: orderSummarySchema, ...errors } },
    },
    (req) => service.bookingOrderSummary(req.data, req.params.id),
  );

  app.get(
    '/api/booking/orderPaySummary',
    {
      config: read(PRODUCT_ORDER_ROLES, { licenceBound: true }),
      schema: { tags: ['store'], querystring: idParam, response: { 200: orderPaySummarySchema, ...errors } },
    },
    (req) => service.orderPaySummary(req.data, req.query.id),
  );

  app.get(
    '/api/cms/bookingServices',
    {
      config: read('members'),
      schema: {
        tags: ['store'],
        querystring: z.strictObject({
          stateCode: z
            .string()
            .regex(/^[A-Z]{2}$/, 'stateCode is not valid')
            .optional(),
        }),
        response: { 200: catalogueSchema, ...errors },
      },
    },
    (req) => service.bookingServices(req.data, req.query.stateCode),
  );

  app.get(`${BASE}/outbox/:id`, { config: members, schema: { tags, params: idParam, response: { 200: outboxSchema, ...errors } } }, (req) =>
    service.outbox(req.data, req.params.id),
  );

  app.get(
    `${BASE}/summaryForClinician`,
    {
      config: read(['clinicians', 'super_admin'], { licenceBound: true }),
      schema: {
        tags,
        querystring: clinicianSummaryQuerySchema,
        response: { 200: clinicianSummarySchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    (req) => service.clinicianSummary(req.data),
  );
}
