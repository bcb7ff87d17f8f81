import type { ZodApp } from '../http/validation';
import { CLINICAL_DATA_ROLES, clinicalWrite, PRODUCT_ORDER_ROLES, write, type RouteAccess } from '../../domain/route-access';
import type { Pool } from 'pg';
import { z } from 'zod';
import { BOOKING_REFUSAL_TEXT } from '../../domain/booking-access';
import { BOOKING_WRITES, sendPatientSummarySchema, stripLineBreaks } from '../../domain/booking-detail';
import { BOOKING_DETAIL_TEXT } from '../../domain/i18n/en/booking-detail';
import { viewerActionRefusal } from '../../domain/booking-rules';
import type { Mailer } from '../adapters/mail';
import { orderSummary } from './detail';
import { actionRule } from './actions';
import { addLog, bookingWrite, loadProducts, refused, type Locked } from './repository';
import { callerOf } from './caller';
import { errors, idParam } from './schemas';
import { messageHistory } from '../messages/service';

const BASE = '/secure/booking/v1';
const sentSchema = z.object({ id: z.string(), mailId: z.string(), sentAt: z.string() });
/** Every mail is idempotent: a double-submitted send mails once and answers the first result (Idempotency-Key). */
const route = (access: { access: RouteAccess }) => ({ config: { ...access, idempotent: true }, schema: { tags: ['bookings'], params: idParam, response: { 200: sentSchema, ...errors } } });
const idOf = (req: { params: { id: string } }) => req.params.id;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Mails to the patient (spec 2 §5, §7): visit summary (also a secure message), sign-up link, payment link. */
export function bookingMessagingRoutes(app: ZodApp, { pool, mailer, publicUrl }: { pool: Pool; mailer: Mailer; publicUrl: string }) {
  const mail = async (l: Locked, kind: 'SIGN_UP_LINK' | 'PAY_LINK' | 'PATIENT_SUMMARY', subject: string, text: string, logNote: string) => {
    const sent = await mailer.send(l.client, { bookingId: l.row.id, kind, to: l.row.email, subject, text });
    await addLog(l.client, l.actor, l.row.id, 'MESSAGE', logNote);
    return { id: l.row.id, mailId: sent.id, sentAt: sent.sentAt };
  };
  const base = publicUrl.replace(/\/$/, '');

  const summary = route(clinicalWrite(CLINICAL_DATA_ROLES));
  app.post(`${BASE}/sendPatientSummary/:id`, { ...summary, schema: { ...summary.schema, body: sendPatientSummarySchema } }, (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), actionRule('visitSummary'), 'SEND_SUMMARY', async (l) => {
      const noVisit = viewerActionRefusal('visitSummary', l.row.bookingStatus, { clinicianOrSuperAdmin: true, productOrderAccess: true });
      if (noVisit) throw refused(403, noVisit);
      if (!l.row.hasAccount) throw refused(404, BOOKING_DETAIL_TEXT.patientAccountNotFound);
      const summary = stripLineBreaks(req.body.summary);
      const sent = await l.client.query<{ id: string }>(
        `INSERT INTO messages (patient_id, from_clinician_id, reference_id, subject, content, message_type, from_actor_type, unread, status)
         VALUES ($1, (SELECT id FROM clinicians WHERE id = $2::uuid), $3, 'Your visit summary', $4, 'DIRECT_MESSAGE', 'C', true, 'DONE') RETURNING id`,
        [l.row.patientId, l.actor.sub, l.row.id, `<p>${escapeHtml(summary)}</p>`]);
      await messageHistory(l.client, l.actor, [sent.rows[0].id], 'SEND');
      return mail(l, 'PATIENT_SUMMARY', 'Your visit summary', summary, 'Visit summary sent to patient');
    }));

  app.post(`${BASE}/sendSignUpLink/:id`, route(write('members', { licenceBound: true })), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), BOOKING_WRITES.sendLink, 'SEND_SIGN_UP_LINK', async (l) => {
      if (l.row.hasAccount) throw refused(409, BOOKING_REFUSAL_TEXT.accountExists);
      const link = `${base}/sign-up?bookingId=${encodeURIComponent(l.row.id)}`;
      return mail(l, 'SIGN_UP_LINK', 'Create your account', `Hello ${l.row.firstName}, create your account to manage your visit: ${link}`, 'Sign-up link sent');
    }));

  app.post(`${BASE}/sendPayLink/:id`, route(write(PRODUCT_ORDER_ROLES, { licenceBound: true })), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), BOOKING_WRITES.sendLink, 'SEND_PAY_LINK', async (l) => {
      const summary = orderSummary(l.row.id, await loadProducts(l.client, l.row.id));
      if (!summary.isRequirePayment) throw refused(409, BOOKING_REFUSAL_TEXT.paymentNotRequired);
      const link = `${base}/pay?id=${encodeURIComponent(l.row.id)}`;
      return mail(l, 'PAY_LINK', 'Payment for your visit',
        `Hello ${l.row.firstName}, the amount due for your visit is $${summary.grossTotalUnpaid.toFixed(2)}. Pay here: ${link}`, 'Payment link sent');
    }));
}
