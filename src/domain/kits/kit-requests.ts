import { z } from 'zod';
import { LAB_NAMES, SHIPPING_PROVIDERS } from '../shared/constants';
import { careLocationSchema, panelTestSpecificationSchema } from './kit-compendium';
import { KIT_TEXTS } from '../i18n/en/kit';
import { kitIdSchema } from '../lab/lab-api';
import { KIT_STATUSES } from '../shared/statuses';
import { COLLECTION_IN_FUTURE_TEXT } from '../i18n/en/lab-wizard';

/** Request shapes of the kit and lab order routes (spec 1 §5, §7; spec 2 §3), shared by the server and the portal. */

// ---------------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------------

export const MAX_KITS_PER_ACTION = 500;

/** kitIds as the portal sends them: one comma-joined string (an array is accepted too). Deduplicated, each a valid kit id. */
export const kitIdListSchema = (emptyMessage: string) =>
  z.union([z.string().max(25_000), z.array(z.string().max(100)).max(MAX_KITS_PER_ACTION)], { error: emptyMessage }).transform((value, ctx) => {
    const ids = [...new Set((Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter(Boolean))];
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: emptyMessage });
    if (ids.length > MAX_KITS_PER_ACTION) ctx.addIssue({ code: 'custom', message: `at most ${MAX_KITS_PER_ACTION} kits at a time` });
    for (const id of ids) {
      if (!kitIdSchema.safeParse(id).success) ctx.addIssue({ code: 'custom', message: `${KIT_TEXTS.kitIdInvalid}: ${id.slice(0, 40)}` });
    }
    return ids;
  });

const commentSchema = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(2000);

export const cancelLabOrdersSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.selectToCancel),
  comment: commentSchema(KIT_TEXTS.commentForCancellation),
  careLocation: careLocationSchema.optional(),
});
export const approveLabOrderSamplesSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.selectToApprove),
  comment: commentSchema(KIT_TEXTS.commentForApproval),
  careLocation: careLocationSchema.optional(),
});

/** A carrier tracking number: letters and digits (spaces and dashes are dropped), 8 to 40 characters. */
export const trackingNumberSchema = z
  .string({ error: KIT_TEXTS.trackingNumberRequired })
  .trim()
  .min(1, { error: KIT_TEXTS.trackingNumberRequired })
  .max(60, { error: KIT_TEXTS.trackingNumberInvalid })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8,40}$/, { error: KIT_TEXTS.trackingNumberInvalid }));

export const updateLabOrderWithShippingManifestSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.selectForManifest),
  shipManifestId: trackingNumberSchema,
  provider: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(SHIPPING_PROVIDERS, { error: KIT_TEXTS.providerRequired }),
  ),
  comment: commentSchema(KIT_TEXTS.comment).default(KIT_TEXTS.manifestComment),
  careLocation: careLocationSchema.optional(),
});
export const confirmLabOrderShippingManifestSchema = z.strictObject({
  kitIds: kitIdListSchema(KIT_TEXTS.noneToConfirm),
  comment: commentSchema(KIT_TEXTS.comment),
  careLocation: careLocationSchema.optional(),
});

export const kitActionResultSchema = z.object({
  kitIds: z.array(z.string()),
  status: z.string(),
  count: z.number().int(),
  manifestId: z.string().optional(),
  message: z.string(),
});

/** A sample collection time must not lie in the future; this much clock skew is tolerated. */
export const COLLECTION_CLOCK_SKEW_MS = 5 * 60_000;
/** Whether a collection time (epoch seconds) lies in the future: the wizard's check and the server's (labOrderRequestSchema). */
export const collectionInFuture = (epochSec: number, nowMs: number) => epochSec * 1000 > nowMs + COLLECTION_CLOCK_SKEW_MS;

const EARLIEST_EPOCH = Date.UTC(2015, 0, 1) / 1000;
const epochSecSchema = z
  .number()
  .int()
  .min(EARLIEST_EPOCH, 'must be a time after 2015 in epoch seconds')
  .refine((v) => v <= Date.now() / 1000 + 86_400, 'must not be more than a day in the future');

/** POST /secure/kit/labOrderRequest (spec 1 §7, spec 2 §3). clinicianId is accepted but the ordering clinician is the caller. */
export const labOrderRequestSchema = z
  .strictObject({
    reqEpochSec: epochSecSchema,
    collectionEpochSec: epochSecSchema.refine((v) => !collectionInFuture(v, Date.now()), COLLECTION_IN_FUTURE_TEXT),
    patientId: z.guid('patientId must be a patient id'),
    clinicianId: z.string().max(100).nullable().optional(),
    labName: z.enum(LAB_NAMES),
    refId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'refId is not valid')
      .optional(),
    refIdType: z.enum(['BOOKING_ID']).optional(),
    careLocation: careLocationSchema,
    panelTestSpecifications: z.array(panelTestSpecificationSchema, { error: KIT_TEXTS.selectTests }).min(1, KIT_TEXTS.selectTests).max(50),
  })
  .refine((b) => (b.refId === undefined) === (b.refIdType === undefined), { message: 'refId and refIdType go together', path: ['refId'] });
export type LabOrderRequest = z.infer<typeof labOrderRequestSchema>;

export const labOrderCreatedSchema = z.object({ kitId: z.string(), status: z.string(), requisitionId: z.string(), panelName: z.string() });

/** Paging of the kit, manifest and order lists. */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
};

export const kitStatusParamSchema = z.strictObject({ status: z.enum(KIT_STATUSES) });
export const kitListQuerySchema = z.strictObject({
  careLocation: z.union([z.literal('ALL'), careLocationSchema]).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageFields,
  sort: z.enum(['created', 'kitId']).default('created'),
  order: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .default('DESC')
    .transform((v) => v.toUpperCase() as 'ASC' | 'DESC'),
});
export type KitListQuery = z.infer<typeof kitListQuerySchema>;
export const patientKitsQuerySchema = z.strictObject({ ...pageFields });
