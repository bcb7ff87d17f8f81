import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { licenceInputSchema } from '../../domain/clinician/licenses';
import { read, write } from '../../domain/shared/route-access';
import { errorBody } from '../http/validation';
import { licenceWriteRoutes } from './licence-routes';
import { profileRoutes } from './profile-routes';
import { fullProfileSchema, licenceSchema, licenceStatesSchema, statesSchema } from './schemas';
import { addLicence } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Clinician profile, licences and calendar link of the signed-in user (spec 1 §7, spec 3 §7). HTTP only: the rules in
 * service.ts, the SQL, history and audit in repository.ts.
 */
export const clinicianRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/secure/clinician/profile',
    {
      config: read('members', { allowInactive: true }),
      schema: { tags: ['clinician'], response: { 200: fullProfileSchema, ...err } },
    },
    (req) => req.data.clinicians.ownProfile(),
  );
  app.get(
    '/secure/calendar/link',
    {
      config: read('members'),
      schema: { tags: ['clinician'], response: { 200: z.object({ calendarLink: z.string().nullable() }), ...err } },
    },
    (req) => req.data.clinicians.calendarLink(),
  );

  const list = { tags: ['license'], response: { 200: z.array(licenceSchema), ...err } };
  app.get('/secure/license', { config: read('members'), schema: list }, (req) => req.data.clinicians.ownLicences());
  app.get('/secure/license/all', { config: read('members'), schema: list }, (req) => req.data.clinicians.ownLicences());
  app.get('/secure/license/valid', { config: read('members'), schema: list }, (req) => req.data.clinicians.ownLicences().filter((l) => l.valid));

  const states = { tags: ['license'], response: { 200: statesSchema, ...err } };
  app.get('/secure/license/allStates', { config: read('members'), schema: states }, (req) => req.data.actor.licenceStates.allStates);
  app.get('/secure/license/validStates', { config: read('members'), schema: states }, (req) => req.data.actor.licenceStates.validStates);
  app.get('/secure/license/inValidStates', { config: read('members'), schema: states }, (req) => req.data.actor.licenceStates.inValidStates);
  app.get(
    '/secure/license/validAndInvalidStates',
    {
      config: read('members'),
      schema: { tags: ['license'], response: { 200: licenceStatesSchema, ...err } },
    },
    (req) => req.data.actor.licenceStates,
  );

  app.post(
    '/secure/license',
    {
      config: { ...write('members'), idempotent: true }, // a double submit records one licence and answers 201 twice
      schema: { tags: ['license'], body: licenceInputSchema, response: { 201: licenceSchema, ...err, 409: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await addLicence(req.data, req.body)),
  );

  profileRoutes(app);
  licenceWriteRoutes(app);
};
