import { CLINICAL_DATA_ROLES, PRODUCT_ORDER_ROLES, read, write } from '../../domain/route-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { approveLabOrderSamplesSchema, cancelLabOrdersSchema, compendiumEntrySchema, compendiumQuerySchema, confirmLabOrderShippingManifestSchema, KIT_TEXTS, kitActionResultSchema, kitListQuerySchema, kitStatusParamSchema, labelUrlSchema, labOrderCreatedSchema, labOrderRequestSchema, patientKitsQuerySchema, updateLabOrderWithShippingManifestSchema, type KitAction, type KitListQuery, type LabOrderRequest } from '../../domain/kits';
import { manifestIdSchema, manifestListSchema, manifestsQuerySchema, type ManifestsQuery } from '../../domain/kit-reports';
import { kitIdSchema } from '../../domain/lab-api';
import { sendToPassResultSchema } from '../../domain/pass';
import type { AppStorage } from '../adapters/object-storage';
import type { PassAdapter } from '../adapters/pass';
import { writeAudit, writeAuditMany } from '../audit/audit';
import { assertProductOrderAccess } from '../auth/access';
import { inScope } from '../auth/scope';
import { actorOf } from '../auth/secure-plugin';
import { prepared } from '../db/prepared';
import { notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { labelService } from './label';
import { createLabOrder, loadCompendium } from './lab-order';
import { KIT_DETAIL_SQL, kitListSql, type KitListFilter } from './list-query';
import { listManifests, manifestPdf } from './manifests';
import { sendResultToPass } from './pass';
import { kitDetailSchemas, kitListResponseSchema, kitPatientOf, toKitDetail, toKitRow, type KitDbRow, type KitDetailDbRow } from './rows';
import { transitionKits } from './transitions';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const kitParam = z.strictObject({ kitId: kitIdSchema });

/** Kits and lab orders (spec 1 §7): kit detail and lists, test compendium, lab order request, the Manage Lab Order steps, manifests, labels. */
export function kitRoutes(app: ZodApp, { pool, storage, pass }: { pool: Pool; storage: AppStorage; pass: PassAdapter }) {
  const labels = labelService(pool, storage);
  const reads = read(PRODUCT_ORDER_ROLES, { licenceBound: true });

  async function kitPage(req: FastifyRequest, filter: KitListFilter, q: Pick<KitListQuery, 'page' | 'perPage' | 'sort' | 'order'>) {
    const actor = actorOf(req);
    const sql = kitListSql(filter, q, q, actor);
    const [rows, count] = await Promise.all([
      pool.query<KitDbRow>(prepared(sql.select, sql.params)), pool.query<{ total: number }>(prepared(sql.count, sql.params)),
    ]);
    // A masked row discloses no patient, so its audit entry carries no patient id.
    await writeAuditMany(pool, req, 'READ', 'kit',
      rows.rows.map((r) => ({ entityId: r.kitId, patientId: inScope(actor, kitPatientOf(r)) ? r.patientId : null })));
    return { items: rows.rows.map((r) => toKitRow(r, actor)), total: count.rows[0].total };
  }

  app.get('/secure/kit/testCompendium', {
    config: read('members'),
    schema: { tags: ['kits'], querystring: compendiumQuerySchema, response: { 200: z.array(compendiumEntrySchema), ...err } },
  }, (req) => {
    const q = req.query as z.infer<typeof compendiumQuerySchema>;
    return loadCompendium(pool, q.labName, q.location);
  });

  app.get('/secure/kit/status/:status', {
    config: reads,
    schema: { tags: ['kits'], params: kitStatusParamSchema, querystring: kitListQuerySchema, response: { 200: kitListResponseSchema, ...err } },
  }, (req) => {
    assertProductOrderAccess(actorOf(req));
    const q = req.query as KitListQuery;
    return kitPage(req, { status: (req.params as { status: string }).status, careLocation: q.careLocation === 'ALL' ? undefined : q.careLocation, q: q.q }, q);
  });

  app.get('/secure/v2/kit/patient/:id', {
    config: reads,
    schema: { tags: ['kits'], params: z.strictObject({ id: z.guid('id must be a patient id') }), querystring: patientKitsQuerySchema, response: { 200: kitListResponseSchema, ...err } },
  }, async (req) => {
    assertProductOrderAccess(actorOf(req));
    const { id } = req.params as { id: string };
    const { rows } = await pool.query<{ state: string | null }>(`SELECT state FROM patients WHERE id = $1`, [id]);
    // The kits of one patient are that patient's record: outside the scope it reads as unknown.
    if (!rows[0] || !inScope(actorOf(req), { patientState: rows[0].state })) throw notFound('no such patient');
    const q = req.query as z.infer<typeof patientKitsQuerySchema>;
    return kitPage(req, { patientId: id }, { ...q, sort: 'created', order: 'DESC' });
  });

  app.get('/secure/kit/manifests', {
    config: read(PRODUCT_ORDER_ROLES),
    schema: { tags: ['kits'], querystring: manifestsQuerySchema, response: { 200: manifestListSchema, ...err } },
  }, (req) => listManifests(pool, req, req.query as ManifestsQuery));

  app.get('/secure/kit/manifests/:id/pdf', {
    config: read(PRODUCT_ORDER_ROLES),
    schema: { tags: ['kits'], params: z.strictObject({ id: manifestIdSchema }), response: err },
  }, (req, reply) => manifestPdf(pool, req, reply, (req.params as { id: string }).id));

  /** Kit detail; 404 (the portal shows "Kit ID is not valid"). */
  app.get('/secure/kit/:kitId', {
    config: reads,
    schema: { tags: ['kits'], params: kitParam, response: { 200: kitDetailSchemas.response, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    assertProductOrderAccess(actor);
    const { kitId } = req.params as { kitId: string };
    const { rows } = await pool.query<KitDetailDbRow>(prepared(KIT_DETAIL_SQL, [kitId]));
    if (!rows[0] || !inScope(actor, kitPatientOf(rows[0]))) throw notFound(KIT_TEXTS.kitIdInvalid);
    await writeAudit(pool, req, { action: 'READ', entityType: 'kit', entityId: kitId, patientId: rows[0].patientId, outcome: 'SUCCESS' });
    return toKitDetail(rows[0], actor);
  });

  app.get('/secure/kit/:kitId/label', {
    config: reads,
    schema: { tags: ['kits'], params: kitParam, response: { 200: labelUrlSchema, ...err } },
  }, (req) => labels.labelUrl(req, actorOf(req), (req.params as { kitId: string }).kitId));

  /** Send result to PASS (spec 1 §2): released result, PASS member who consents; 409 with the reason otherwise. */
  app.post('/secure/kit/:kitId/sendToPass', {
    config: write(CLINICAL_DATA_ROLES, { licenceBound: true }),
    schema: { tags: ['kits'], params: kitParam, response: { 200: sendToPassResultSchema, ...err, 502: errorBody } },
  }, (req) => sendResultToPass(pool, req, actorOf(req), pass, (req.params as { kitId: string }).kitId));

  app.post('/secure/kit/labOrderRequest', {
    config: { ...write(CLINICAL_DATA_ROLES, { licenceBound: true }), idempotent: true }, // a double submit orders once
    schema: { tags: ['kits'], body: labOrderRequestSchema, response: { 201: labOrderCreatedSchema, ...err } },
  }, async (req, reply) => {
    const created = await createLabOrder(pool, req, actorOf(req), req.body as LabOrderRequest);
    return reply.code(201).send(created);
  });

  const action = (path: string, kitAction: KitAction, body: z.ZodType) => app.patch(`/secure/kit/${path}`, {
    config: write(PRODUCT_ORDER_ROLES, { licenceBound: true }),
    schema: { tags: ['kits'], body, response: { 200: kitActionResultSchema, ...err } },
  }, (req) => {
    const b = req.body as { kitIds: string[]; comment: string; careLocation?: string; shipManifestId?: string; provider?: string };
    return transitionKits(pool, req, actorOf(req), kitAction, {
      kitIds: b.kitIds, comment: b.comment, careLocation: b.careLocation,
      manifest: b.shipManifestId && b.provider ? { trackingNumber: b.shipManifestId, provider: b.provider } : undefined,
    });
  });
  action('cancelLabOrders', 'cancel', cancelLabOrdersSchema);
  action('approveLabOrderSamples', 'approve', approveLabOrderSamplesSchema);
  action('updateLabOrderWithShippingManifest', 'manifest', updateLabOrderWithShippingManifestSchema);
  action('confirmLabOrderShippingManifest', 'confirmShipment', confirmLabOrderShippingManifestSchema);
}
