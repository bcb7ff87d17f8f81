import { PRODUCT_ORDER_ROLES, read } from '../../domain/route-access';
import type { ZodApp } from '../http/validation';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { isProductPaid, productTotals, type BookingDetail, type BookingProduct, type OrderSummary } from '../../domain/booking-detail';
import { CARE_TYPE_NAMES } from '../../domain/bookings';
import { lineDueCents } from '../../domain/booking-rules';
import type { Actor } from '../auth/actor';
import { accessOf, assertInScope, present } from '../auth/scope';
import { actorOf } from '../auth/secure-plugin';
import type { ServerConfig } from '../config';
import { forbidden, notFound } from '../errors';
import { auditorOf } from '../audit/auditor';
import { auditRead, loadBooking, loadKitIds, loadLog, loadProducts, type BookingRow } from './repository';
import {
  bookingDetailSchemas, catalogueSchema, errors, idParam, orderPaySummarySchema, orderSummarySchema, outboxSchema,
} from './schemas';
import { bookingFacts } from './viewer';

const BASE = '/secure/booking/v1';

/** Hub addresses (care locations of spec 2 §9); online visits have none. */
const LOCATION_ADDRESS: Record<string, string> = {
  DENVER_CAREHUB_01: '1600 Downing St, Denver, CO 80218',
  CHARLESTON_NV_89104: '900 E Charleston Blvd, Las Vegas, NV 89104',
  ONLINE: 'Online',
};

/**
 * The BookingDetail of a booking in the viewer's scope (readBooking answers 404 outside it), stripped to the viewer's
 * access level: staff and operation support get no clinical field, and products only with product and order access.
 */
export async function bookingDetail(pool: Pool, actor: Actor, r: BookingRow, calcomBaseUrl: string) {
  const facts = bookingFacts(r, actor);
  const access = accessOf(actor, { patientState: r.state, patientId: r.patientId });
  const [products, log, kitIds] = await Promise.all([
    actor.permissions.productOrderAccess || actor.permissions.unmasked ? loadProducts(pool, r.id) : Promise.resolve([]), loadLog(pool, r.id), loadKitIds(pool, r.id),
  ]);
  const careTypeName = CARE_TYPE_NAMES[r.careType] ?? r.careType;
  const detail: BookingDetail = {
    id: r.id, bookingStatus: r.bookingStatus, tagOrLabel: r.tagOrLabel, primaryClinicianId: r.primaryClinicianId,
    primaryClinicianName: r.primaryClinicianName, ...facts, patientId: r.patientId,
    city: r.city, state: r.state, zip: r.zip, address1: r.address1, address2: r.address2, firstName: r.firstName, lastName: r.lastName,
    email: r.email, phone: r.phone, mobile: r.mobile, dob: r.dob, genderAtBirth: r.genderAtBirth, pronoun: r.pronoun,
    medications: r.medications, symptoms: r.symptoms, customerNotes: r.customerNotes, allergies: r.allergies, isReturningPatient: r.isReturning,
    bookedAt: r.bookedAt.toISOString(), appntStart: r.appntStart.toISOString(), appntEnd: r.appntEnd.toISOString(),
    appntStartEpochSec: Math.floor(r.appntStart.getTime() / 1000), eventTimeZone: r.eventTimeZone,
    eventTitle: `${careTypeName} - ${r.firstName} ${r.lastName}`,
    careType: { name: r.careType, displayName: careTypeName },
    careLocation: { name: r.careLocation, address: LOCATION_ADDRESS[r.careLocation] ?? '', timezone: r.eventTimeZone },
    careStateRegion: r.state, documentS3UrlMap: r.documentKeys, isSelfCheckInIdentityVerified: r.identityVerified,
    selfCheckInCompletedSteps: r.selfCheckInSteps as BookingDetail['selfCheckInCompletedSteps'], patientIntakeJotformSubmissionLink: r.intakeLink,
    kitIds, onlineMeetingUrl: r.meetingUrl, onlineMeetingPwd: r.meetingPwd, consultMediumType: r.consultMedium, plannedMins: r.plannedMins,
    actualMins: r.actualMins, calComUniqueId: r.calComUniqueId, calcomBaseUrl, isOnboardTbd: r.hasAccount,
    products,
    appntNotes: log.filter((e) => e.kind !== 'CLINICAL_NOTE'),
    clinicalNotes: log.filter((e) => e.kind === 'CLINICAL_NOTE'),
    timeline: log.filter((e) => e.kind === 'REASSIGNED'),
    clinicalServiceMins: r.clinicalServiceMins, clinicalServiceNotes: r.clinicalServiceNotes, closingNotes: r.closingNotes,
    paymentMode: r.paymentMode, paymentAmount: r.paymentAmountCents === null ? null : r.paymentAmountCents / 100, paymentRefId: r.paymentRefId,
  };
  return present(access, detail, bookingDetailSchemas);
}

/** Order summary (spec 2 §3) from the booking's products, in dollars. */
export function orderSummary(bookingId: string, products: readonly BookingProduct[]): OrderSummary {
  const totals = productTotals(products);
  const paid = products.filter(isProductPaid);
  const unpaid = products.filter((p) => !isProductPaid(p));
  const due = unpaid.some((p) => lineDueCents(p) > 0);
  const anyPaid = paid.length > 0 || totals.netTotalPaid > 0;
  const paymentStatus = products.length === 0 || (!due && !anyPaid) ? 'NOT_REQUIRED' : !due ? 'PAID' : anyPaid ? 'PARTIALLY_PAID' : 'UNPAID';
  const line = (p: BookingProduct) => ({ name: p.name, qty: p.qty, unitPrice: p.unitPrice });
  return {
    plannedProducts: products.map((p) => ({ ...line(p), paymentStatus: p.paymentStatus, variantId: p.variantId, slug: p.slug })),
    unpaidProducts: unpaid.map((p) => ({ slug: p.slug, ...line(p) })),
    ...totals, paymentStatus, isRequirePayment: due,
    orders: paid.length ? [{ number: `ORD-${bookingId}`, products: paid.map(line) }] : [],
    childOrders: paid.length ? [{
      number: `ORD-${bookingId}-1`, grossTotalPaid: totals.grossTotalPaid, netTotalPaid: totals.netTotalPaid,
      netTotalPaidProductOnly: totals.netTotalPaid, donated: 0, paymentStatus: 'PAID',
    }] : [],
  };
}

/** Loads a booking for a read: 404 when absent or outside the reader's scope (never told apart); audited. */
export async function readBooking(pool: Pool, req: FastifyRequest, id: string, action = 'READ'): Promise<BookingRow> {
  const row = await loadBooking(pool, id);
  if (!row) throw notFound(`no booking ${id}`);
  assertInScope(actorOf(req), { patientState: row.state, patientId: row.patientId }, `no booking ${id}`);
  await auditRead(pool, auditorOf(req), row, action);
  return row;
}

/** Product and order data (spec 2 §6): staff, clinicians, super admins; auditors read. */
const assertProductAccess = (actor: Actor) => {
  if (!actor.permissions.productOrderAccess && !actor.permissions.unmasked) throw forbidden('Product and order data access is required');
};

/** Product and order data of a booking in the viewer's scope. */
async function productsFor(pool: Pool, req: FastifyRequest, id: string) {
  const actor = actorOf(req);
  assertProductAccess(actor);
  await readBooking(pool, req, id, 'READ_ORDER');
  return loadProducts(pool, id);
}

/** Reads of the booking detail screen (spec 2 §7). */
export function bookingDetailRoutes(app: ZodApp, { pool, config }: { pool: Pool; config: ServerConfig }) {
  const calcomBaseUrl = config.bookingPublicUrl;

  app.get(`${BASE}/get/:id`, { config: read('members', { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, response: { 200: bookingDetailSchemas.response, ...errors } } }, async (req) => {
    const row = await readBooking(pool, req, req.params.id);
    return bookingDetail(pool, actorOf(req), row, calcomBaseUrl);
  });

  app.get(`${BASE}/onboardStatus/:id`, {
    config: read('members', { licenceBound: true }),
    schema: { tags: ['bookings'], params: idParam, response: { 200: z.object({ isOnboardTbd: z.union([z.boolean(), z.string()]) }), ...errors } },
  }, async (req) => {
    const row = await readBooking(pool, req, req.params.id);
    return { isOnboardTbd: row.hasAccount };
  });

  app.get(`${BASE}/orderSummary/:id`, { config: read(PRODUCT_ORDER_ROLES, { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, response: { 200: orderSummarySchema, ...errors } } }, async (req) => {
    const { id } = req.params;
    return orderSummary(id, await productsFor(pool, req, id));
  });

  app.get('/api/booking/orderPaySummary', {
    config: read(PRODUCT_ORDER_ROLES, { licenceBound: true }),
    schema: { tags: ['store'], querystring: idParam, response: { 200: orderPaySummarySchema, ...errors } },
  }, async (req) => {
    const { id } = req.query;
    const { unpaidProducts, netTotalUnpaid, taxUnPaid, grossTotalUnpaid } = orderSummary(id, await productsFor(pool, req, id));
    return { unpaidProducts, netTotalUnpaid, taxUnPaid, grossTotalUnpaid };
  });

  app.get('/api/cms/bookingServices', {
    config: read('members'),
    schema: { tags: ['store'], querystring: z.strictObject({ stateCode: z.string().regex(/^[A-Z]{2}$/, 'stateCode is not valid').optional() }),
      response: { 200: catalogueSchema, ...errors } },
  }, async (req) => {
    const { stateCode } = req.query;
    const { rows } = await pool.query<{ group: string; items: z.infer<typeof catalogueSchema>[number]['bookingProducts'] }>(
      `SELECT group_title AS "group", json_agg(json_build_object('id', id, 'slug', slug, 'title', title, 'variantId', variant_id,
              'variantName', variant_name, 'price', price_cents / 100.0) ORDER BY sort_order) AS items
         FROM booking_services WHERE state_code IS NULL OR state_code = $1 GROUP BY group_title ORDER BY min(sort_order)`, [stateCode ?? null]);
    return rows.map((r) => ({ title: r.group, bookingProducts: r.items }));
  });

  app.get(`${BASE}/outbox/:id`, { config: read('members', { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, response: { 200: outboxSchema, ...errors } } }, async (req) => {
    const { id } = req.params;
    await readBooking(pool, req, id, 'READ_OUTBOX');
    const { rows } = await pool.query<{ id: string; kind: 'SIGN_UP_LINK'; to: string; subject: string; sentAt: Date }>(
      `SELECT id::text, kind, to_address AS "to", subject, sent_at AS "sentAt" FROM mail_outbox WHERE booking_id = $1 ORDER BY sent_at DESC, id`, [id]);
    return rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() }));
  });
}
