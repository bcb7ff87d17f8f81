import { CLINICAL_DATA_ROLES, clinicalWrite, PRODUCT_ORDER_ROLES, read, write } from '../../domain/route-access';
import type { FastifyReply } from 'fastify';
import type { Pool } from 'pg';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { z } from 'zod';
import { approveLabOrderSamplesSchema, cancelLabOrdersSchema, compendiumEntrySchema, compendiumQuerySchema, confirmLabOrderShippingManifestSchema, kitActionResultSchema, kitListQuerySchema, kitStatusParamSchema, labelUrlSchema, labOrderCreatedSchema, labOrderRequestSchema, patientKitsQuerySchema, updateLabOrderWithShippingManifestSchema, type KitAction } from '../../domain/kits';
import { manifestIdSchema, manifestListSchema, manifestsQuerySchema } from '../../domain/kit-reports';
import { kitIdSchema } from '../../domain/lab-api';
import { sendToPassResultSchema } from '../../domain/pass';
import type { AppStorage } from '../adapters/object-storage';
import type { PassAdapter } from '../adapters/pass';
import { auditorOf } from '../audit/auditor';
import { actorOf } from '../auth/secure-plugin';
import { errorBody, type ZodApp } from '../http/validation';
import { labelService } from './label';
import { createLabOrder, loadCompendium } from './lab-order';
import { listManifests, manifestPdf } from './manifests';
import { sendResultToPass } from './pass';
import { kitDetailSchemas, kitListResponseSchema } from './rows';
import { getKit, listKits, listPatientKits } from './service';
import { transitionKits } from './transitions';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const kitParam = z.strictObject({ kitId: kitIdSchema });

/** A PDF shown inline, never cached or sniffed. */
const sendInline = (reply: FastifyReply, pdf: Buffer, fileName: string) => reply.header('content-type', 'application/pdf')
  .header('content-disposition', `inline; filename="${fileName}"`)
  .header('x-content-type-options', 'nosniff')
  .header('cache-control', 'private, no-store')
  .send(pdf);

/**
 * Kits and lab orders (spec 1 §7): kit detail and lists, test compendium, lab order request, the Manage Lab Order steps,
 * manifests, labels. HTTP only: the rules and audit in service.ts and the feature modules, the SQL in repository.ts.
 */
export function kitRoutes(app: ZodApp, { pool, storage, pass }: { pool: Pool; storage: AppStorage; pass: PassAdapter }) {
  const labels = labelService(pool, storage);
  const reads = read(PRODUCT_ORDER_ROLES, { licenceBound: true });

  app.get('/secure/kit/testCompendium', {
    config: read('members'),
    schema: { tags: ['kits'], querystring: compendiumQuerySchema, response: { 200: z.array(compendiumEntrySchema), ...err } },
  }, (req) => {
    const q = req.query;
    return loadCompendium(pool, q.labName, q.location);
  });

  app.get('/secure/kit/status/:status', {
    config: { ...reads, ...cachedFor(LIST_CACHE_MS) },
    schema: { tags: ['kits'], params: kitStatusParamSchema, querystring: kitListQuerySchema, response: { 200: kitListResponseSchema, ...err } },
  }, (req) => {
    const q = req.query;
    const filter = { status: req.params.status, careLocation: q.careLocation === 'ALL' ? undefined : q.careLocation, q: q.q };
    return listKits(pool, actorOf(req), auditorOf(req), filter, q);
  });

  app.get('/secure/v2/kit/patient/:id', {
    config: reads,
    schema: { tags: ['kits'], params: z.strictObject({ id: z.guid('id must be a patient id') }), querystring: patientKitsQuerySchema, response: { 200: kitListResponseSchema, ...err } },
  }, (req) => listPatientKits(pool, actorOf(req), auditorOf(req), req.params.id, req.query));

  app.get('/secure/kit/manifests', {
    config: read(PRODUCT_ORDER_ROLES),
    schema: { tags: ['kits'], querystring: manifestsQuerySchema, response: { 200: manifestListSchema, ...err } },
  }, (req) => listManifests(pool, actorOf(req), auditorOf(req), req.query));

  app.get('/secure/kit/manifests/:id/pdf', {
    config: read(PRODUCT_ORDER_ROLES),
    schema: { tags: ['kits'], params: z.strictObject({ id: manifestIdSchema }), response: err },
  }, async (req, reply) => {
    const { id, pdf } = await manifestPdf(pool, actorOf(req), auditorOf(req), req.params.id);
    return sendInline(reply, pdf, `manifest-${id}.pdf`);
  });

  /** Kit detail; 404 (the portal shows "Kit ID is not valid"). */
  app.get('/secure/kit/:kitId', {
    config: reads,
    schema: { tags: ['kits'], params: kitParam, response: { 200: kitDetailSchemas.response, ...err } },
  }, (req) => getKit(pool, actorOf(req), auditorOf(req), req.params.kitId));

  app.get('/secure/kit/:kitId/label', {
    config: reads,
    schema: { tags: ['kits'], params: kitParam, response: { 200: labelUrlSchema, ...err } },
  }, (req) => labels.labelUrl(auditorOf(req), actorOf(req), req.params.kitId));

  /** Send result to PASS (spec 1 §2): released result, PASS member who consents; 409 with the reason otherwise. */
  app.post('/secure/kit/:kitId/sendToPass', {
    config: clinicalWrite(CLINICAL_DATA_ROLES),
    schema: { tags: ['kits'], params: kitParam, response: { 200: sendToPassResultSchema, ...err, 502: errorBody } },
  }, (req) => sendResultToPass(pool, auditorOf(req), actorOf(req), pass, req.params.kitId));

  app.post('/secure/kit/labOrderRequest', {
    config: { ...clinicalWrite(CLINICAL_DATA_ROLES), idempotent: true }, // a double submit orders once
    schema: { tags: ['kits'], body: labOrderRequestSchema, response: { 201: labOrderCreatedSchema, ...err } },
  }, async (req, reply) => {
    const created = await createLabOrder(pool, auditorOf(req), actorOf(req), req.body);
    return reply.code(201).send(created);
  });

  /** What every Manage Lab Order step's body carries once validated (the manifest step adds its tracking fields). */
  type KitActionBody = { kitIds: string[]; comment: string; careLocation?: string; shipManifestId?: string; provider?: string };
  const action = (path: string, kitAction: KitAction, body: z.ZodType<KitActionBody, unknown>) => app.patch(`/secure/kit/${path}`, {
    config: write(PRODUCT_ORDER_ROLES, { licenceBound: true }),
    schema: { tags: ['kits'], body, response: { 200: kitActionResultSchema, ...err } },
  }, (req) => {
    const b = req.body;
    return transitionKits(pool, auditorOf(req), actorOf(req), kitAction, {
      kitIds: b.kitIds, comment: b.comment, careLocation: b.careLocation,
      manifest: b.shipManifestId && b.provider ? { trackingNumber: b.shipManifestId, provider: b.provider } : undefined,
    });
  });
  action('cancelLabOrders', 'cancel', cancelLabOrdersSchema);
  action('approveLabOrderSamples', 'approve', approveLabOrderSamplesSchema);
  action('updateLabOrderWithShippingManifest', 'manifest', updateLabOrderWithShippingManifestSchema);
  action('confirmLabOrderShippingManifest', 'confirmShipment', confirmLabOrderShippingManifestSchema);
}
