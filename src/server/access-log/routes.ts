import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_LOG_ROLES,
  accessLogRowSchema,
  accessLogQuerySchema,
  chainStatusSchema,
  chainSummarySchema,
  type AccessLogRow,
} from '../../domain/access-log/access-log';
import { csvLine } from '../../domain/shared/csv';
import { read } from '../../domain/shared/route-access';
import { describeAuditChain } from '../audit/chain';
import { withContentRange } from '../http/content-range';
import { errorBody } from '../http/validation';
import { disclosuresPdf } from './disclosures-pdf';
import { datedCsvName, sendCsv } from '../http/csv-export';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['access-log'];
/** Auditors and super admins only; reading the log is itself a read (auditors may) and is audited. */
const reads = read(ACCESS_LOG_ROLES);
const CSV_HEADER = [
  'Time (UTC)',
  'User',
  'User name',
  'Action',
  'Method',
  'Route',
  'Record type',
  'Records',
  'Patients',
  'Outcome',
  'Status',
  'From',
  'User agent',
  'Chain position',
  'Break-glass',
];

/**
 * The PHI access log: the audit table paged and filtered (the simple REST list conventions, domain/shared/rest-list.ts), its CSV export, the hash chain's status and a
 * patient's accounting of disclosures as a PDF. HTTP only: the SQL and the audit of each read in repository.ts; filters and texts in src/domain/access-log/access-log.ts.
 */
export const accessLogRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/secure/auditLog',
    {
      config: reads,
      schema: { tags, querystring: accessLogQuerySchema, response: { 200: z.array(accessLogRowSchema), ...err } },
    },
    async (req, reply) => withContentRange(reply, await req.data.accessLog.page(req.query), req.query.first),
  );

  /** The chain as the sealer left it and the last verification: what the page shows on open (it verifies on demand). */
  app.get(
    '/secure/auditLog/chain/summary',
    {
      config: reads,
      schema: { tags, response: { 200: chainSummarySchema, ...err } },
    },
    (req) => req.data.accessLog.chainSummary(),
  );

  app.get(
    '/secure/auditLog/export',
    {
      config: reads,
      // The list's own query: the same filter reads the same rows; the export writes them all in the order written.
      schema: { tags, querystring: accessLogQuerySchema },
    },
    async (req, reply) => sendCsv(reply, datedCsvName('phi-access-log'), csvOf(await req.data.accessLog.export(req.query.filter))),
  );

  /** On demand ("Verify chain"): "verified up to row N" or the first broken row. */
  app.get(
    '/secure/auditLog/chain',
    {
      config: reads,
      schema: { tags, response: { 200: chainStatusSchema, ...err } },
    },
    async (req) => {
      const status = await req.data.accessLog.verifyChain();
      return {
        ok: status.ok,
        description: describeAuditChain(status),
        verifiedRows: status.rows,
        brokenRowId: status.ok ? null : status.rowId,
        checkedAt: new Date().toISOString(),
      };
    },
  );

  /** A patient's accounting of disclosures (HIPAA §164.528), oldest first, as a PDF. */
  app.get(
    '/secure/auditLog/disclosures/:patientId',
    {
      config: reads,
      schema: { tags, params: z.strictObject({ patientId: z.guid() }) },
    },
    async (req, reply) => {
      const { patientId } = req.params;
      const { name, rows } = await req.data.accessLog.disclosures(patientId);
      const pdf = await disclosuresPdf({ id: patientId, name }, rows);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="disclosures-${patientId}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};

/** The export's lines: the header, then one line per row. */
async function* csvOf(rows: AsyncIterable<AccessLogRow>) {
  yield csvLine(CSV_HEADER);
  for await (const r of rows) {
    yield csvLine([
      r.at,
      r.actorSub,
      r.actorName,
      r.action,
      r.method,
      r.route,
      r.entityType,
      r.entityIds.join(' '),
      r.patientIds.join(' '),
      r.outcome,
      r.statusCode,
      r.clientIp,
      r.userAgent,
      r.chainSeq,
      r.breakGlass ? 'yes' : '',
    ]);
  }
}
