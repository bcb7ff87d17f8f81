import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NPI_NOT_FOUND } from '../../domain/i18n/en/chart-note';
import { CLINICAL_DATA_ROLES, read, write } from '../../domain/shared/route-access';
import { clinicianTemplateInputSchema, clinicianTemplateUpdateSchema } from '../../domain/templates/templates';
import type { ContentService } from '../adapters/content';
import type { NpiLookup } from '../adapters/npi';
import { notFound } from '../errors';
import { errorBody } from '../http/validation';
import { createTemplate, updateTemplate } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const templateSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), updatedAt: z.string() });

/** The signed-in clinician's templates (owner only), the content service pages and the NPI lookup. HTTP only. */
export const templateRoutes: FastifyPluginAsync<{ content: ContentService; npi: NpiLookup }> = async (plugin, { content, npi }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/secure/clinician/template',
    {
      config: read(CLINICAL_DATA_ROLES),
      schema: { tags: ['templates'], response: { 200: z.array(templateSchema), ...err } },
    },
    (req) => req.data.clinicians.templates.list(),
  );
  app.post(
    '/secure/clinician/template',
    {
      config: { ...write(['clinicians', 'super_admin']), idempotent: true }, // a resend after a lost answer creates one template
      schema: { tags: ['templates'], body: clinicianTemplateInputSchema, response: { 200: templateSchema, ...err } },
    },
    (req) => createTemplate(req.data, req.body),
  );
  app.put(
    '/secure/clinician/template',
    {
      config: write(['clinicians', 'super_admin']),
      schema: { tags: ['templates'], body: clinicianTemplateUpdateSchema, response: { 200: templateSchema, ...err } },
    },
    (req) => updateTemplate(req.data, req.body),
  );

  app.get(
    '/secure/content/:page',
    {
      config: read('members'),
      schema: {
        tags: ['content'],
        params: z.strictObject({ page: z.string().regex(/^[a-z0-9-]{1,60}$/) }),
        response: { 200: z.object({ data: z.object({ data: z.object({ attributes: z.record(z.string(), z.unknown()) }) }) }), ...err },
      },
    },
    async (req) => {
      const attributes = await content.attributes(req.params.page);
      if (!attributes) throw notFound('no such content page');
      return { data: { data: { attributes } } };
    },
  );

  app.get(
    '/secure/npi',
    {
      config: read('members'),
      schema: {
        tags: ['clinician'],
        querystring: z.strictObject({ name: z.string().trim().min(1).max(200) }),
        response: { 200: z.object({ name: z.string(), npi: z.string() }), ...err },
      },
    },
    async (req) => {
      const match = await npi.find(req.query.name);
      if (!match) throw notFound(NPI_NOT_FOUND);
      return match;
    },
  );
};
