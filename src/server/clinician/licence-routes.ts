import { z } from 'zod';
import { licenceBodySchema } from '../../domain/clinician/clinician-profile';
import { allLicencesQuerySchema } from '../../domain/clinician/licenses';
import { read, SUPER_ADMIN_ROLES, write } from '../../domain/shared/route-access';
import { withContentRange } from '../http/content-range';
import { errorBody, type ZodApp } from '../http/validation';
import { licenceSchema } from './schemas';
import { addLicence, deleteLicence, updateLicence } from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idOnly = z.strictObject({ id: z.guid() });
const adminRow = licenceSchema.extend({ clinicianId: z.string(), clinicianName: z.string() });

/**
 * The spec's licence writes (spec 3 §7): PATCH addLicence / updateLicence with a licence object (the spec's or the
 * stored names, booleans or 'true'/'false'), DELETE deleteLicence; own licences only. A super admin lists every
 * clinician's licences (in the simple REST list conventions, domain/shared/rest-list.ts) and verifies one (not an expired one). A licence the clinician adds or changes is unverified and
 * opens no patients until a super admin verifies it (domain/licenses.ts countsForScope). A change or a verification
 * takes effect on the clinician's next request: the licences table notifies the identity cache on commit. HTTP only.
 */
export function licenceWriteRoutes(app: ZodApp) {
  app.patch(
    '/secure/clinician/addLicence',
    {
      config: write('members'),
      schema: { tags: ['license'], body: licenceBodySchema, response: { 200: licenceSchema, ...err, 409: errorBody } },
    },
    (req) => {
      const { id: _ignored, ...input } = req.body;
      return addLicence(req.data, input);
    },
  );

  app.patch(
    '/secure/clinician/updateLicence',
    {
      config: write('members'),
      schema: { tags: ['license'], body: licenceBodySchema, response: { 200: licenceSchema, ...err, 409: errorBody } },
    },
    (req) => updateLicence(req.data, req.body),
  );

  app.delete(
    '/secure/clinician/deleteLicence',
    {
      config: write('members'),
      schema: {
        tags: ['license'],
        querystring: idOnly.partial(),
        body: idOnly.nullish(),
        response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...err },
      },
    },
    (req) => deleteLicence(req.data, req.query.id ?? req.body?.id),
  );

  app.get(
    '/secure/clinician/licences/all',
    {
      config: read(SUPER_ADMIN_ROLES),
      schema: { tags: ['license'], querystring: allLicencesQuerySchema, response: { 200: z.array(adminRow), ...err } },
    },
    async (req, reply) => withContentRange(reply, await req.data.clinicians.allLicences(req.query), req.query.first),
  );

  app.patch(
    '/secure/clinician/verifyLicence',
    {
      config: write(SUPER_ADMIN_ROLES),
      schema: { tags: ['license'], body: idOnly, response: { 200: licenceSchema, ...err, 409: errorBody } },
    },
    (req) => req.data.transaction((tx) => tx.clinicians.verifyLicence(req.body.id)),
  );
}
