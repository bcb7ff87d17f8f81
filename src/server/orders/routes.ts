import { PRODUCT_ORDER_ROLES, read } from '../../domain/route-access';
import type { Pool } from 'pg';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { orderListSchema, orderReportQuerySchema, orderReportSchema, ordersByStatusQuerySchema, orderStatusParamSchema, usersReportQuerySchema, usersReportSchema } from '../../domain/kit-reports';
import { auditorOf } from '../audit/auditor';
import { assertProductOrderAccess } from '../auth/access';
import { actorOf } from '../auth/secure-plugin';
import { errorBody, type ZodApp } from '../http/validation';
import { orderReport, orderReportCsv, ordersByStatus, usersReport } from './service';
import { datedCsvName, sendCsv } from '../http/csv-export';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Orders report (spec 1 §2 Order Report), the dashboard's orders by status, the users report: HTTP only (SQL in repository.ts). */
export function orderRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  const reads = read(PRODUCT_ORDER_ROLES, { licenceBound: true });

  app.get('/secure/report/orders', {
    config: { ...reads, ...cachedFor(LIST_CACHE_MS) },
    schema: { tags: ['orders'], querystring: orderReportQuerySchema, response: { 200: orderReportSchema, ...err } },
  }, (req) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    return orderReport(pool, actor, auditorOf(req), req.query);
  });

  /** Streams every matching order as CSV in keyset pages of 1000 (never the whole table in memory), masked and audited like the list. */
  app.get('/secure/report/orders/export', {
    config: reads,
    schema: { tags: ['orders'], querystring: orderReportQuerySchema.omit({ page: true, perPage: true }) },
  }, (req, reply) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    return sendCsv(reply, datedCsvName('orders'), orderReportCsv(pool, actor, auditorOf(req), req.query.status));
  });

  /** Orders by status (spec 1 §7; the dashboard's order rows): outside /secure in the spec, inside the secure scope here. */
  app.get('/default/order/status/:status', {
    config: reads,
    schema: { tags: ['orders'], params: orderStatusParamSchema, querystring: ordersByStatusQuerySchema, response: { 200: orderListSchema, ...err } },
  }, (req) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    const { status } = req.params;
    return ordersByStatus(pool, actor, auditorOf(req), status, req.query);
  });

  /** Users report: each clinician with the lab requests and test results assigned to it. */
  app.get('/secure/report/users', {
    config: read(PRODUCT_ORDER_ROLES),
    schema: { tags: ['orders'], querystring: usersReportQuerySchema, response: { 200: usersReportSchema, ...err } },
  }, (req) => {
    assertProductOrderAccess(actorOf(req));
    return usersReport(pool, auditorOf(req), req.query);
  });
}
