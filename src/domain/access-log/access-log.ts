import { z } from 'zod';
import { restListQuery } from '../shared/rest-list';

/**
 * The PHI access log: who read or changed which patient's data, when, from where and through which API
 * route, over the audit table. Only auditors and super admins read it, and reading it is itself audited.
 */
export { ACCESS_LOG_ROLES } from '../shared/roles';

export const ACCESS_LOG_PAGE_SIZE = 50;
/** Most rows one CSV export carries (narrow the filters for more). */
export const ACCESS_LOG_EXPORT_LIMIT = 50_000;
export const ACCESS_LOG_OUTCOMES = ['SUCCESS', 'DENIED', 'FAILED'] as const;

const text = z.string().trim().max(200).optional();
const instant = z.iso.datetime({ offset: true }).optional();

/** Filters of the log: user (sub), patient, record id, action, outcome, a time window; newest first by default. */
export const accessLogFilterSchema = z.strictObject({
  actorSub: text,
  patientId: z.guid().optional(),
  entityId: text,
  action: text,
  outcome: z.enum(ACCESS_LOG_OUTCOMES).optional(),
  /** Only the requests that read a patient through a break-glass session (or only the others). */
  breakGlass: z.enum(['true', 'false']).optional(),
  from: instant,
  to: instant,
});
export type AccessLogFilter = z.infer<typeof accessLogFilterSchema>;

/** The log's list: the filters above as its filter, newest first unless sorted by `at` ASC, at most 500 rows a request. */
export const accessLogQuerySchema = restListQuery({
  filter: accessLogFilterSchema,
  sort: ['at'],
  defaultSort: ['at', 'DESC'],
  maxRows: 500,
  defaultRows: ACCESS_LOG_PAGE_SIZE,
});
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

export const accessLogRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorSub: z.string(),
  /** The user's name: a clinician's profile, else the name their token gave when they last opened the portal; else null (the sub identifies them). */
  actorName: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  route: z.string().nullable(),
  entityType: z.string().nullable(),
  entityIds: z.array(z.string()),
  patientIds: z.array(z.string()),
  outcome: z.enum(ACCESS_LOG_OUTCOMES),
  statusCode: z.number().int().nullable(),
  clientIp: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Position in the hash chain (null for the last second's rows, not sealed yet). */
  chainSeq: z.string().nullable(),
  /** The request read a patient through a break-glass session. */
  breakGlass: z.boolean(),
});
export type AccessLogRow = z.infer<typeof accessLogRowSchema>;

export const chainStatusSchema = z.object({
  ok: z.boolean(),
  /** "verified up to row N …" or the first broken row, in words. */
  description: z.string(),
  verifiedRows: z.number().int(),
  brokenRowId: z.number().int().nullable(),
  checkedAt: z.string(),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

/**
 * Rows counted at most for a list's total: beyond this the list pages on without a total (Content-Range total `*`
 * while more rows follow), so an unfiltered open of a large log never counts the whole table (react-admin's partial
 * pagination).
 */
export const ACCESS_LOG_COUNT_CAP = 10_000;

/**
 * The chain as the sealer left it, without verifying it (cheap: the page shows it on open): how far it is sealed,
 * how many rows wait for the sealer, and the last on-demand verification (when, by whom, its result).
 */
export const chainSummarySchema = z.object({
  sealedRows: z.number().int(),
  unsealed: z.number().int(),
  lastVerification: z
    .object({
      at: z.string(),
      ok: z.boolean(),
      verifiedRows: z.number().int().nullable(),
      bySub: z.string(),
      byName: z.string().nullable(),
    })
    .nullable(),
});
export type ChainSummary = z.infer<typeof chainSummarySchema>;

/** What a row means for people: the request method and route in words when there is no better description. */
export function describeAccess(row: Pick<AccessLogRow, 'action' | 'entityType' | 'method' | 'route'>): string {
  const what = row.entityType ? `${row.action.toLowerCase().replace(/_/g, ' ')} ${row.entityType.replace(/_/g, ' ')}` : row.action;
  return row.route ? `${what} (${row.method} ${row.route})` : what;
}
