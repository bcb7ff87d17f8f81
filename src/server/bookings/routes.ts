import { read, write } from '../../domain/route-access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { Readable } from 'node:stream';
import { z } from 'zod';
import {
  bookingTransitionRefusal, calendarQuerySchema, findBookingsSchema, tagSchema, updateStatusSchema,
  type FindBookings,
} from '../../domain/bookings';
import { csvLine } from '../../domain/csv';
import { writeAudit, writeAuditMany } from '../audit/audit';
import { writeHistory } from '../audit/history';
import type { Actor } from '../auth/actor';
import { assertInScope, inScope, scopeOf } from '../auth/scope';
import { actorOf } from '../auth/secure-plugin';
import { withTx } from '../db/tx';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import type { AppStorage } from '../adapters/object-storage';
import { createMailer, type Mailer } from '../adapters/mail';
import type { ServerConfig } from '../config';
import { ensureDemoDocuments } from '../db/seed/demo-documents';
import { bookingActionRoutes } from './actions';
import { bookingDetailRoutes } from './detail';
import { bookingIdentityRoutes } from './identity';
import { bookingKitRoutes } from './kit';
import { bookingMessagingRoutes } from './messaging';
import { bookingProductRoutes } from './products';
import { addLog } from './repository';
import { bookingRowSchemas, calendarEventSchema, patientIdParam } from './schemas';
import { BOOKING_COLUMNS, BOOKING_FROM, bookingListColumns, CALENDAR_EVENT_COLUMNS, findWhere } from './sql';
import { bookingFacts, presentBookingRow, presentCalendarEvent, type BookingListRow } from './viewer';

const BASE = '/secure/booking/v1';
const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const rowList = z.array(bookingRowSchemas.response);
/** What the status, tag and assignment writes answer. */
const writeResult = z.object({ id: z.string(), bookingStatus: z.string().optional(), tagOrLabel: z.string().optional(), primaryClinicianId: z.string().optional() });
const idParam = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
type Row = BookingListRow;

const tzOf = (actor: Actor) => actor.clinician?.timezone ?? 'UTC';

/** Audits the rows returned; a masked row discloses no patient, so it carries no patient id. */
const audited = (actor: Actor, rows: Row[]) =>
  rows.map((r) => ({ entityId: r.id, patientId: inScope(actor, { patientState: r.state }) ? r.patientId : null }));

async function find(pool: Pool, req: FastifyRequest, s: FindBookings, limit: number, offset: number) {
  const actor = actorOf(req);
  const { where, params } = findWhere(s, actor, tzOf(actor));
  const [rows, count] = await Promise.all([
    pool.query<Row>(`SELECT ${bookingListColumns(scopeOf(actor).clinical)} FROM ${BOOKING_FROM} WHERE ${where}
      ORDER BY b.start_at DESC, b.id LIMIT ${limit} OFFSET ${offset}`, params),
    // Every booking has its patient (NOT NULL, foreign key): without a patient condition the count needs no join.
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM bookings b${/\bp\./.test(where) ? ' JOIN patients p ON p.id = b.patient_id' : ''}
      WHERE ${where}`, params),
  ]);
  await writeAuditMany(pool, req, 'READ', 'booking', audited(actor, rows.rows));
  return { items: rows.rows.map((r) => presentBookingRow(r, actor)), total: count.rows[0].n };
}

/** Lock a booking and check the actor may change it; outside the actor's scope it reads as unknown (404). */
async function lockBooking(client: import('pg').PoolClient, actor: Actor, id: string) {
  const { rows } = await client.query<Row & { bookingStatus: string }>(
    `SELECT ${BOOKING_COLUMNS} FROM ${BOOKING_FROM} WHERE b.id = $1 FOR UPDATE OF b`, [id]);
  if (!rows[0]) throw notFound(`no booking ${id}`);
  assertInScope(actor, { patientState: rows[0].state }, `no booking ${id}`);
  const facts = bookingFacts(rows[0], actor);
  if (facts.isReadOnly) throw new ApiError(403, 'Forbidden', `Action not permitted. Reason: ${facts.readOnlyReason}`);
  return rows[0];
}

export interface BookingDeps { pool: Pool; storage: AppStorage; config: ServerConfig; mailer?: Mailer }

/**
 * Bookings (spec 2 §7): search, calendar range, a patient's bookings, status, tag and assignment here; the detail
 * screen's reads, actions, products, identity documents, mails and kits in their own files.
 */
export async function bookingRoutes(app: ZodApp, { pool, storage, config, mailer }: BookingDeps) {
  if (config.storage.kind === 'local' && config.mode === 'local') await ensureDemoDocuments(config.storage.root);
  bookingDetailRoutes(app, { pool, config });
  bookingActionRoutes(app, { pool });
  bookingProductRoutes(app, { pool });
  bookingIdentityRoutes(app, { pool, storage });
  bookingMessagingRoutes(app, { pool, mailer: mailer ?? createMailer(config), publicUrl: config.bookingPublicUrl });
  bookingKitRoutes(app, { pool });

  app.post(`${BASE}/findBookings`, { config: read('members', { licenceBound: true }), schema: { tags: ['bookings'], body: findBookingsSchema, response: { 200: z.object({ items: rowList, total: z.number() }), ...err } } },
    (req) => {
      const s = req.body as FindBookings;
      return find(pool, req, s, s.perPage, (s.page - 1) * s.perPage);
    });

  app.post(`${BASE}/findBookings/export`, { config: read('members', { licenceBound: true }), schema: { tags: ['bookings'], body: findBookingsSchema } }, async (req, reply) => {
    const s = req.body as FindBookings;
    const header = ['Booking ID', 'Name', 'Email', 'Phone', 'DOB', 'State', 'City', 'Care Type', 'Care Location', 'Primary Clinician',
      'Appointment Start', 'Appointment End', 'Products', 'Status', 'Tag'];
    async function* lines() {
      yield csvLine(header);
      for (let page = 0; ; page += 1) {
        const { items } = await find(pool, req, s, 1000, page * 1000);
        for (const b of items as Array<Record<string, any>>) {
          yield csvLine([b.id, b.name, b.email, b.phone, b.dob, b.state, b.city, b.careType?.displayName ?? b.careType, b.careLocation,
            b.primaryClinicianName ?? 'Unassigned', b.appntStart, b.appntEnd, '', b.bookingStatus, b.tagOrLabel]);
        }
        if (items.length < 1000) break;
      }
    }
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="bookings.csv"');
    return reply.send(Readable.from(lines()));
  });

  app.get(`${BASE}/bookings`, {
    config: read('members', { licenceBound: true }),
    schema: { tags: ['bookings'], querystring: calendarQuerySchema, response: { 200: z.union([rowList, z.array(calendarEventSchema)]), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const q = req.query as z.infer<typeof calendarQuerySchema>;
    const events = q.view === 'events';
    const params: unknown[] = [tzOf(actor)];
    const where = q.date
      ? [`b.start_at >= ($${params.push(q.date)}::date::timestamp AT TIME ZONE $1) AND b.start_at < (($${params.length}::date + 1)::timestamp AT TIME ZONE $1)`]
      : [`$1::text IS NOT NULL AND b.start_at >= $${params.push(q.from)}::timestamptz AND b.start_at < $${params.push(q.to)}::timestamptz`];
    if (q.location !== 'ALL') where.push(`b.care_location = $${params.push(q.location)}`);
    if (q.type === 'SELF') where.push(`b.clinician_id = $${params.push(actor.sub)}::uuid`);
    if (q.type === 'UNASSIGNED') where.push('b.clinician_id IS NULL');
    if (q.clinicianId) where.push(`b.clinician_id = $${params.push(q.clinicianId)}::uuid`);
    const columns = events ? CALENDAR_EVENT_COLUMNS : bookingListColumns(scopeOf(actor).clinical);
    const { rows } = await pool.query<Row>(`SELECT ${columns} FROM ${BOOKING_FROM}
      WHERE ${where.join(' AND ')} ORDER BY b.start_at, b.id LIMIT 2000`, params);
    await writeAuditMany(pool, req, 'READ', 'booking', audited(actor, rows));
    return events ? rows.map((r) => presentCalendarEvent(r, actor)) : rows.map((r) => presentBookingRow(r, actor));
  });

  app.get(`${BASE}/patient/bookings/:patientId`, {
    config: read('members', { licenceBound: true }),
    schema: { tags: ['bookings'], params: patientIdParam, response: { 200: rowList, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const { patientId } = req.params as { patientId: string };
    // A patient's bookings are that patient's record: unknown or outside the scope, the patient reads as unknown.
    const patient = await pool.query<{ state: string | null }>(`SELECT state FROM patients WHERE id = $1`, [patientId]);
    if (!patient.rows[0]) throw notFound('no such patient');
    assertInScope(actor, { patientState: patient.rows[0].state }, 'no such patient');
    const { rows } = await pool.query<Row>(`SELECT ${bookingListColumns(scopeOf(actor).clinical)} FROM ${BOOKING_FROM}
      WHERE b.patient_id = $1 ORDER BY b.start_at DESC, b.id LIMIT 500`, [patientId]);
    await writeAuditMany(pool, req, 'READ', 'booking', audited(actor, rows));
    return rows.map((r) => presentBookingRow(r, actor));
  });

  app.patch(`${BASE}/updateStatus/:id`, { config: write('members', { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, body: updateStatusSchema, response: { 200: writeResult, ...err } } }, async (req) => {
    const actor = actorOf(req);
    const body = req.body as z.infer<typeof updateStatusSchema>;
    return withTx(pool, async (client) => {
      const b = await lockBooking(client, actor, (req.params as { id: string }).id);
      const refusal = bookingTransitionRefusal(String(b.bookingStatus), body.bookingStatus);
      if (refusal) throw conflict(refusal);
      const res = await client.query(`UPDATE bookings SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`, [b.id, b.bookingStatus, body.bookingStatus]);
      if (res.rowCount !== 1) throw conflict('the booking changed meanwhile; reload it');
      await writeHistory(client, actor, { entityType: 'booking', entityId: b.id, action: 'UPDATE_STATUS', fromStatus: String(b.bookingStatus), toStatus: body.bookingStatus, comment: body.reasonOrComments });
      await addLog(client, actor, b.id, 'STATUS', `Status changed to ${body.bookingStatus}: ${body.reasonOrComments}`);
      await writeAudit(client, req, { action: 'UPDATE_STATUS', entityType: 'booking', entityId: b.id, patientId: b.patientId, outcome: 'SUCCESS' });
      return { id: b.id, bookingStatus: body.bookingStatus };
    });
  });

  app.patch(`${BASE}/addTagOrLabel/:id`, { config: write('members', { licenceBound: true }), schema: { tags: ['bookings'], params: idParam, body: tagSchema, response: { 200: writeResult, ...err } } }, async (req) => {
    const actor = actorOf(req);
    const { label } = req.body as { label: string };
    return withTx(pool, async (client) => {
      const b = await lockBooking(client, actor, (req.params as { id: string }).id);
      await client.query(`UPDATE bookings SET tag = $2 WHERE id = $1`, [b.id, label]);
      await writeHistory(client, actor, { entityType: 'booking', entityId: b.id, action: 'TAG', comment: label });
      await writeAudit(client, req, { action: 'TAG', entityType: 'booking', entityId: b.id, patientId: b.patientId, outcome: 'SUCCESS' });
      return { id: b.id, tagOrLabel: label };
    });
  });

  /**
   * Assign to me / re-assign to me, with optimistic concurrency: the body names the assignee the user saw
   * (expectedClinicianId, null or absent = unassigned). If it changed meanwhile the call is a 409, so of
   * concurrent attempts exactly one wins.
   */
  app.patch(`${BASE}/assignToMe/:id`, {
    config: write(['clinicians', 'super_admin'], { licenceBound: true }),
    schema: { tags: ['bookings'], params: idParam, body: z.strictObject({ expectedClinicianId: z.guid().nullable().optional() }).nullish(),
      response: { 200: writeResult, ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    if (!actor.permissions.clinicalAccess) throw forbidden('Action not permitted. Reason: no write access to clinical data');
    const expected = (req.body as { expectedClinicianId?: string | null } | undefined)?.expectedClinicianId ?? null;
    return withTx(pool, async (client) => {
      const b = await lockBooking(client, actor, (req.params as { id: string }).id);
      if (b.primaryClinicianId === actor.sub) throw conflict('Booking already assigned to you');
      if ((b.primaryClinicianId ?? null) !== expected) throw conflict('the booking was assigned to another clinician meanwhile');
      const previous = b.primaryClinicianId;
      await client.query(`UPDATE bookings SET clinician_id = $2 WHERE id = $1`, [b.id, actor.sub]);
      await writeHistory(client, actor, { entityType: 'booking', entityId: b.id, action: previous ? 'REASSIGN' : 'ASSIGN', comment: previous ? 'Patient Re-Assigned' : null });
      if (previous) await addLog(client, actor, b.id, 'REASSIGNED', 'Patient Re-Assigned');
      await writeAudit(client, req, { action: 'ASSIGN', entityType: 'booking', entityId: b.id, patientId: b.patientId, outcome: 'SUCCESS' });
      return { id: b.id, primaryClinicianId: actor.sub };
    });
  });
}
