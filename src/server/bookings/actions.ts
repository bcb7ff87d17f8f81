import type { ZodApp } from '../http/validation';
import { CLINICAL_DATA_ROLES, clinicalWrite, write, type RouteAccess } from '../../domain/route-access';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT, CLINICAL_ACCESS_TEXT } from '../../domain/booking-access';
import {
  appointmentNotesSchema, BOOKING_ACTIONS, BOOKING_WRITES, cancelBookingSchema, clinicalNotesSchema, completeBookingSchema,
  CLINICAL_PATIENT_FIELDS, completeClinicalSchema, confirmRefusal, editablePatientFields, EDITABLE_PATIENT_FIELDS, markConfirmedSchema, markPreNoShowCancelSchema, PATIENT_INFO_TEXT,
  PRE_MARK_NO_SHOW_REASON, READ_ONLY_PATIENT_FIELDS, updatePatientInfoSchema, withinCancelWindow, type BookingActionKey,
} from '../../domain/booking-detail';
import { confirmedFor, isTerminal } from '../../domain/bookings';
import { actualEndRefusal, birthDateRefusal, completionRefusal, DATE_TEXT } from '../../domain/booking-rules';
import { actorOf } from '../auth/secure-plugin';
import { addLog, bookingWrite, changeStatus, refused, staleRefusal, type BookingRow } from './repository';
import { callerOf } from './caller';
import { errors, idParam, okSchema } from './schemas';

const BASE = '/secure/booking/v1';
export const actionRule = (key: BookingActionKey) => {
  const a = BOOKING_ACTIONS.find((x) => x.key === key);
  if (!a) throw new Error(`unknown booking action ${key}`);
  return a;
};
const idOf = (req: { params: { id: string } }) => req.params.id;
const nowSec = () => Math.floor(Date.now() / 1000);
const startSec = (r: BookingRow) => Math.floor(r.appntStart.getTime() / 1000);
const route = <B extends z.ZodType>(body: B, config: { access: RouteAccess }) => ({ config, schema: { tags: ['bookings'], params: idParam, body, response: { 200: okSchema, ...errors } } });

type PatientInfo = z.infer<typeof updatePatientInfoSchema>;
const STORED: Record<keyof PatientInfo, (r: BookingRow) => string | null> = {
  id: (r) => r.id, firstName: (r) => r.firstName, lastName: (r) => r.lastName, dob: (r) => r.dob, email: (r) => r.email,
  mobile: (r) => r.mobile, phone: (r) => r.phone, address1: (r) => r.address1, address2: (r) => r.address2, city: (r) => r.city,
  state: (r) => r.state, zip: (r) => r.zip, symptoms: (r) => r.symptoms, medications: (r) => r.medications,
  genderAtBirth: (r) => r.genderAtBirth, pronoun: (r) => r.pronoun, reasonOrComments: () => null,
};
const PATIENT_COLUMN: Record<(typeof EDITABLE_PATIENT_FIELDS)[number], string> = {
  firstName: 'first_name', lastName: 'last_name', dob: 'dob', mobile: 'mobile', phone: 'phone', address1: 'street', address2: 'street2',
  city: 'city', zip: 'zip', symptoms: 'symptoms', medications: 'medication',
};
const member = write('members', { licenceBound: true });
const clinical = clinicalWrite(CLINICAL_DATA_ROLES);
const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** Booking actions of the detail screen (spec 2 §4, §5, §7): notes, patient info, confirm, cancel / no-show, completion. */
export function bookingActionRoutes(app: ZodApp, { pool }: { pool: Pool }) {
  app.patch(`${BASE}/updatePatientInfo/:id`, route(updatePatientInfoSchema, member), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), BOOKING_WRITES.updatePatientInfo, 'UPDATE_PATIENT_INFO', async (l) => {
      const body = req.body;
      if (body.id !== l.row.id) throw refused(400, 'id: does not match the booking');
      const dobRefusal = birthDateRefusal(body.dob, Date.now());
      if (dobRefusal) throw refused(400, dobRefusal);
      const locked = READ_ONLY_PATIENT_FIELDS.filter((f) => !same(body[f], STORED[f](l.row)));
      if (locked.length) throw refused(400, BOOKING_REFUSAL_TEXT.readOnlyField.replace('%{fields}', locked.join(', ')));
      // Without clinical access the clinical fields are neither read nor changed (absent or empty: left as they are).
      const clinical = l.facts.hasReadAccessToClinicalData;
      if (!clinical && CLINICAL_PATIENT_FIELDS.some((f) => body[f])) throw refused(403, CLINICAL_ACCESS_TEXT.noRole);
      const changed = editablePatientFields(clinical).filter((f) => !same(body[f] ?? null, STORED[f](l.row)));
      if (!changed.length) throw refused(400, PATIENT_INFO_TEXT.nothing);
      const params: unknown[] = [l.row.patientId];
      const sets = changed.map((f) => `${PATIENT_COLUMN[f]} = $${params.push(body[f])}`);
      await l.client.query(`UPDATE patients SET ${sets.join(', ')} WHERE id = $1`, params);
      // Field names only: the values are in the patient row, not repeated in the log.
      await addLog(l.client, l.actor, l.row.id, 'PATIENT_INFO', `Patient info updated (${changed.join(', ')}): ${body.reasonOrComments}`);
      return { id: l.row.id };
    }));

  app.patch(`${BASE}/addNotes/:id`, route(appointmentNotesSchema, member), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), actionRule('appointmentNotes'), 'ADD_NOTE', async (l) => {
      await addLog(l.client, l.actor, l.row.id, 'APPOINTMENT_NOTE', req.body.notes);
      return { id: l.row.id };
    }));

  app.patch(`${BASE}/addClinicalNotes/:id`, route(clinicalNotesSchema, clinical), (req) => {
    const { permissions } = actorOf(req);
    if (!permissions.clinician && !permissions.superAdmin) throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noClinicalNotesAccess}`);
    return bookingWrite(pool, callerOf(req), idOf(req), actionRule('clinicalNotes'), 'ADD_CLINICAL_NOTE', async (l) => {
      await addLog(l.client, l.actor, l.row.id, 'CLINICAL_NOTE', req.body.notes);
      return { id: l.row.id };
    });
  });

  app.patch(`${BASE}/markConfirmed/:id`, route(markConfirmedSchema, member), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), actionRule('markConfirmed'), 'CONFIRM', async (l) => {
      const refusal = confirmRefusal(l.row.bookingStatus);
      const to = confirmedFor(l.row.bookingStatus);
      if (refusal || !to) throw await staleRefusal(l, refusal ?? 'Booking is not in pending confirmation status');
      await changeStatus(l, to, req.body.reasonOrComments, 'CONFIRM');
      return { id: l.row.id, bookingStatus: to };
    }));

  // Cancel / no-show inside the 40-minute window (or past the start). Terminal bookings: 'Booking already cancelled or
  // completed' (the transition rule), so the permission check here lets terminal through to it.
  app.delete(`${BASE}/cancel/:id`, route(cancelBookingSchema, member), (req) => {
    const body = req.body;
    const rule = { ...actionRule(body.isNoShow ? 'noShow' : 'cancel'), allowTerminal: true };
    return bookingWrite(pool, callerOf(req), idOf(req), rule, body.isNoShow ? 'NO_SHOW' : 'CANCEL', async (l) => {
      const to = body.isNoShow ? 'CANCELLED_NO_SHOW' : 'CANCELLED';
      if (!isTerminal(l.row.bookingStatus) && !withinCancelWindow(startSec(l.row), nowSec())) {
        throw refused(409, BOOKING_REFUSAL_TEXT.outsideCancelWindow);
      }
      await changeStatus(l, to, body.reasonOrComments, body.isNoShow ? 'NO_SHOW' : 'CANCEL');
      return { id: l.row.id, bookingStatus: to };
    });
  });

  // More than 40 minutes ahead: the pre-mark is recorded (status unchanged); the portal then opens the scheduling page.
  app.post(`${BASE}/markPreNoShowCancel`, {
    config: member,
    schema: { tags: ['bookings'], body: markPreNoShowCancelSchema, response: { 200: okSchema, ...errors } },
  }, (req) => {
    const body = req.body;
    if (!/^[A-Za-z0-9-]{1,40}$/.test(body.bookingId)) throw refused(400, 'bookingId is not valid');
    const rule = { ...actionRule(body.isNoShow ? 'noShow' : 'cancel'), allowTerminal: true };
    return bookingWrite(pool, callerOf(req), body.bookingId, rule, 'PRE_MARK', async (l) => {
      if (isTerminal(l.row.bookingStatus)) throw await staleRefusal(l, 'Booking already cancelled or completed');
      if (withinCancelWindow(startSec(l.row), nowSec())) throw refused(409, BOOKING_REFUSAL_TEXT.insideCancelWindow);
      // One pre-mark: a repeat changes nothing (the user finishes on the scheduling page).
      const { rows } = await l.client.query<{ at: Date | null }>(`SELECT pre_marked_at AS at FROM bookings WHERE id = $1`, [l.row.id]);
      if (rows[0]?.at) throw refused(409, BOOKING_REFUSAL_TEXT.alreadyPreMarked);
      await l.client.query(`UPDATE bookings SET pre_marked_at = now(), pre_marked_no_show = $2 WHERE id = $1`, [l.row.id, body.isNoShow]);
      await addLog(l.client, l.actor, l.row.id, 'STATUS', `${PRE_MARK_NO_SHOW_REASON} (${body.isNoShow ? 'no-show' : 'cancel'}): ${body.comments}`);
      return { id: l.row.id, bookingStatus: l.row.bookingStatus };
    });
  });

  app.post(`${BASE}/completeClinical/:id`, route(completeClinicalSchema, clinical), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), actionRule('completeClinical'), 'COMPLETE_CLINICAL', async (l) => {
      const body = req.body;
      const early = completionRefusal(l.row.appntStart.getTime(), Date.now());
      if (early) throw refused(409, early);
      await changeStatus(l, 'CLINICAL_SERVICE_COMPLETED', 'Clinical service completed', 'COMPLETE_CLINICAL');
      await l.client.query(`UPDATE bookings SET clinical_service_mins = $2, clinical_service_notes = $3, actual_mins = $2 WHERE id = $1`,
        [l.row.id, body.clinicalServiceMins, body.clinicalServiceNotes]);
      await addLog(l.client, l.actor, l.row.id, 'COMPLETION', `Clinical service completed in ${body.clinicalServiceMins} min`);
      return { id: l.row.id, bookingStatus: 'CLINICAL_SERVICE_COMPLETED' };
    }));

  app.post(`${BASE}/complete/:id`, route(completeBookingSchema, member), (req) =>
    bookingWrite(pool, callerOf(req), idOf(req), BOOKING_WRITES.completeBooking, 'COMPLETE', async (l) => {
      const body = req.body;
      const implausible = completionRefusal(l.row.appntStart.getTime(), Date.now())
        ?? actualEndRefusal(body.actualAppntEnd, l.row.appntStart.getTime(), Date.now());
      if (implausible) throw refused(implausible === DATE_TEXT.notStarted ? 409 : 400, implausible);
      await changeStatus(l, 'COMPLETED', 'Booking completed', 'COMPLETE');
      await l.client.query(
        `UPDATE bookings SET actual_end_at = $2, actual_mins = $3, closing_notes = $4, payment_mode = $5, payment_amount_cents = $6,
           payment_ref_id = $7 WHERE id = $1`,
        [l.row.id, body.actualAppntEnd, body.totalDurationMins, body.closingNotes, body.paymentMode, Math.round(body.paymentAmount * 100), body.paymentRefId]);
      await addLog(l.client, l.actor, l.row.id, 'COMPLETION', `Booking completed (${body.totalDurationMins} min, ${body.paymentMode})`);
      return { id: l.row.id, bookingStatus: 'COMPLETED' };
    }));
}
