import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_MAX, isValidEmail } from '../../domain/shared/contact';
import { passConsentBodySchema, passConsentResultSchema } from '../../domain/kits/pass';
import {
  bookingsQuerySchema,
  eventsQuerySchema,
  kitResultSchema,
  kitsQuerySchema,
  ordersQuerySchema,
  patientEventSchema,
  profileBookingSchema,
  profileKitSchema,
  profileOrderSchema,
} from '../../domain/patients/patient-profile';
import { patientClinicalSchema, patientOperationalSchema, patientUpdateSchema } from '../../domain/patients/patients';
import { patientListQuerySchema, patientSearchResultSchema, searchBodySchema } from '../../domain/patients/patient-search';
import { CLINICAL_DATA_ROLES, PRODUCT_ORDER_ROLES, read, write } from '../../domain/shared/route-access';
import { ensureDemoProfilePics } from '../db/seed/patients.sql';
import { datedCsvName, sendCsv } from '../http/csv-export';
import { errorBody } from '../http/validation';
import { changePassConsent } from './pass-consent';
import { profileListCsv } from './list-export';
import * as service from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['patients'];
const idParams = z.strictObject({ id: z.guid() });
/** Every patient read of the five roles is limited to a licence-bound clinician's valid licence states. */
const reads = read('members', { licenceBound: true });
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
/** The patient as it leaves: one allowlist per access level (clinical fields only with clinical access). */
const patientResponse = z.union([patientClinicalSchema, patientOperationalSchema]);

/** A stored picture as the answer: its own type, never sniffed, never cached. */
const sendPicture = (reply: FastifyReply, obj: { contentType: string; body: Buffer | Uint8Array }) =>
  reply
    .header('content-type', obj.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(obj.body);

export interface PatientPluginOptions extends service.PatientDeps {
  demoPictures?: string | null;
}

/**
 * Patients (spec 3 §2, §7): search (bar and page), the profile's patient by sub id or e-mail, its account-details
 * update, picture, and the profile's lists (bookings, kits and a kit's result, orders, events). HTTP only: rules in
 * service.ts and src/domain/patients/patients.ts; SQL, scope, masking and audit in the repository (req.data.patients).
 */
export const patientRoutes: FastifyPluginAsync<PatientPluginOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const deps: service.PatientDeps = { storage: opts.storage };
  if (opts.demoPictures) await ensureDemoProfilePics(opts.demoPictures);

  app.post(
    '/secure/patient/search',
    {
      config: reads,
      schema: { tags, body: searchBodySchema, response: { 200: z.array(patientSearchResultSchema), ...err } },
    },
    (req) => service.searchBar(req.data, req.body),
  );

  app.get(
    '/secure/patient',
    {
      config: reads,
      schema: { tags, querystring: patientListQuerySchema, response: { 200: page(patientSearchResultSchema), ...err } },
    },
    (req) => service.searchPage(req.data, req.query),
  );

  /** The search page's full export (CSV), the same criteria and sort; validated before the first byte. */
  app.get(
    '/secure/patient/export',
    {
      config: reads,
      schema: { tags, querystring: patientListQuerySchema.omit({ page: true, perPage: true }) },
    },
    (req, reply) => sendCsv(reply, datedCsvName('patients'), service.searchExport(req.data, req.query)),
  );

  app.get(
    '/secure/patient/detailsBySubId/:id',
    {
      config: reads,
      schema: { tags, params: idParams, response: { 200: patientResponse, ...err } },
    },
    (req) => req.data.patients.open(req.params.id),
  );

  app.get(
    '/secure/patient/detail/email/:email',
    {
      config: reads,
      schema: {
        tags,
        params: z.strictObject({ email: z.string().max(EMAIL_MAX).refine(isValidEmail, 'Please enter a valid e-mail') }),
        response: { 200: patientResponse, ...err },
      },
    },
    (req) => req.data.patients.openByEmail(req.params.email),
  );

  /** Update of the patient's account details (the basic-details card); not for auditors (write). */
  app.put(
    '/secure/patient/:id',
    {
      config: write('members', { licenceBound: true }),
      schema: { tags, params: idParams, body: patientUpdateSchema, response: { 200: patientResponse, ...err } },
    },
    (req) => service.updatePatientDetails(req.data, req.params.id, req.body),
  );

  app.get('/secure/user/patientProfilePic/:id', { config: reads, schema: { tags, params: idParams } }, async (req, reply) =>
    sendPicture(reply, await service.profilePic(deps, req.data, req.params.id)),
  );

  app.get(
    '/secure/patient/bookings',
    {
      config: reads,
      schema: { tags, querystring: bookingsQuerySchema, response: { 200: page(profileBookingSchema), ...err } },
    },
    (req) => req.data.patients.bookings(req.query),
  );

  app.get(
    '/secure/patient/kits',
    {
      config: reads,
      schema: { tags, querystring: kitsQuerySchema, response: { 200: page(profileKitSchema), ...err } },
    },
    (req) => req.data.patients.kits(req.query),
  );

  app.get(
    '/secure/patient/kits/:kitId/result',
    {
      config: read(CLINICAL_DATA_ROLES, { licenceBound: true }),
      schema: { tags, params: z.strictObject({ kitId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) }), response: { 200: kitResultSchema, ...err } },
    },
    (req) => req.data.patients.kitResult(req.params.kitId),
  );

  app.get(
    '/secure/patient/orders',
    {
      config: read(PRODUCT_ORDER_ROLES, { licenceBound: true }),
      schema: { tags, querystring: ordersQuerySchema, response: { 200: page(profileOrderSchema), ...err } },
    },
    (req) => req.data.patients.orders(req.query),
  );

  app.get(
    '/secure/patient/events',
    {
      config: reads,
      schema: { tags, querystring: eventsQuerySchema, response: { 200: page(patientEventSchema), ...err } },
    },
    (req) => req.data.patients.events(req.query),
  );

  /** The profile lists' full exports (CSV of every row matching the list's filter; spec 3 §9), with the lists' roles. */
  const noPaging = { page: true, perPage: true } as const;
  app.get('/secure/patient/bookings/export', { config: reads, schema: { tags, querystring: bookingsQuerySchema.omit(noPaging) } }, (req, reply) =>
    sendCsv(reply, datedCsvName('appointments'), profileListCsv.bookings(req.data, req.query)),
  );
  app.get('/secure/patient/kits/export', { config: reads, schema: { tags, querystring: kitsQuerySchema.omit(noPaging) } }, (req, reply) =>
    sendCsv(reply, datedCsvName('kits'), profileListCsv.kits(req.data, req.query)),
  );
  app.get(
    '/secure/patient/orders/export',
    { config: read(PRODUCT_ORDER_ROLES, { licenceBound: true }), schema: { tags, querystring: ordersQuerySchema.omit(noPaging) } },
    (req, reply) => sendCsv(reply, datedCsvName('orders'), profileListCsv.orders(req.data, req.query)),
  );
  app.get('/secure/patient/events/export', { config: reads, schema: { tags, querystring: eventsQuerySchema.omit(noPaging) } }, (req, reply) =>
    sendCsv(reply, datedCsvName('history'), profileListCsv.events(req.data, req.query)),
  );

  /** PATCH /secure/patient/{id}/passConsent { shareWIthPass }: Change Consent Status (see pass-consent.ts). */
  app.patch(
    '/secure/patient/:id/passConsent',
    {
      config: write(['clinicians', 'super_admin', 'staff'], { licenceBound: true }),
      schema: { tags, params: idParams, body: passConsentBodySchema, response: { 200: passConsentResultSchema, ...err, 409: errorBody } },
    },
    (req) => changePassConsent(req.data, req.params.id, req.body),
  );
};
