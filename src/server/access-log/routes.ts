import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { z } from 'zod';
import {
  ACCESS_LOG_EXPORT_LIMIT, ACCESS_LOG_ROLES, ACCESS_LOG_TEXTS, accessLogFilterSchema, accessLogPageSchema, accessLogQuerySchema,
  chainStatusSchema, chainSummarySchema,
} from '../../domain/access-log';
import { csvLine } from '../../domain/csv';
import { read } from '../../domain/route-access';
import { writeAudit } from '../audit/audit';
import { describeAuditChain, verifyAuditChain } from '../audit/chain';
import { badRequest, notFound } from '../errors';
import { errorBody } from '../http/validation';
import { disclosuresPdf } from './disclosures-pdf';
import * as repo from './repository';
import { datedCsvName, sendCsv } from '../http/csv-export';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['access-log'];
/** Auditors and super admins only; reading the log is itself a read (auditors may) and is audited. */
const reads = read(ACCESS_LOG_ROLES);
const CSV_HEADER = ['Time (UTC)', 'User', 'User name', 'Action', 'Method', 'Route', 'Record type', 'Records', 'Patients', 'Outcome', 'Status', 'From', 'User agent', 'Chain position', 'Break-glass'];

/**
 * The PHI access log: the audit table paged and filtered, its CSV export, the hash chain's status and a
 * patient's accounting of disclosures as a PDF. SQL in repository.ts; filters and texts in src/domain/access-log.ts.
 */
export const accessLogRoutes: FastifyPluginAsync<{ pool: Pool }> = async (plugin, { pool }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get('/secure/auditLog', {
    config: reads,
    schema: { tags, querystring: accessLogQuerySchema, response: { 200: accessLogPageSchema, ...err } },
  }, async (req) => {
    const { rows, total, hasNextPage } = await repo.findAccessLog(pool, req.query);
    await writeAudit(pool, req, { action: 'READ', entityType: 'audit_log', entityId: req.query.patientId ?? null, outcome: 'SUCCESS' });
    return { items: rows, total, hasNextPage };
  });

  /** The chain as the sealer left it and the last verification: what the page shows on open (it verifies on demand). */
  app.get('/secure/auditLog/chain/summary', {
    config: reads, schema: { tags, response: { 200: chainSummarySchema, ...err } },
  }, async (req) => {
    const summary = await repo.chainSummary(pool);
    await writeAudit(pool, req, { action: 'READ', entityType: 'audit_chain', outcome: 'SUCCESS' });
    return summary;
  });

  app.get('/secure/auditLog/export', {
    config: reads, schema: { tags, querystring: accessLogFilterSchema.extend({ sort: z.string().optional(), order: z.string().optional() }) },
  }, async (req, reply) => {
    const { sort: _sort, order: _order, ...filter } = req.query;
    const total = await repo.countAccessLog(pool, filter);
    if (total > ACCESS_LOG_EXPORT_LIMIT) throw badRequest(ACCESS_LOG_TEXTS.exportTooMany.replace('%{limit}', String(ACCESS_LOG_EXPORT_LIMIT)));
    await writeAudit(pool, req, { action: 'EXPORT', entityType: 'audit_log', entityId: filter.patientId ?? null, outcome: 'SUCCESS' });
    const rows = repo.accessLogRows(pool, filter, ACCESS_LOG_EXPORT_LIMIT);
    const lines = (async function* () {
      yield csvLine(CSV_HEADER);
      for await (const r of rows) {
        yield csvLine([r.at, r.actorSub, r.actorName, r.action, r.method, r.route, r.entityType, r.entityIds.join(' '),
          r.patientIds.join(' '), r.outcome, r.statusCode, r.clientIp, r.userAgent, r.chainSeq, r.breakGlass ? 'yes' : '']);
      }
    })();
    return sendCsv(reply, datedCsvName('phi-access-log'), lines);
  });

  /**
   * On demand ("Verify chain"): seals what is committed, then checks every link: "verified up to row N" or the first
   * broken row. Its audit row keeps the result (outcome FAILED when broken, the rows verified as its record id): the
   * summary's last verification.
   */
  app.get('/secure/auditLog/chain', {
    config: reads, schema: { tags, response: { 200: chainStatusSchema, ...err } },
  }, async (req) => {
    const status = await verifyAuditChain(pool);
    await writeAudit(pool, req, { action: 'VERIFY', entityType: 'audit_log', entityId: String(status.rows), outcome: status.ok ? 'SUCCESS' : 'FAILED' });
    return {
      ok: status.ok,
      description: describeAuditChain(status),
      verifiedRows: status.rows,
      brokenRowId: status.ok ? null : status.rowId,
      checkedAt: new Date().toISOString(),
    };
  });

  /** A patient's accounting of disclosures (HIPAA §164.528), oldest first, as a PDF. */
  app.get('/secure/auditLog/disclosures/:patientId', {
    config: reads, schema: { tags, params: z.strictObject({ patientId: z.guid() }) },
  }, async (req, reply) => {
    const { patientId } = req.params;
    const name = await repo.patientName(pool, patientId);
    if (name === null) throw notFound('patient not found');
    await writeAudit(pool, req, { action: 'READ', entityType: 'disclosures', entityId: patientId, patientId, outcome: 'SUCCESS' });
    const pdf = await disclosuresPdf({ id: patientId, name }, repo.accessLogRows(pool, { patientId }, ACCESS_LOG_EXPORT_LIMIT));
    return reply.header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="disclosures-${patientId}.pdf"`).send(Buffer.from(pdf));
  });
};
