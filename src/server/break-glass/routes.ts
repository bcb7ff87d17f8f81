import type { Pool } from 'pg';
import { z } from 'zod';
import {
  BREAK_GLASS, BREAK_GLASS_TEXTS, breakGlassGrantSchema, breakGlassListQuerySchema, breakGlassReviewSchema, breakGlassSessionSchema,
  breakGlassStartSchema, mayBreakGlass,
} from '../../domain/break-glass';
import { read, SUPER_ADMIN_ROLES, write } from '../../domain/route-access';
import { inScope } from '../auth/scope';
import { actorOf } from '../auth/secure-plugin';
import { writeAudit, writeAuditMany } from '../audit/audit';
import { writeHistory } from '../audit/history';
import { withTx } from '../db/tx';
import { ApiError, conflict, forbidden, notFound } from '../errors';
import { errorBody, type ZodApp } from '../http/validation';
import * as repo from './repository';

const err = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['break-glass'];
const tooMany = (text: string, max: number) => new ApiError(429, 'Too Many Requests', text.replace('%{max}', String(max)));

/**
 * Break-glass access (rules in src/domain/break-glass.ts). A licence-bound clinician starts a session for one
 * patient outside its licence states with a reason; the Actor of its next request carries it (the insert notifies the
 * identity cache, and secureScope settles it before answering), so the scope opens that patient for reading until the
 * session ends. Super admins list the sessions and mark them reviewed.
 */
export function breakGlassRoutes(app: ZodApp, { pool, minutes }: { pool: Pool; minutes: number }) {
  app.post('/secure/breakGlass', {
    config: write(['clinicians'], { licenceBound: true }),
    schema: { tags, body: breakGlassStartSchema, response: { 201: breakGlassGrantSchema, ...err, 429: errorBody } },
  }, async (req, reply) => {
    const actor = actorOf(req);
    if (!mayBreakGlass(actor.roles)) throw forbidden(BREAK_GLASS_TEXTS.notLicenceBound);
    const { reason, ...target } = req.body;
    const grant = await withTx(pool, async (client) => {
      const patient = await repo.targetPatient(client, target);
      if (!patient) {
        throw notFound(target.kitId !== undefined ? BREAK_GLASS_TEXTS.noKit : target.bookingId !== undefined ? BREAK_GLASS_TEXTS.noBooking : BREAK_GLASS_TEXTS.noPatient);
      }
      // A kit without a patient carries no patient data: nothing to open.
      if (!patient.id) throw notFound(BREAK_GLASS_TEXTS.noPatient);
      const patientId = patient.id;
      // By state only (no patient id): a running session of this patient is answered below, not refused here.
      if (inScope(actor, { patientState: patient.state, patientId: null })) throw conflict(BREAK_GLASS_TEXTS.alreadyInScope);
      await repo.lockClinician(client, actor.sub);
      const { running, lastDay } = await repo.usage(client, actor.sub);
      // One running session per patient. A second start while it runs answers that session, and its reason is a new
      // justification the review must see: it is kept in the session's record (its history, listed with the session as
      // addedReasons, also after a review) and audited like a start. The same reason again (a retried request) adds nothing.
      const same = running.find((g) => g.patientId === patientId);
      if (same) {
        if (await repo.latestReason(client, same.id) !== reason) {
          await writeHistory(client, actor, { entityType: 'break_glass', entityId: same.id, action: repo.REASON_ADDED, comment: reason });
        }
        await writeAudit(client, req, { action: 'BREAK_GLASS', entityType: 'break_glass', entityId: same.id, patientId, outcome: 'SUCCESS' });
        return same;
      }
      if (running.length >= BREAK_GLASS.maxActive) throw tooMany(BREAK_GLASS_TEXTS.tooManyActive, BREAK_GLASS.maxActive);
      if (lastDay >= BREAK_GLASS.maxPerDay) throw tooMany(BREAK_GLASS_TEXTS.tooManyToday, BREAK_GLASS.maxPerDay);
      const g = await repo.insertSession(client, { sub: actor.sub, patientId, reason, minutes });
      await writeHistory(client, actor, { entityType: 'break_glass', entityId: g.id, action: 'BREAK_GLASS_STARTED', comment: `patient ${patientId}${target.kitId ? ` (kit ${target.kitId})` : target.bookingId ? ` (booking ${target.bookingId})` : ""}` });
      await writeAudit(client, req, { action: 'BREAK_GLASS', entityType: 'break_glass', entityId: g.id, patientId, outcome: 'SUCCESS' });
      return g;
    });
    return reply.status(201).send(grant);
  });

  /** The caller's own running sessions and the configured length (the portal's banner and its "Emergency access" dialog). */
  app.get('/secure/breakGlass/mine', {
    config: read(['clinicians']),
    schema: { tags, response: { 200: z.object({ items: z.array(breakGlassGrantSchema), minutes: z.number() }), ...err } },
  }, async (req) => {
    const actor = actorOf(req);
    const items = mayBreakGlass(actor.roles) ? (await repo.usage(pool, actor.sub)).running : [];
    await writeAudit(pool, req, { action: 'READ', entityType: 'break_glass', outcome: 'SUCCESS' });
    return { items, minutes };
  });

  const reads = read(SUPER_ADMIN_ROLES);
  app.get('/secure/breakGlass', {
    config: reads,
    schema: { tags, querystring: breakGlassListQuerySchema, response: { 200: z.object({ items: z.array(breakGlassSessionSchema), total: z.number().int() }), ...err } },
  }, async (req) => {
    const q = req.query;
    const page = await repo.listSessions(pool, {
      reviewed: q.reviewed === undefined ? undefined : q.reviewed === 'true', offset: (q.page - 1) * q.perPage, limit: q.perPage,
    });
    // A list discloses which patients were opened: every session and its patient, as every list is audited.
    await writeAuditMany(pool, req, 'READ', 'break_glass', page.items.map((x) => ({ entityId: x.id, patientId: x.patientId })));
    return page;
  });

  app.get('/secure/breakGlass/count', {
    config: reads, schema: { tags, response: { 200: z.object({ count: z.number().int() }), ...err } },
  }, async () => ({ count: await repo.unreviewedCount(pool) }));

  app.get('/secure/breakGlass/:id', {
    config: reads, schema: { tags, params: z.strictObject({ id: z.guid() }), response: { 200: breakGlassSessionSchema, ...err } },
  }, async (req) => {
    const s = await repo.sessionById(pool, req.params.id);
    if (!s) throw notFound(BREAK_GLASS_TEXTS.noSession);
    await writeAudit(pool, req, { action: 'READ', entityType: 'break_glass', entityId: s.id, patientId: s.patientId, outcome: 'SUCCESS' });
    return s;
  });

  app.put('/secure/breakGlass/:id/review', {
    config: write(SUPER_ADMIN_ROLES),
    schema: { tags, params: z.strictObject({ id: z.guid() }), body: breakGlassReviewSchema, response: { 200: breakGlassSessionSchema, ...err, 409: errorBody } },
  }, async (req) => {
    const actor = actorOf(req);
    return withTx(pool, async (client) => {
      const s = await repo.sessionById(client, req.params.id, true);
      if (!s) throw notFound(BREAK_GLASS_TEXTS.noSession);
      if (s.reviewedAt) throw conflict(BREAK_GLASS_TEXTS.alreadyReviewed);
      const by = `${actor.givenName} ${actor.familyName}`;
      await repo.markReviewed(client, s.id, by, req.body.note);
      await writeHistory(client, actor, { entityType: 'break_glass', entityId: s.id, action: 'BREAK_GLASS_REVIEWED', comment: req.body.note });
      await writeAudit(client, req, { action: 'REVIEW', entityType: 'break_glass', entityId: s.id, patientId: s.patientId, outcome: 'SUCCESS' });
      return (await repo.sessionById(client, s.id))!;
    });
  });
}
