import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { maskRecord, mustMask } from '../../domain/masking';
import { writeAudit } from '../audit/audit';
import { actorOf } from '../auth/secure-plugin';
import { notFound } from '../errors';
import { errorBody } from '../http/validation';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** The patient header of the profile page (spec 3 §2): the response schema is also the allowlist of what leaves. */
const summarySchema = z.object({
  id: z.string(), userId: z.string(), subUUID: z.string(), firstName: z.string(), lastName: z.string(), name: z.string(),
  preferredName: z.string().nullable(), email: z.string().nullable(), phoneNumber: z.string().nullable(),
  dob: z.string().nullable(), state: z.string().nullable(), masked: z.boolean(),
});

/**
 * GET /secure/patient/detailsBySubId/{id} (spec 3 §7), the summary the patient profile header shows: any of
 * the five roles; masked (XXXXXX) in a viewer's invalid licence state except for auditors and super admins;
 * audited. An unknown id answers 404.
 */
export function patientRoutes(app: FastifyInstance, { pool }: { pool: Pool }) {
  app.get('/secure/patient/detailsBySubId/:id', {
    schema: { tags: ['patients'], params: z.strictObject({ id: z.guid() }), response: { 200: summarySchema, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const { id } = req.params as { id: string };
    const { rows } = await pool.query(
      `SELECT id::text, first_name AS "firstName", last_name AS "lastName", preferred_name AS "preferredName", email,
              phone AS "phoneNumber", dob::text AS dob, state FROM patients WHERE id = $1`, [id]);
    const row = rows[0];
    if (!row) throw notFound('no such patient');
    await writeAudit(pool, req, { action: 'READ', entityType: 'patient', entityId: id, patientId: id, outcome: 'SUCCESS' });
    const summary = { ...row, userId: row.id, subUUID: row.id, name: `${row.firstName} ${row.lastName}`.trim() };
    if (!mustMask(row.state, actor.licenceStates.inValidStates, actor.permissions.unmasked)) return { ...summary, masked: false };
    return { ...maskRecord(summary), id, userId: id, subUUID: id };
  });
}
