import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPrescribingPatientBodySchema,
  createPrescribingPatientResultSchema,
  createPrescriptionBodySchema,
  createPrescriptionResultSchema,
  prescriptionSchema,
  treatmentSchema,
  updateErxPatientIdBodySchema,
} from '../../domain/prescriptions/prescriptions';
import { CLINICAL_DATA_ROLES, clinicalWrite, read } from '../../domain/shared/route-access';
import { errorBody } from '../http/validation';
import * as service from './service';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody };
const tags = ['prescriptions'];
/** Prescribing is a clinician's act: clinicians only, and only for patients in their valid licence states. */
const prescribe = clinicalWrite(['clinicians']);

/**
 * E-prescribing (spec 1 §7, spec 2 §7, spec 3 §7): the provider's patient, created once and its id stored;
 * a patient's prescriptions; the prescription itself, from the provider widget's order or the local prescribe form;
 * the local form's formulary. HTTP only: rules in service.ts and src/domain/prescriptions/prescriptions.ts, SQL in repository.ts.
 */
export const prescriptionRoutes: FastifyPluginAsync<service.PrescriptionDeps> = async (plugin, deps) => {
  const r = plugin.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/photon/createPatient',
    {
      config: prescribe,
      schema: { tags, body: createPrescribingPatientBodySchema, response: { 200: createPrescribingPatientResultSchema, ...err } },
    },
    (req) => service.createPrescribingPatient(deps, req.data, req.body.patientId),
  );

  r.post(
    '/secure/patient/updatePhotonERxPatientId',
    {
      config: prescribe,
      schema: {
        tags,
        body: updateErxPatientIdBodySchema,
        response: { 200: z.object({ userId: z.string(), photonHealthErxPatientId: z.string() }), ...err },
      },
    },
    (req) => service.updatePrescribingId(deps, req.data, (req.body.userId ?? req.body.subUUID)!, req.body.photonERxPatientId),
  );

  r.post(
    '/api/photon/getPatientPrescriptions',
    {
      config: read(CLINICAL_DATA_ROLES, { licenceBound: true }),
      schema: { tags, body: z.strictObject({ patientId: z.guid() }), response: { 200: z.array(prescriptionSchema), ...err } },
    },
    (req) => req.data.prescriptions.prescriptionsOf(req.body.patientId, deps.prescribing),
  );

  r.post(
    '/secure/clinician/createPrescription',
    {
      config: { ...prescribe, idempotent: true },
      schema: { tags, body: createPrescriptionBodySchema, response: { 200: createPrescriptionResultSchema, ...err } },
    },
    (req) => service.createPrescription(deps, req.data, req.body),
  );

  r.get(
    '/secure/clinician/prescribing/formulary',
    {
      config: read(['clinicians']),
      schema: { tags, response: { 200: z.array(treatmentSchema), ...err } },
    },
    (req) => req.data.prescriptions.formulary(deps.prescribing),
  );
};
