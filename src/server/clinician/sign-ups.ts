import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { read, SUPER_ADMIN_ROLES, write } from '../../domain/shared/route-access';
import {
  addToGroupBodySchema,
  addToGroupParamsSchema,
  addToGroupResultSchema,
  pendingSignUpSchema,
  pendingSignUpsQuerySchema,
} from '../../domain/super-admin/sign-ups';
import type { IdentityAdmin } from '../adapters/identity';
import { withContentRange } from '../http/content-range';
import { errorBody } from '../http/validation';
import { addToGroup, pendingSignUps } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['super-admin'];

/**
 * Pending sign-ups: the super admin lists the accounts waiting on the pending-review screen and adds one to
 * a Cognito group (locally the emulator's admin API). The list follows the simple REST conventions (domain/shared/rest-list.ts). HTTP only: the rules in service.ts.
 */
export const signUpRoutes: FastifyPluginAsync<{ identity: IdentityAdmin }> = async (plugin, { identity }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/secure/admin/pendingSignUps',
    {
      config: read(SUPER_ADMIN_ROLES),
      schema: { tags, querystring: pendingSignUpsQuerySchema, response: { 200: z.array(pendingSignUpSchema), ...err } },
    },
    async (req, reply) => withContentRange(reply, await pendingSignUps(identity, req.data, req.query), req.query.first),
  );

  app.post(
    '/secure/admin/pendingSignUps/:id/group',
    {
      config: write(SUPER_ADMIN_ROLES),
      schema: { tags, params: addToGroupParamsSchema, body: addToGroupBodySchema, response: { 200: addToGroupResultSchema, ...err } },
    },
    (req) => addToGroup(identity, req.data, req.params.id, req.body.group),
  );
};
