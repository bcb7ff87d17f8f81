import type { Pool } from 'pg';
import { z } from 'zod';
import { NPI_NOT_FOUND } from '../../domain/i18n/en/chart-note';
import type { NpiLookup } from '../adapters/npi';
import { clinicianTemplateInputSchema, clinicianTemplateUpdateSchema } from '../../domain/templates';
import type { ContentService } from '../adapters/content';
import { writeAudit } from '../audit/audit';
import { actorOf } from '../auth/secure-plugin';
import { forbidden, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import { CLINICAL_DATA_ROLES, read, write } from '../../domain/route-access';
import { sanitizeHtml } from '../sanitize';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const templateSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), updatedAt: z.string() });
const COLS = `id, name, description, updated_at AS "updatedAt"`;
interface TemplateRow { id: string; name: string; description: string; updatedAt: Date }
const iso = (r: TemplateRow) => ({ ...r, updatedAt: r.updatedAt.toISOString() });

/** The signed-in clinician's templates (owner only), the content service pages and the NPI lookup. */
export function templateRoutes(app: ZodApp, { pool, content, npi }: { pool: Pool; content: ContentService; npi: NpiLookup }) {
  const ownerId = (req: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(req);
    if (!actor.clinician) throw forbidden('templates belong to a clinician profile');
    return actor.clinician.id;
  };

  app.get('/secure/clinician/template', { config: read(CLINICAL_DATA_ROLES), schema: { tags: ['templates'], response: { 200: z.array(templateSchema), ...err } } }, async (req) => {
    const { rows } = await pool.query<TemplateRow>(`SELECT ${COLS} FROM clinician_templates WHERE clinician_id = $1 ORDER BY updated_at DESC`, [ownerId(req)]);
    return rows.map(iso);
  });
  app.post('/secure/clinician/template', {
    config: { ...write(['clinicians', 'super_admin']), idempotent: true }, // a resend after a lost answer creates one template
    schema: { tags: ['templates'], body: clinicianTemplateInputSchema, response: { 200: templateSchema, ...err } },
  }, async (req) => {
    const b = req.body;
    const { rows } = await pool.query<TemplateRow>(`INSERT INTO clinician_templates (clinician_id, name, description) VALUES ($1, $2, $3) RETURNING ${COLS}`,
      [ownerId(req), b.name, sanitizeHtml(b.description)]);
    await writeAudit(pool, req, { action: 'CREATE', entityType: 'clinician_template', entityId: rows[0].id, outcome: 'SUCCESS' });
    return iso(rows[0]);
  });
  app.put('/secure/clinician/template', {
    config: write(['clinicians', 'super_admin']),
    schema: { tags: ['templates'], body: clinicianTemplateUpdateSchema, response: { 200: templateSchema, ...err } },
  }, async (req) => {
    const b = req.body;
    const { rows } = await pool.query<TemplateRow>(
      `UPDATE clinician_templates SET name = $3, description = $4, updated_at = now() WHERE id = $1 AND clinician_id = $2 RETURNING ${COLS}`,
      [b.id, ownerId(req), b.name, sanitizeHtml(b.description)]);
    if (!rows[0]) throw notFound('no such template of yours');
    await writeAudit(pool, req, { action: 'UPDATE', entityType: 'clinician_template', entityId: b.id, outcome: 'SUCCESS' });
    return iso(rows[0]);
  });

  app.get('/secure/content/:page', {
    config: read('members'),
    schema: { tags: ['content'], params: z.strictObject({ page: z.string().regex(/^[a-z0-9-]{1,60}$/) }),
      response: { 200: z.object({ data: z.object({ data: z.object({ attributes: z.record(z.string(), z.unknown()) }) }) }), ...err } },
  }, async (req) => {
    const attributes = await content.attributes(req.params.page);
    if (!attributes) throw notFound('no such content page');
    return { data: { data: { attributes } } };
  });

  app.get('/secure/npi', {
    config: read('members'),
    schema: { tags: ['clinician'], querystring: z.strictObject({ name: z.string().trim().min(1).max(200) }),
      response: { 200: z.object({ name: z.string(), npi: z.string() }), ...err } },
  }, async (req) => {
    const match = await npi.find(req.query.name);
    if (!match) throw notFound(NPI_NOT_FOUND);
    return match;
  });
}
