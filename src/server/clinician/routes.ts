import type { Pool } from 'pg';
import { z } from 'zod';
import { licenceInputSchema, todayUtc } from '../../domain/licenses';
import type { Actor } from '../auth/actor';
import { actorOf } from '../auth/secure-plugin';
import { notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { read, write } from '../../domain/route-access';
import { addLicence, licenceWriteRoutes } from './licence-routes';
import { profileRoutes } from './profile-routes';
import { loadProfile, presentLicence } from './profile-store';
import {
  fullProfileSchema, licenceSchema, licenceStatesSchema, statesSchema,
} from './schemas';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

function requireProfile(actor: Actor) {
  if (!actor.clinician) throw notFound('no clinician profile for this user');
  return actor.clinician;
}

const withValidity = (actor: Actor) => {
  const today = todayUtc();
  return (actor.clinician?.licences ?? []).map((l) => presentLicence(l, today));
};

/** Clinician profile, licences and calendar link of the signed-in user (spec 1 §7, spec 3 §7). */
export function clinicianRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.get('/secure/clinician/profile', { config: read('members', { allowInactive: true }), schema: { tags: ['clinician'], response: { 200: fullProfileSchema, ...err } } }, async (req) => {
    const c = requireProfile(actorOf(req));
    const profile = await loadProfile(pool, { id: c.id });
    if (!profile) throw notFound('no clinician profile for this user');
    return profile;
  });
  app.get('/secure/calendar/link', {
    config: read('members'),
    schema: { tags: ['clinician'], response: { 200: z.object({ calendarLink: z.string().nullable() }), ...err } },
  }, async (req) => ({ calendarLink: requireProfile(actorOf(req)).calendarLink }));

  const list = z.array(licenceSchema);
  app.get('/secure/license', { config: read('members'), schema: { tags: ['license'], response: { 200: list, ...err } } }, async (req) => withValidity(actorOf(req)));
  app.get('/secure/license/all', { config: read('members'), schema: { tags: ['license'], response: { 200: list, ...err } } }, async (req) => withValidity(actorOf(req)));
  app.get('/secure/license/valid', { config: read('members'), schema: { tags: ['license'], response: { 200: list, ...err } } }, async (req) =>
    withValidity(actorOf(req)).filter((l) => l.valid));

  const states = { tags: ['license'], response: { 200: statesSchema, ...err } };
  app.get('/secure/license/allStates', { config: read('members'), schema: states }, async (req) => actorOf(req).licenceStates.allStates);
  app.get('/secure/license/validStates', { config: read('members'), schema: states }, async (req) => actorOf(req).licenceStates.validStates);
  app.get('/secure/license/inValidStates', { config: read('members'), schema: states }, async (req) => actorOf(req).licenceStates.inValidStates);
  app.get('/secure/license/validAndInvalidStates', {
    config: read('members'),
    schema: { tags: ['license'], response: { 200: licenceStatesSchema, ...err } },
  }, async (req) => actorOf(req).licenceStates);

  app.post('/secure/license', {
    config: { ...write('members'), idempotent: true }, // a double submit records one licence and answers 201 twice
    schema: { tags: ['license'], body: licenceInputSchema, response: { 201: licenceSchema, ...err, 409: errorBody } },
  }, async (req, reply) => {
    const licence = await addLicence(pool, req, req.body);
    reply.status(201);
    return licence;
  });

  profileRoutes(app, { pool });
  licenceWriteRoutes(app, { pool });
}
