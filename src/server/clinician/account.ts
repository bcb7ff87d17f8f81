import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { account, read } from '../../domain/shared/route-access';
import { errorBody } from '../http/validation';
import { accountStatusSchema } from './schemas';
import { accountStatus, signOut } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The signed-in user's own account: its status (even pending or INACTIVE) and signing out everywhere. HTTP only. */
export const accountRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/secure/account/status',
    {
      config: read('signedIn', { allowInactive: true }),
      schema: { tags: ['account'], response: { 200: accountStatusSchema, ...err } },
    },
    (req) => accountStatus(req.data),
  );

  /** Ends every session of the caller on the server (service.ts). */
  app.post(
    '/secure/account/signOut',
    {
      config: account('signedIn', { allowInactive: true }),
      schema: { tags: ['account'], response: { 200: z.object({ signedOut: z.literal(true), signInAfter: z.string() }), ...err } },
    },
    (req) => signOut(req.data),
  );
};
