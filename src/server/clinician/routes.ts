import type { Pool } from 'pg';
import { z } from 'zod';
import { profileFlags } from '../../domain/clinician';
import { isLicenceValid, licenceInputSchema, todayUtc } from '../../domain/licenses';
import { writeAudit } from '../audit/audit';
import type { Actor } from '../auth/actor';
import { actorOf } from '../auth/secure-plugin';
import { conflict, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { read, write } from '../../domain/route-access';
import {
  clinicianProfileSchema, licenceSchema, licenceStatesSchema, statesSchema,
} from './schemas';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

function requireProfile(actor: Actor) {
  if (!actor.clinician) throw notFound('no clinician profile for this user');
  return actor.clinician;
}

const withValidity = (actor: Actor) => {
  const today = todayUtc();
  return (actor.clinician?.licences ?? []).map((l) => ({ ...l, valid: isLicenceValid(l, today) }));
};

/** Clinician profile, licences and calendar link of the signed-in user (spec 1 §7, spec 3 §7). */
export function clinicianRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.get('/secure/clinician/profile', { config: read('members', { allowInactive: true }), schema: { tags: ['clinician'], response: { 200: clinicianProfileSchema, ...err } } }, async (req) => {
    const c = requireProfile(actorOf(req));
    return { ...c, ...profileFlags(c.licences, c.calendarLink, todayUtc()) };
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
    const actor = actorOf(req);
    const c = requireProfile(actor);
    const input = req.body;
    const { rows } = await pool.query(
      `INSERT INTO licences (clinician_id, state, license_id, expiration_date, good_standing, acknowledgement)
       SELECT $1, $2, $3, $4, $5, $6
        WHERE NOT EXISTS (SELECT 1 FROM licences WHERE clinician_id = $1 AND state = $2 AND license_id = $3)
       RETURNING id, state, license_id AS "licenseId", expiration_date::text AS "expirationDate",
                 good_standing AS "goodStanding", acknowledgement`,
      [c.id, input.state, input.licenseId, input.expirationDate, input.goodStanding, input.acknowledgement],
    );
    if (rows.length === 0) {
      await writeAudit(pool, req, { action: 'CREATE', entityType: 'licence', outcome: 'FAILED' });
      throw conflict('this licence is already recorded');
    }
    await writeAudit(pool, req, { action: 'CREATE', entityType: 'licence', entityId: rows[0].id, outcome: 'SUCCESS' });
    reply.status(201);
    return { ...rows[0], valid: isLicenceValid(rows[0], todayUtc()) };
  });
}
