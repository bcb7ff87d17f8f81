import { z } from 'zod';
import { careLocationSchema } from './kit-compendium';
import { pageFields } from './kit-requests';
import { ORDER_STATUSES } from '../shared/statuses';

/** Shipping manifests, the order report and the users report (spec 1 §2, §3 "Order", §7): queries and answers. */

// Shipping manifests --------------------------------------------------------------------------------------------

/** A date range whose From is not after its To (either may be open); the portal checks it before asking. */
export const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const manifestIdSchema = z.string().regex(/^MF-[A-Z0-9-]{3,40}$/, 'manifest id is not valid');
export const manifestsQuerySchema = z
  .strictObject({
    from: z.iso.date('from must be a date (yyyy-mm-dd)').optional(),
    to: z.iso.date('to must be a date (yyyy-mm-dd)').optional(),
    careLocation: z.union([z.literal('ALL'), careLocationSchema]).optional(),
    /** The portal's react-admin list sends its sort: manifests sort by creation only, newest first by default. */
    sort: z.literal('createdAt').optional(),
    order: z.enum(['ASC', 'DESC']).optional(),
    ...pageFields,
  })
  .refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });
export type ManifestsQuery = z.infer<typeof manifestsQuerySchema>;

export const manifestRowSchema = z.object({
  id: z.string(),
  trackingNumber: z.string(),
  provider: z.string(),
  careLocation: z.string().nullable(),
  careLocationCode: z.string(),
  comment: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
  kitIds: z.array(z.string()),
  kitCount: z.number().int(),
});
export type ManifestRow = z.infer<typeof manifestRowSchema>;
export const manifestListSchema = z.object({ items: z.array(manifestRowSchema), total: z.number().int() });

// Orders (order report, spec 1 §3 "Order"; dashboard order row) ----------------------------------------------------

export const orderStatusParamSchema = z.strictObject({ status: z.enum(ORDER_STATUSES) });
export const orderReportQuerySchema = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  /** The portal's react-admin list sends its sort: orders sort by creation only, newest first. */
  sort: z.literal('createDateTime').optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
  ...pageFields,
});
export type OrderReportQuery = z.infer<typeof orderReportQuerySchema>;
export const ordersByStatusQuerySchema = z.strictObject({
  careLocation: z.union([z.literal('ALL'), careLocationSchema]).optional(),
  ...pageFields,
});

export const orderAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  city: z.string().nullable(),
  province_code: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
});
export const orderReportRowSchema = z.object({
  orderId: z.string(),
  kitId: z.string().nullable(),
  status: z.string(),
  address: orderAddressSchema.nullable(),
  inboundTracking: z.string().nullable(),
  outboundTracking: z.string().nullable(),
  orderEmail: z.string(),
  patientUser: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phoneNumber: z.string().nullable() }).nullable(),
  createDateTime: z.string(),
  masked: z.boolean(),
});
export type OrderReportRow = z.infer<typeof orderReportRowSchema>;
export const orderReportSchema = z.object({ items: z.array(orderReportRowSchema), total: z.number().int() });

export const orderRowSchema = z.object({
  orderId: z.string(),
  orderStatus: z.string(),
  orderCreateDate: z.string(),
  email: z.string(),
  vendor: z.string(),
  careLocation: z.string(),
  kitId: z.string().nullable(),
  createDateTime: z.string(),
  masked: z.boolean(),
});
export const orderListSchema = z.object({ items: z.array(orderRowSchema), total: z.number().int() });

export const usersReportRowSchema = z.object({
  clinicianId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.string(),
  state: z.string().nullable(),
  assignedLabRequests: z.number().int(),
  openLabRequests: z.number().int(),
  assignedTestResults: z.number().int(),
  resultsNeedingReview: z.number().int(),
});
export const usersReportSchema = z.object({ items: z.array(usersReportRowSchema), total: z.number().int() });
export const usersReportQuerySchema = z.strictObject({ ...pageFields });
