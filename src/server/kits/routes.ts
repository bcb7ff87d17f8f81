import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLINICAL_DATA_ROLES, clinicalWrite, PRODUCT_ORDER_ROLES, read, write } from '../../domain/shared/route-access';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { z } from 'zod';
import {
  approveLabOrderSamplesSchema,
  cancelLabOrdersSchema,
  compendiumEntrySchema,
  compendiumQuerySchema,
  confirmLabOrderShippingManifestSchema,
  kitActionResultSchema,
  kitListQuerySchema,
  kitStatusParamSchema,
  labelUrlSchema,
  labOrderCreatedSchema,
  labOrderRequestSchema,
  patientKitsQuerySchema,
  updateLabOrderWithShippingManifestSchema,
  type KitAction,
} from '../../domain/kits/kits';
import { manifestIdSchema, manifestListSchema, manifestsQuerySchema } from '../../domain/kits/kit-reports';
import { kitIdSchema } from '../../domain/lab/lab-api';
import { sendToPassResultSchema } from '../../domain/kits/pass';
import type { AppStorage } from '../adapters/object-storage';
import type { PassAdapter } from '../adapters/pass';
import { errorBody } from '../http/validation';
import { labelService } from './label';
import { createLabOrder } from './lab-order';
import { listManifests, manifestPdf } from './manifests';
import { sendResultToPass } from './pass';
import { kitDetailSchemas, kitListResponseSchema } from './repository-rows';
import { getKit, listKits, listPatientKits } from './service';
import { transitionKits, type KitActionInput } from './transitions';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const kitParam = z.strictObject({ kitId: kitIdSchema });

/** A manifest's PDF shown inline, never cached or sniffed. */
const sendInline = (reply: FastifyReply, { id, pdf }: { id: string; pdf: Buffer }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="manifest-${id}.pdf"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);

/** The kit list's filter: a status, a care location (ALL: every one), a text search. */
const kitFilter = (status: string, q: { careLocation?: string; q?: string }) => ({
  status,
  careLocation: q.careLocation === 'ALL' ? undefined : q.careLocation,
  q: q.q,
});

/** What every Manage Lab Order step's body carries once validated (the manifest step adds its tracking fields). */
type KitActionBody = { kitIds: string[]; comment: string; careLocation?: string; shipManifestId?: string; provider?: string };
const kitActionInput = (b: KitActionBody): KitActionInput => ({
  kitIds: b.kitIds,
  comment: b.comment,
  careLocation: b.careLocation,
  manifest: b.shipManifestId && b.provider ? { trackingNumber: b.shipManifestId, provider: b.provider } : undefined,
});

export interface KitOptions {
  storage: AppStorage;
  pass: PassAdapter;
}

/**
 * Kits and lab orders (spec 1 §7): kit detail and lists, test compendium, lab order request, the Manage Lab Order steps,
 * manifests, labels. HTTP only: the rules in service.ts and the feature modules, the SQL, scope and audit in the
 * repository (`req.data.kits`).
 */
export const kitRoutes: FastifyPluginAsync<KitOptions> = async (plugin, { storage, pass }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const labels = labelService(storage);
  const reads = read(PRODUCT_ORDER_ROLES, { licenceBound: true });

  app.get(
    '/secure/kit/testCompendium',
    {
      config: read('members'),
      schema: { tags: ['kits'], querystring: compendiumQuerySchema, response: { 200: z.array(compendiumEntrySchema), ...err } },
    },
    (req) => req.data.kits.compendium(req.query.labName, req.query.location),
  );

  app.get(
    '/secure/kit/status/:status',
    {
      config: { ...reads, ...cachedFor(LIST_CACHE_MS) },
      schema: { tags: ['kits'], params: kitStatusParamSchema, querystring: kitListQuerySchema, response: { 200: kitListResponseSchema, ...err } },
    },
    (req) => listKits(req.data, kitFilter(req.params.status, req.query), req.query),
  );

  app.get(
    '/secure/v2/kit/patient/:id',
    {
      config: reads,
      schema: {
        tags: ['kits'],
        params: z.strictObject({ id: z.guid('id must be a patient id') }),
        querystring: patientKitsQuerySchema,
        response: { 200: kitListResponseSchema, ...err },
      },
    },
    (req) => listPatientKits(req.data, req.params.id, req.query),
  );

  app.get(
    '/secure/kit/manifests',
    {
      config: read(PRODUCT_ORDER_ROLES),
      schema: { tags: ['kits'], querystring: manifestsQuerySchema, response: { 200: manifestListSchema, ...err } },
    },
    (req) => listManifests(req.data, req.query),
  );

  app.get(
    '/secure/kit/manifests/:id/pdf',
    {
      config: read(PRODUCT_ORDER_ROLES),
      schema: { tags: ['kits'], params: z.strictObject({ id: manifestIdSchema }), response: err },
    },
    async (req, reply) => sendInline(reply, await manifestPdf(req.data, req.params.id)),
  );

  /** Kit detail; 404 (the portal shows "Kit ID is not valid"). */
  app.get(
    '/secure/kit/:kitId',
    {
      config: reads,
      schema: { tags: ['kits'], params: kitParam, response: { 200: kitDetailSchemas.response, ...err } },
    },
    (req) => getKit(req.data, req.params.kitId),
  );

  app.get(
    '/secure/kit/:kitId/label',
    {
      config: reads,
      schema: { tags: ['kits'], params: kitParam, response: { 200: labelUrlSchema, ...err } },
    },
    (req) => labels.labelUrl(req.data, req.params.kitId),
  );

  /** Send result to PASS (spec 1 §2): released result, PASS member who consents; 409 with the reason otherwise. */
  app.post(
    '/secure/kit/:kitId/sendToPass',
    {
      config: clinicalWrite(CLINICAL_DATA_ROLES),
      schema: { tags: ['kits'], params: kitParam, response: { 200: sendToPassResultSchema, ...err, 502: errorBody } },
    },
    (req) => sendResultToPass(req.data, pass, req.params.kitId),
  );

  app.post(
    '/secure/kit/labOrderRequest',
    {
      config: { ...clinicalWrite(CLINICAL_DATA_ROLES), idempotent: true }, // a double submit orders once
      schema: { tags: ['kits'], body: labOrderRequestSchema, response: { 201: labOrderCreatedSchema, ...err } },
    },
    async (req, reply) => reply.code(201).send(await createLabOrder(req.data, req.body)),
  );

  const action = (path: string, kitAction: KitAction, body: z.ZodType<KitActionBody, unknown>) =>
    app.patch(
      `/secure/kit/${path}`,
      {
        config: write(PRODUCT_ORDER_ROLES, { licenceBound: true }),
        schema: { tags: ['kits'], body, response: { 200: kitActionResultSchema, ...err } },
      },
      (req) => transitionKits(req.data, kitAction, kitActionInput(req.body)),
    );
  action('cancelLabOrders', 'cancel', cancelLabOrdersSchema);
  action('approveLabOrderSamples', 'approve', approveLabOrderSamplesSchema);
  action('updateLabOrderWithShippingManifest', 'manifest', updateLabOrderWithShippingManifestSchema);
  action('confirmLabOrderShippingManifest', 'confirmShipment', confirmLabOrderShippingManifestSchema);
};
