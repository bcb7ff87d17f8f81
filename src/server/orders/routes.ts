import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  orderListSchema,
  orderReportQuerySchema,
  orderReportSchema,
  ordersByStatusQuerySchema,
  orderStatusParamSchema,
  usersReportQuerySchema,
  usersReportSchema,
} from '../../domain/kits/kit-reports';
import { PRODUCT_ORDER_ROLES, read } from '../../domain/shared/route-access';
import { datedCsvName, sendCsv } from '../http/csv-export';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { errorBody } from '../http/validation';
import { orderReport, orderReportCsv, ordersByStatus, usersReport } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const reads = read(PRODUCT_ORDER_ROLES, { licenceBound: true });

/**
 * Orders report (spec 1 §2 Order Report), the dashboard's orders by status, the users report. HTTP only: the rules in
 * service.ts, the SQL, masking and audit in the repository (`req.data.orders`).
 */
export const orderRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/secure/report/orders',
    {
      config: { ...reads, ...cachedFor(LIST_CACHE_MS) },
      schema: { tags: ['orders'], querystring: orderReportQuerySchema, response: { 200: orderReportSchema, ...err } },
    },
    (req) => orderReport(req.data, req.query),
  );

  /** Streams every matching order as CSV in keyset pages of 1000 (never the whole table in memory), masked and audited like the list. */
  app.get(
    '/secure/report/orders/export',
    {
      config: reads,
      schema: { tags: ['orders'], querystring: orderReportQuerySchema.omit({ page: true, perPage: true }) },
    },
    (req, reply) => sendCsv(reply, datedCsvName('orders'), orderReportCsv(req.data, req.query.status)),
  );

  /** Orders by status (spec 1 §7; the dashboard's order rows): outside /secure in the spec, inside the secure scope here. */
  app.get(
    '/default/order/status/:status',
    {
      config: reads,
      schema: {
        tags: ['orders'],
        params: orderStatusParamSchema,
        querystring: ordersByStatusQuerySchema,
        response: { 200: orderListSchema, ...err },
      },
    },
    (req) => ordersByStatus(req.data, req.params.status, req.query),
  );

  /** Users report: each clinician with the lab requests and test results assigned to it. */
  app.get(
    '/secure/report/users',
    {
      config: read(PRODUCT_ORDER_ROLES),
      schema: { tags: ['orders'], querystring: usersReportQuerySchema, response: { 200: usersReportSchema, ...err } },
    },
    (req) => usersReport(req.data, req.query),
  );
};
