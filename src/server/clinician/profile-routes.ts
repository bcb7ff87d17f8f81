import type { Pool } from 'pg';
import { z } from 'zod';
import {
  calendarLinkSchema, changedProfileFields, clinicianProfileCreateSchema, clinicianProfileUpdateSchema, e164Phone,
  mayCreateClinicianProfile, PROFILE_CREATE_REFUSAL, PROFILE_TEXT,
} from '../../domain/clinician-profile';
import { read, write } from '../../domain/route-access';
import { writeAudit } from '../audit/audit';
import { writeHistory } from '../audit/history';
import { actorOf } from '../auth/secure-plugin';
import { withTx } from '../db/tx';
import { ApiError, badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { detailAssignments, loadProfile, profileDetails } from './profile-store';
import { fullProfileSchema } from './schemas';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The clinician's own profile writes (spec 3 §7 "Clinician profile"): create on sign-up (id and e-mail from the token),
 * update of the personal information, the calendar link; and reading a profile by id or e-mail (own, or any for a
 * super admin). Every write has a history row (changed field names only) and the request's audit row.
 */
export function profileRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.post('/secure/clinician/profile/create', {
    // any verified user, even one in no group yet (sign-up); a write, so a read-only auditor is refused
    config: write('signedIn', { allowInactive: true }),
    schema: { tags: ['clinician'], body: clinicianProfileCreateSchema, response: { 201: fullProfileSchema, ...err, 409: errorBody } },
  }, async (req, reply) => {
    const actor = actorOf(req);
    const b = req.body;
    if (!mayCreateClinicianProfile(actor.roles)) throw forbidden(PROFILE_CREATE_REFUSAL);
    if (!actor.email) throw badRequest('the token carries no e-mail');
    // The profile is the caller's: a body naming another id or e-mail is refused, never obeyed.
    if (b.id !== undefined && b.id !== actor.sub) throw forbidden('a profile can only be created for the signed-in user');
    if (b.email !== undefined && b.email.trim().toLowerCase() !== actor.email.toLowerCase()) throw forbidden('the e-mail must be the signed-in user\'s');
    const firstName = b.firstName ?? actor.givenName;
    const lastName = b.lastName ?? actor.familyName;
    try {
      await withTx(pool, async (client) => {
        const { rowCount } = await client.query(
          `INSERT INTO clinicians (id, email, first_name, last_name, mobile, status) VALUES ($1, $2, $3, $4, $5, 'ACTIVE')
           ON CONFLICT (id) DO NOTHING`,
          [actor.sub, actor.email, firstName, lastName, b.mobile ? e164Phone(b.mobile) : null]);
        if (!rowCount) throw conflict('a profile already exists for this user');
        await writeHistory(client, actor, { entityType: 'clinician', entityId: actor.sub, action: 'PROFILE_CREATED' });
        await writeAudit(client, req, { action: 'CREATE', entityType: 'clinician', entityId: actor.sub, outcome: 'SUCCESS' });
      });
    } catch (e) {
      if (isUniqueViolation(e, 'clinicians_email_uq')) throw conflict('a profile already exists for this e-mail');
      throw e;
    }
    reply.status(201);
    return (await loadProfile(pool, { id: actor.sub }))!;
  });

  app.patch('/secure/clinician/profile/update', {
    config: write('members'),
    schema: { tags: ['clinician'], body: clinicianProfileUpdateSchema, response: { 200: fullProfileSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const id = actor.clinician?.id;
    if (!id) throw notFound('no clinician profile for this user');
    if (req.body.id !== undefined && req.body.id !== id) throw forbidden('a clinician may update only their own profile');
    await withTx(pool, async (client) => {
      const before = await profileDetails(client, id, true);
      if (!before) throw notFound('no clinician profile for this user');
      const { fields, set, values } = detailAssignments(req.body);
      const changed = changedProfileFields(before, req.body).filter((f) => fields.includes(f));
      if (!changed.length) throw new ApiError(400, PROFILE_TEXT.noChanges, PROFILE_TEXT.noChanges);
      await client.query(`UPDATE clinicians SET ${set} WHERE id = $1`, [id, ...values]);
      await writeHistory(client, actor, { entityType: 'clinician', entityId: id, action: 'PROFILE_UPDATED', comment: `changed: ${changed.join(', ')}` });
      await writeAudit(client, req, { action: 'UPDATE', entityType: 'clinician', entityId: id, outcome: 'SUCCESS' });
    });
    return (await loadProfile(pool, { id }))!;
  });

  app.patch('/secure/clinician/updateCalendar', {
    config: write('members'),
    schema: { tags: ['clinician'], body: calendarLinkSchema, response: { 200: z.object({ calendarLink: z.string() }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const id = actor.clinician?.id;
    if (!id) throw notFound('no clinician profile for this user');
    const { calendarLink } = req.body;
    await withTx(pool, async (client) => {
      const { rows } = await client.query<{ was: string | null }>('SELECT calendar_link AS was FROM clinicians WHERE id = $1 FOR UPDATE', [id]);
      await client.query('UPDATE clinicians SET calendar_link = $2 WHERE id = $1', [id, calendarLink]);
      const action = rows[0]?.was ? 'CALENDAR_UPDATED' : 'CALENDAR_ADDED';
      await writeHistory(client, actor, { entityType: 'clinician', entityId: id, action });
      await writeAudit(client, req, { action: 'UPDATE', entityType: 'clinician', entityId: id, outcome: 'SUCCESS' });
    });
    return { calendarLink };
  });

  /** A profile by id or e-mail: one's own, or any for a super admin; others' are 404 (their existence is not told). */
  const readable = (actor: ReturnType<typeof actorOf>, profile: Awaited<ReturnType<typeof loadProfile>>) =>
    profile && (profile.id === actor.sub || actor.roles.includes('super_admin')) ? profile : null;

  app.get('/secure/clinician/profile/:id', {
    config: read('members', { allowInactive: true }),
    schema: { tags: ['clinician'], params: z.strictObject({ id: z.guid() }), response: { 200: fullProfileSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const profile = readable(actor, await loadProfile(pool, { id: req.params.id }));
    if (!profile) throw notFound('no such clinician profile');
    await writeAudit(pool, req, { action: 'READ', entityType: 'clinician', entityId: profile.id, outcome: 'SUCCESS' });
    return profile;
  });

  app.get('/secure/clinician/email/:email', {
    config: read('members', { allowInactive: true }),
    schema: { tags: ['clinician'], params: z.strictObject({ email: z.string().trim().min(3).max(254) }), response: { 200: fullProfileSchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const profile = readable(actor, await loadProfile(pool, { email: req.params.email }));
    if (!profile) throw notFound('no such clinician profile');
    await writeAudit(pool, req, { action: 'READ', entityType: 'clinician', entityId: profile.id, outcome: 'SUCCESS' });
    return profile;
  });
}
