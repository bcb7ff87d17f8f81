import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_ERRORS_PATH, redactErrorMessage, routePattern } from '../../domain/client-errors/client-errors';
import { clientErrorReportSchema } from '../../domain/client-errors/client-errors-schema';
import { read } from '../../domain/shared/route-access';
import { errorBody } from '../http/validation';

/**
 * POST /secure/client-errors: a portal screen's uncaught render error, written to the server's log with the route and
 * the reporter's role, never PHI (the report is redacted again here: the server does not trust the portal to). It
 * changes no data, so every signed-in user may report, the read-only auditor included (declared as a read).
 */
export const clientErrorRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    CLIENT_ERRORS_PATH,
    {
      config: read('signedIn'),
      schema: { tags: ['portal'], body: clientErrorReportSchema, response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody } },
    },
    async (req, reply) => {
      const { route, name, message, components } = req.body;
      req.log.warn({ clientError: { route: routePattern(route), name, message: redactErrorMessage(message), components } }, 'portal screen failed');
      return reply.code(204).send(null);
    },
  );
};
