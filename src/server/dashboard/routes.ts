import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DASHBOARD_CARD_KEYS, dashboardQuerySchema } from '../../domain/dashboard/dashboard';
import { read } from '../../domain/shared/route-access';
import { cachedFor, LIST_CACHE_MS } from '../http/response-cache';
import { errorBody } from '../http/validation';
import { dashboardRowSchema } from './rows';

const err = { 400: errorBody, 401: errorBody, 403: errorBody };
const cardSchema = z.object({
  key: z.enum(DASHBOARD_CARD_KEYS),
  title: z.string(),
  available: z.boolean(),
  count: z.number().int().nullable(),
  attention: z.boolean(),
  rows: z.array(dashboardRowSchema),
});

/**
 * The home dashboard (spec 1 §2): all nine counts and first rows in one SQL round trip, and each card's table. Both
 * answers may be reused by the response cache like the lists, on the reader's same local date ("today").
 * HTTP only: scope, masking and audit in repository.ts.
 */
export const dashboardRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const reads = { ...read('members', { licenceBound: true }), ...cachedFor(LIST_CACHE_MS) };
  app.get(
    '/secure/dashboard/summary',
    {
      config: reads,
      schema: { tags: ['dashboard'], querystring: dashboardQuerySchema, response: { 200: z.object({ cards: z.array(cardSchema) }), ...err } },
    },
    (req) => req.data.dashboard.summary(req.query),
  );

  app.get(
    '/secure/dashboard/card/:key',
    {
      config: reads,
      schema: {
        tags: ['dashboard'],
        params: z.strictObject({ key: z.enum(DASHBOARD_CARD_KEYS) }),
        querystring: dashboardQuerySchema,
        response: { 200: z.object({ items: z.array(dashboardRowSchema), total: z.number().int() }), ...err },
      },
    },
    (req) => req.data.dashboard.card(req.params.key, req.query),
  );
};
