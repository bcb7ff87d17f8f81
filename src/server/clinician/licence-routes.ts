import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { licenceBodySchema, PROFILE_TEXT, type LicenceBody } from '../../domain/clinician-profile';
import { expiryRefusal, LICENCE_RULE_TEXT, todayUtc, verifyRefusal } from '../../domain/licenses';
import { read, SUPER_ADMIN_ROLES, write } from '../../domain/route-access';
import { writeAudit } from '../audit/audit';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { actorOf } from '../auth/secure-plugin';
import { withTx } from '../db/tx';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { LICENCE_COLS, presentLicence, type LicenceRow } from './profile-store';
import { licenceSchema } from './schemas';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function ownClinicianId(actor: Actor): string {
  if (!actor.clinician) throw notFound('no clinician profile for this user');
  return actor.clinician.id;
}

/** A licence already expired is refused on arrival (400, the reason), added or changed. */
function assertNotExpired(expirationDate: string) {
  const refusal = expiryRefusal(expirationDate, todayUtc());
  if (refusal) throw badRequest(refusal);
}

/**
 * Inserts one of the caller's licences; one already expired is refused, a second licence for a state is a conflict
 * (one licence per state: edit it).
 */
export async function addLicence(pool: Pool, req: FastifyRequest, input: Omit<LicenceBody, 'id'>) {
  const actor = actorOf(req);
  const clinicianId = ownClinicianId(actor);
  assertNotExpired(input.expirationDate);
  return withTx(pool, async (client) => {
    const { rows } = await client.query<LicenceRow>(
      `INSERT INTO licences (clinician_id, state, license_id, expiration_date, good_standing, acknowledgement)
       SELECT $1, $2, $3, $4, $5, $6
        WHERE NOT EXISTS (SELECT 1 FROM licences WHERE clinician_id = $1 AND state = $2)
       RETURNING ${LICENCE_COLS}`,
      [clinicianId, input.state, input.licenseId, input.expirationDate, input.goodStanding, input.acknowledgement]);
    if (!rows[0]) throw conflict(LICENCE_RULE_TEXT.duplicateState);
    await writeHistory(client, actor, { entityType: 'licence', entityId: rows[0].id, action: 'LICENCE_ADDED', comment: `state ${input.state}` });
    await writeAudit(client, req, { action: 'CREATE', entityType: 'licence', entityId: rows[0].id, outcome: 'SUCCESS' });
    return presentLicence(rows[0]);
  });
}

async function lockOwnLicence(client: PoolClient, id: string, clinicianId: string) {
  const { rows } = await client.query<LicenceRow>(`SELECT ${LICENCE_COLS} FROM licences WHERE id = $1 AND clinician_id = $2 FOR UPDATE`, [id, clinicianId]);
  // Another clinician's licence answers as if it did not exist.
  if (!rows[0]) throw notFound('no such licence of yours');
  return rows[0];
}

const idOnly = z.strictObject({ id: z.guid() });

/**
 * The spec's licence writes (spec 3 §7): PATCH addLicence / updateLicence with a licence object (the spec's or the
 * stored names, booleans or 'true'/'false'), DELETE deleteLicence; own licences only. A super admin lists every
 * clinician's licences and verifies one (not an expired one). A licence the clinician adds or changes is unverified and
 * opens no patients until a super admin verifies it (domain/licenses.ts countsForScope). A change or a verification
 * takes effect on the clinician's next request: the licences table notifies the identity cache on commit.
 */
export function licenceWriteRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.patch('/secure/clinician/addLicence', {
    config: write('members'),
    schema: { tags: ['license'], body: licenceBodySchema, response: { 200: licenceSchema, ...err, 409: errorBody } },
  }, async (req) => {
    const { id: _ignored, ...input } = req.body;
    return addLicence(pool, req, input);
  });

  app.patch('/secure/clinician/updateLicence', {
    config: write('members'),
    schema: { tags: ['license'], body: licenceBodySchema, response: { 200: licenceSchema, ...err, 409: errorBody } },
  }, async (req) => {
    const actor = actorOf(req);
    const clinicianId = ownClinicianId(actor);
    const b = req.body;
    const id = z.guid().safeParse(b.id);
    if (!id.success) throw badRequest('id of the licence is required');
    assertNotExpired(b.expirationDate);
    return withTx(pool, async (client) => {
      const before = await lockOwnLicence(client, id.data, clinicianId);
      const changed = (['state', 'licenseId', 'expirationDate', 'goodStanding', 'acknowledgement'] as const).filter((f) => before[f] !== b[f]);
      if (!changed.length) throw new ApiError(400, PROFILE_TEXT.licenceNoChange, PROFILE_TEXT.licenceNoChange);
      const other = await client.query('SELECT 1 FROM licences WHERE clinician_id = $1 AND state = $2 AND id <> $3', [clinicianId, b.state, id.data]);
      if (other.rows.length) throw conflict(LICENCE_RULE_TEXT.duplicateState);
      // a changed licence is no longer the one a super admin verified: pending verification again, out of the scope
      const { rows } = await client.query<LicenceRow>(
          `UPDATE licences SET state = $3, license_id = $4, expiration_date = $5, good_standing = $6, acknowledgement = $7,
                  verified_at = NULL, verified_by = NULL
            WHERE id = $1 AND clinician_id = $2 RETURNING ${LICENCE_COLS}`,
          [id.data, clinicianId, b.state, b.licenseId, b.expirationDate, b.goodStanding, b.acknowledgement]);
      await writeHistory(client, actor, { entityType: 'licence', entityId: id.data, action: 'LICENCE_UPDATED', comment: `changed: ${changed.join(', ')}` });
      await writeAudit(client, req, { action: 'UPDATE', entityType: 'licence', entityId: id.data, outcome: 'SUCCESS' });
      return presentLicence(rows[0]);
    });
  });

  app.delete('/secure/clinician/deleteLicence', {
    config: write('members'),
    schema: { tags: ['license'], querystring: idOnly.partial(), body: idOnly.nullish(), response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const clinicianId = ownClinicianId(actor);
    const id = req.query.id ?? req.body?.id;
    if (!id) throw badRequest('id of the licence is required');
    await withTx(pool, async (client) => {
      const before = await lockOwnLicence(client, id, clinicianId);
      await client.query('DELETE FROM licences WHERE id = $1 AND clinician_id = $2', [id, clinicianId]);
      await writeHistory(client, actor, { entityType: 'licence', entityId: id, action: 'LICENCE_DELETED', comment: `state ${before.state}` });
      await writeAudit(client, req, { action: 'DELETE', entityType: 'licence', entityId: id, outcome: 'SUCCESS' });
    });
    return { id, deleted: true as const };
  });

  const adminRow = licenceSchema.extend({ clinicianId: z.string(), clinicianName: z.string() });
  app.get('/secure/clinician/licences/all', {
    config: read(SUPER_ADMIN_ROLES),
    schema: { tags: ['license'], response: { 200: z.array(adminRow), ...err } },
  }, async (req) => {
    const { rows } = await pool.query<LicenceRow & { clinicianId: string; clinicianName: string }>(
      `SELECT l.id, l.state, l.license_id AS "licenseId", l.expiration_date::text AS "expirationDate", l.good_standing AS "goodStanding",
              l.acknowledgement, l.verified_at IS NOT NULL AS "verified", c.id AS "clinicianId", c.first_name || ' ' || c.last_name AS "clinicianName"
         FROM licences l JOIN clinicians c ON c.id = l.clinician_id ORDER BY c.last_name, c.first_name, l.state`);
    await writeAudit(pool, req, { action: 'READ', entityType: 'licence', outcome: 'SUCCESS' });
    return rows.map((r) => ({ ...presentLicence(r), clinicianId: r.clinicianId, clinicianName: r.clinicianName }));
  });

  app.patch('/secure/clinician/verifyLicence', {
    config: write(SUPER_ADMIN_ROLES),
    schema: { tags: ['license'], body: idOnly, response: { 200: licenceSchema, ...err, 409: errorBody } },
  }, async (req) => {
    const actor = actorOf(req);
    return withTx(pool, async (client) => {
      // locked, so that the clinician's edit (which unverifies) and this verification apply one after the other
      const found = await client.query<LicenceRow>(`SELECT ${LICENCE_COLS} FROM licences WHERE id = $1 FOR UPDATE`, [req.body.id]);
      if (!found.rows[0]) throw notFound('no such licence');
      const refusal = verifyRefusal(found.rows[0], todayUtc());
      if (refusal) throw conflict(refusal);
      const { rows } = await client.query<LicenceRow>(
        `UPDATE licences SET verified_at = now(), verified_by = $2 WHERE id = $1 RETURNING ${LICENCE_COLS}`, [req.body.id, actor.sub]);
      await writeHistory(client, actor, { entityType: 'licence', entityId: req.body.id, action: 'LICENCE_VERIFIED' });
      await writeAudit(client, req, { action: 'UPDATE', entityType: 'licence', entityId: req.body.id, outcome: 'SUCCESS' });
      return presentLicence(rows[0]);
    });
  });
}
