import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  breakGlassGrantSchema,
  breakGlassListQuerySchema,
  breakGlassReviewSchema,
  breakGlassSessionSchema,
  breakGlassStartSchema,
} from '../../domain/break-glass/break-glass';
import { read, SUPER_ADMIN_ROLES, write } from '../../domain/shared/route-access';
import { withContentRange } from '../http/content-range';
import { errorBody } from '../http/validation';
import { startBreakGlass } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['break-glass'];
const idParams = z.strictObject({ id: z.guid() });

/**
 * Break-glass access (rules in src/domain/break-glass/break-glass.ts and service.ts). A licence-bound clinician starts a session
 * for one patient outside its licence states with a reason; the Actor of its next request carries it (the insert
 * notifies the identity cache, and secureScope settles it before answering), so the scope opens that patient for
 * reading until the session ends. Super admins list the sessions and mark them reviewed. HTTP only.
 */
export const breakGlassRoutes: FastifyPluginAsync<{ minutes: number }> = async (plugin, { minutes }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/secure/breakGlass',
    {
      config: write(['clinicians'], { licenceBound: true }),
      schema: { tags, body: breakGlassStartSchema, response: { 201: breakGlassGrantSchema, ...err, 429: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await startBreakGlass(req.data, minutes, req.body)),
  );

  /** The caller's own running sessions and the configured length (the portal's banner and its "Emergency access" dialog). */
  app.get(
    '/secure/breakGlass/mine',
    {
      config: read(['clinicians']),
      schema: { tags, response: { 200: z.object({ items: z.array(breakGlassGrantSchema), minutes: z.number() }), ...err } },
    },
    async (req) => ({ items: await req.data.breakGlass.mine(), minutes }),
  );

  const reads = read(SUPER_ADMIN_ROLES);
  app.get(
    '/secure/breakGlass',
    {
      config: reads,
      schema: {
        tags,
        querystring: breakGlassListQuerySchema,
        response: { 200: z.array(breakGlassSessionSchema), ...err },
      },
    },
    async (req, reply) => withContentRange(reply, await req.data.breakGlass.list(req.query), req.query.first),
  );

  app.get(
    '/secure/breakGlass/count',
    {
      config: reads,
      schema: { tags, response: { 200: z.object({ count: z.number().int() }), ...err } },
    },
    async (req) => ({ count: await req.data.breakGlass.unreviewedCount() }),
  );

  app.get(
    '/secure/breakGlass/:id',
    {
      config: reads,
      schema: { tags, params: idParams, response: { 200: breakGlassSessionSchema, ...err } },
    },
    (req) => req.data.breakGlass.open(req.params.id),
  );

  app.put(
    '/secure/breakGlass/:id/review',
    {
      config: write(SUPER_ADMIN_ROLES),
      schema: { tags, params: idParams, body: breakGlassReviewSchema, response: { 200: breakGlassSessionSchema, ...err, 409: errorBody } },
    },
    (req) => req.data.transaction((tx) => tx.breakGlass.review(req.params.id, req.body.note)),
  );
};
