import { z } from 'zod';
import { SUPER_ADMIN_ROLES, read, write } from '../../domain/route-access';
import {
  commerceProductSchema, emailOrderSchema, labcorpBodySchema, labcorpParamsSchema, labcorpResultSchema, MAX_LABCORP_PDF_BYTES, saleorOrderResultSchema,
  saleorOrderSchema, shippingMethodSchema,
} from '../../domain/super-admin';
import { actorOf } from '../auth/secure-plugin';
import { auditorOf } from '../audit/auditor';
import { errorBody, type ZodApp } from '../http/validation';
import { createStorefrontOrder, ordersByEmail, uploadLabcorpResult, type SuperAdminDeps } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['super-admin'];

/**
 * Super-admin panel (spec 3 §2, §3, §7): storefront orders (kit and PrEP) through the commerce adapter, its product and
 * shipping-method lists, a patient's orders by e-mail, and the Labcorp result upload. Super admins only, by declaration.
 */
export function superAdminRoutes(app: ZodApp, deps: SuperAdminDeps) {
  const reads = read(SUPER_ADMIN_ROLES);

  app.get('/secure/clinician/saleor/products', {
    config: reads, schema: { tags, response: { 200: z.array(commerceProductSchema), ...err, 502: errorBody } },
  }, async (req) => {
    const products = await deps.commerce.listProducts();
    await auditorOf(req).one(deps.pool, { action: 'READ', entityType: 'commerce_product', outcome: 'SUCCESS' });
    return products;
  });

  app.get('/secure/clinician/saleor/shippingMethods', {
    config: reads, schema: { tags, response: { 200: z.array(shippingMethodSchema), ...err, 502: errorBody } },
  }, async (req) => {
    const methods = await deps.commerce.listShippingMethods();
    await auditorOf(req).one(deps.pool, { action: 'READ', entityType: 'commerce_shipping_method', outcome: 'SUCCESS' });
    return methods;
  });

  app.post('/secure/clinician/saleorOrder', {
    config: { ...write(SUPER_ADMIN_ROLES), idempotent: true }, // a double submit orders once
    schema: { tags, body: saleorOrderSchema, response: { 200: saleorOrderResultSchema, ...err, 502: errorBody } },
  }, (req) => createStorefrontOrder(deps, auditorOf(req), actorOf(req), req.body));

  app.get('/secure/clinician/orders/email/:email', {
    config: reads,
    schema: { tags, params: z.strictObject({ email: z.string().trim().min(3).max(254) }), response: { 200: z.array(emailOrderSchema), ...err } },
  }, (req) => ordersByEmail(deps, auditorOf(req), req.params.email));

  app.post('/secure/clinician/labcorp/result/:orderId/:resultType', {
    config: write(SUPER_ADMIN_ROLES),
    // base64 of the largest accepted PDF, plus the JSON around it
    bodyLimit: Math.ceil(MAX_LABCORP_PDF_BYTES / 3) * 4 + 64 * 1024,
    schema: { tags, params: labcorpParamsSchema, body: labcorpBodySchema, response: { 201: labcorpResultSchema, ...err, 413: errorBody } },
  }, async (req, reply) => {
    const out = await uploadLabcorpResult(deps, auditorOf(req), actorOf(req), req.params, req.body);
    return reply.status(201).send(out);
  });
}
