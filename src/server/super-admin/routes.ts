import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPER_ADMIN_ROLES, read, write } from '../../domain/shared/route-access';
import {
  commerceProductSchema,
  emailOrderSchema,
  labcorpBodySchema,
  labcorpParamsSchema,
  labcorpResultSchema,
  MAX_LABCORP_PDF_BYTES,
  saleorOrderResultSchema,
  saleorOrderSchema,
  shippingMethodSchema,
} from '../../domain/super-admin/super-admin';
import { errorBody } from '../http/validation';
import * as service from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['super-admin'];

/**
 * Super-admin panel (spec 3 §2, §3, §7): storefront orders (kit and PrEP) through the commerce adapter, its product and
 * shipping-method lists, a patient's orders by e-mail, and the Labcorp result upload. Super admins only, by declaration.
 * HTTP only: the rules in service.ts, the SQL and audit in repository.ts.
 */
export const superAdminRoutes: FastifyPluginAsync<service.SuperAdminDeps> = async (plugin, deps) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const reads = read(SUPER_ADMIN_ROLES);

  app.get(
    '/secure/clinician/saleor/products',
    {
      config: reads,
      schema: { tags, response: { 200: z.array(commerceProductSchema), ...err, 502: errorBody } },
    },
    (req) => service.listProducts(deps, req.data),
  );

  app.get(
    '/secure/clinician/saleor/shippingMethods',
    {
      config: reads,
      schema: { tags, response: { 200: z.array(shippingMethodSchema), ...err, 502: errorBody } },
    },
    (req) => service.listShippingMethods(deps, req.data),
  );

  app.post(
    '/secure/clinician/saleorOrder',
    {
      config: { ...write(SUPER_ADMIN_ROLES), idempotent: true }, // a double submit orders once
      schema: { tags, body: saleorOrderSchema, response: { 200: saleorOrderResultSchema, ...err, 502: errorBody } },
    },
    (req) => service.createStorefrontOrder(deps, req.data, req.body),
  );

  app.get(
    '/secure/clinician/orders/email/:email',
    {
      config: reads,
      schema: { tags, params: z.strictObject({ email: z.string().trim().min(3).max(254) }), response: { 200: z.array(emailOrderSchema), ...err } },
    },
    (req) => req.data.superAdmin.ordersByEmail(req.params.email),
  );

  app.post(
    '/secure/clinician/labcorp/result/:orderId/:resultType',
    {
      config: write(SUPER_ADMIN_ROLES),
      // base64 of the largest accepted PDF, plus the JSON around it
      bodyLimit: Math.ceil(MAX_LABCORP_PDF_BYTES / 3) * 4 + 64 * 1024,
      schema: { tags, params: labcorpParamsSchema, body: labcorpBodySchema, response: { 201: labcorpResultSchema, ...err, 413: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await service.uploadLabcorpResult(deps, req.data, req.params, req.body)),
  );
};
