import { z } from 'zod';
import {
  addProductSchema,
  appointmentNotesSchema,
  cancelBookingSchema,
  clinicalNotesSchema,
  collectPaymentSchema,
  completeBookingSchema,
  completeClinicalSchema,
  deleteProductSchema,
  markConfirmedSchema,
  markPreNoShowCancelSchema,
  sendPatientSummarySchema,
  updatePatientInfoSchema,
  updateProductSchema,
} from '../../domain/booking-detail/booking-requests';
import { orderKitSchema } from '../../domain/booking-detail/booking-kit-form';
import { CLINICAL_DATA_ROLES, clinicalWrite, PRODUCT_ORDER_ROLES, write, type RouteAccess } from '../../domain/shared/route-access';
import type { ZodApp } from '../http/validation';
import { errors, idParam, okSchema } from './schemas';
import * as actions from './service-actions';
import * as products from './service-products';
import * as records from './service-records';

const BASE = '/secure/booking/v1';
const tags = ['bookings'];
const member = write('members', { licenceBound: true });
const clinical = clinicalWrite(CLINICAL_DATA_ROLES);
const productOrder = write(PRODUCT_ORDER_ROLES, { licenceBound: true });
/** A write on one booking answering its id. `idempotent`: a double submit answers once (Idempotency-Key, http/idempotency.ts). */
const route = <B extends z.ZodType>(body: B, access: { access: RouteAccess }, { idempotent = false } = {}) => ({
  config: idempotent ? { ...access, idempotent } : access,
  schema: { tags, params: idParam, body, response: { 200: okSchema, ...errors } },
});
const sentSchema = z.object({ id: z.string(), mailId: z.string(), sentAt: z.string() });
/** Every mail is idempotent: a double-submitted send mails once and answers the first result. */
const mailRoute = (access: { access: RouteAccess }) => ({
  config: { ...access, idempotent: true },
  schema: { tags, params: idParam, response: { 200: sentSchema, ...errors } },
});

/**
 * The actions of the booking detail screen (spec 2 §3, §4, §5, §7): notes, patient info, confirm, cancel / no-show,
 * completion, kit, products and cash payment, and the mails to the patient.
 */
export function bookingActionRoutes(app: ZodApp, mail: records.MailDeps) {
  app.patch(`${BASE}/updatePatientInfo/:id`, route(updatePatientInfoSchema, member), (req) =>
    actions.updatePatientInfo(req.data, req.params.id, req.body),
  );
  app.patch(`${BASE}/addNotes/:id`, route(appointmentNotesSchema, member), (req) => actions.addNotes(req.data, req.params.id, req.body.notes));
  app.patch(`${BASE}/addClinicalNotes/:id`, route(clinicalNotesSchema, clinical), (req) =>
    actions.addClinicalNotes(req.data, req.params.id, req.body.notes),
  );
  app.patch(`${BASE}/markConfirmed/:id`, route(markConfirmedSchema, member), (req) =>
    actions.markConfirmed(req.data, req.params.id, req.body.reasonOrComments),
  );
  app.delete(`${BASE}/cancel/:id`, route(cancelBookingSchema, member), (req) => actions.cancel(req.data, req.params.id, req.body));
  app.post(
    `${BASE}/markPreNoShowCancel`,
    {
      config: member,
      schema: { tags, body: markPreNoShowCancelSchema, response: { 200: okSchema, ...errors } },
    },
    (req) => actions.markPreNoShowCancel(req.data, req.body),
  );
  app.post(`${BASE}/completeClinical/:id`, route(completeClinicalSchema, clinical), (req) =>
    actions.completeClinical(req.data, req.params.id, req.body),
  );
  app.post(`${BASE}/complete/:id`, route(completeBookingSchema, member), (req) => actions.completeBooking(req.data, req.params.id, req.body));

  app.post(
    `${BASE}/orderKit/:id`,
    {
      config: { ...clinical, idempotent: true },
      schema: { tags, params: idParam, body: orderKitSchema, response: { 200: z.object({ kitId: z.string(), status: z.string() }), ...errors } },
    },
    (req) => records.orderKit(req.data, req.params.id, req.body),
  );

  app.patch(`${BASE}/updateProduct/:id`, route(updateProductSchema, productOrder), (req) =>
    products.updateProduct(req.data, req.params.id, req.body),
  );
  app.post(`${BASE}/deleteProduct/:id`, route(deleteProductSchema, productOrder), (req) =>
    products.deleteProduct(req.data, req.params.id, req.body.uniqueId),
  );
  app.post(`${BASE}/addProduct/:id`, route(addProductSchema, productOrder, { idempotent: true }), (req) =>
    products.addProduct(req.data, req.params.id, req.body),
  );
  app.post(`${BASE}/collectPayment/:id`, route(collectPaymentSchema, productOrder, { idempotent: true }), (req) =>
    products.collectPayment(req.data, req.params.id, req.body),
  );

  const summary = mailRoute(clinical);
  app.post(`${BASE}/sendPatientSummary/:id`, { ...summary, schema: { ...summary.schema, body: sendPatientSummarySchema } }, (req) =>
    records.sendPatientSummary(req.data, req.params.id, req.body.summary, mail),
  );
  app.post(`${BASE}/sendSignUpLink/:id`, mailRoute(member), (req) => records.sendSignUpLink(req.data, req.params.id, mail));
  app.post(`${BASE}/sendPayLink/:id`, mailRoute(productOrder), (req) => records.sendPayLink(req.data, req.params.id, mail));
}
