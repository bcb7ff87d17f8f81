import type { z } from 'zod';
import { BOOKING_REFUSAL_TEXT, CLINICAL_ACCESS_TEXT } from '../../domain/booking-detail/booking-access';
import {
  BOOKING_ACTIONS,
  BOOKING_WRITES,
  confirmRefusal,
  PRE_MARK_NO_SHOW_REASON,
  withinCancelWindow,
  type BookingActionKey,
} from '../../domain/booking-detail/booking-actions';
import {
  CLINICAL_PATIENT_FIELDS,
  editablePatientFields,
  READ_ONLY_PATIENT_FIELDS,
  type cancelBookingSchema,
  type completeBookingSchema,
  type completeClinicalSchema,
  type markPreNoShowCancelSchema,
  type updatePatientInfoSchema,
} from '../../domain/booking-detail/booking-requests';
import { PATIENT_INFO_TEXT } from '../../domain/i18n/en/booking-detail';
import { actualEndRefusal, birthDateRefusal, completionRefusal, DATE_TEXT } from '../../domain/bookings/booking-rules';
import { confirmedFor, isTerminal } from '../../domain/bookings/bookings';
import type { DataAccess } from '../data/access';
import { refused, type BookingRow } from './repository';

/** The permission rule of a detail action (src/domain/booking-detail/booking-detail.ts). */
export const actionRule = (key: BookingActionKey) => {
  const a = BOOKING_ACTIONS.find((x) => x.key === key);
  if (!a) throw new Error(`unknown booking action ${key}`);
  return a;
};
const nowSec = () => Math.floor(Date.now() / 1000);
const startSec = (r: BookingRow) => Math.floor(r.appntStart.getTime() / 1000);
const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

type PatientInfo = z.infer<typeof updatePatientInfoSchema>;
/** The stored value of each field of the patient info form, to tell what changed. */
const STORED: Record<keyof PatientInfo, (r: BookingRow) => string | null> = {
  id: (r) => r.id,
  firstName: (r) => r.firstName,
  lastName: (r) => r.lastName,
  dob: (r) => r.dob,
  email: (r) => r.email,
  mobile: (r) => r.mobile,
  phone: (r) => r.phone,
  address1: (r) => r.address1,
  address2: (r) => r.address2,
  city: (r) => r.city,
  state: (r) => r.state,
  zip: (r) => r.zip,
  symptoms: (r) => r.symptoms,
  medications: (r) => r.medications,
  genderAtBirth: (r) => r.genderAtBirth,
  pronoun: (r) => r.pronoun,
  reasonOrComments: () => null,
};

/** Patient info (spec 2 §4): read-only fields unchanged, clinical fields only with clinical access, something changed. */
export const updatePatientInfo = (data: DataAccess, id: string, body: PatientInfo) =>
  data.bookings.write(id, BOOKING_WRITES.updatePatientInfo, 'UPDATE_PATIENT_INFO', async (b) => {
    if (body.id !== b.row.id) throw refused(400, 'id: does not match the booking');
    const dobRefusal = birthDateRefusal(body.dob, Date.now());
    if (dobRefusal) throw refused(400, dobRefusal);
    const locked = READ_ONLY_PATIENT_FIELDS.filter((f) => !same(body[f], STORED[f](b.row)));
    if (locked.length) throw refused(400, BOOKING_REFUSAL_TEXT.readOnlyField.replace('%{fields}', locked.join(', ')));
    // Without clinical access the clinical fields are neither read nor changed (absent or empty: left as they are).
    const clinical = b.facts.hasReadAccessToClinicalData;
    if (!clinical && CLINICAL_PATIENT_FIELDS.some((f) => body[f])) throw refused(403, CLINICAL_ACCESS_TEXT.noRole);
    const changed = editablePatientFields(clinical).filter((f) => !same(body[f] ?? null, STORED[f](b.row)));
    if (!changed.length) throw refused(400, PATIENT_INFO_TEXT.nothing);
    await b.updatePatient(Object.fromEntries(changed.map((f) => [f, body[f] ?? null])), body.reasonOrComments);
    return { id: b.row.id };
  });

export const addNotes = (data: DataAccess, id: string, notes: string) =>
  data.bookings.write(id, actionRule('appointmentNotes'), 'ADD_NOTE', async (b) => {
    await b.log('APPOINTMENT_NOTE', notes);
    return { id: b.row.id };
  });

/** Clinical notes: clinicians and super admins only (refused before the booking is read). */
export function addClinicalNotes(data: DataAccess, id: string, notes: string) {
  const { permissions } = data.actor;
  if (!permissions.clinician && !permissions.superAdmin)
    throw refused(403, `Action not permitted. Reason: ${BOOKING_REFUSAL_TEXT.noClinicalNotesAccess}`);
  return data.bookings.write(id, actionRule('clinicalNotes'), 'ADD_CLINICAL_NOTE', async (b) => {
    await b.log('CLINICAL_NOTE', notes);
    return { id: b.row.id };
  });
}

export const markConfirmed = (data: DataAccess, id: string, reason: string) =>
  data.bookings.write(id, actionRule('markConfirmed'), 'CONFIRM', async (b) => {
    const refusal = confirmRefusal(b.row.bookingStatus);
    const to = confirmedFor(b.row.bookingStatus);
    if (refusal || !to) throw await b.stale(refusal ?? 'Booking is not in pending confirmation status');
    await b.changeStatus(to, reason, 'CONFIRM');
    return { id: b.row.id, bookingStatus: to };
  });

/**
 * Cancel / no-show inside the 40-minute window (or past the start). Terminal bookings: 'Booking already cancelled or
 * completed' (the transition rule), so the permission check here lets terminal through to it.
 */
export function cancel(data: DataAccess, id: string, body: z.infer<typeof cancelBookingSchema>) {
  const rule = { ...actionRule(body.isNoShow ? 'noShow' : 'cancel'), allowTerminal: true };
  return data.bookings.write(id, rule, body.isNoShow ? 'NO_SHOW' : 'CANCEL', async (b) => {
    const to = body.isNoShow ? 'CANCELLED_NO_SHOW' : 'CANCELLED';
    if (!isTerminal(b.row.bookingStatus) && !withinCancelWindow(startSec(b.row), nowSec()))
      throw refused(409, BOOKING_REFUSAL_TEXT.outsideCancelWindow);
    await b.changeStatus(to, body.reasonOrComments, body.isNoShow ? 'NO_SHOW' : 'CANCEL');
    return { id: b.row.id, bookingStatus: to };
  });
}

/** More than 40 minutes ahead: the pre-mark is recorded (status unchanged); the portal then opens the scheduling page. */
export function markPreNoShowCancel(data: DataAccess, body: z.infer<typeof markPreNoShowCancelSchema>) {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(body.bookingId)) throw refused(400, 'bookingId is not valid');
  const rule = { ...actionRule(body.isNoShow ? 'noShow' : 'cancel'), allowTerminal: true };
  return data.bookings.write(body.bookingId, rule, 'PRE_MARK', async (b) => {
    if (isTerminal(b.row.bookingStatus)) throw await b.stale('Booking already cancelled or completed');
    if (withinCancelWindow(startSec(b.row), nowSec())) throw refused(409, BOOKING_REFUSAL_TEXT.insideCancelWindow);
    // One pre-mark: a repeat changes nothing (the user finishes on the scheduling page).
    if (await b.isPreMarked()) throw refused(409, BOOKING_REFUSAL_TEXT.alreadyPreMarked);
    await b.preMark(body.isNoShow, `${PRE_MARK_NO_SHOW_REASON} (${body.isNoShow ? 'no-show' : 'cancel'}): ${body.comments}`);
    return { id: b.row.id, bookingStatus: b.row.bookingStatus };
  });
}

export const completeClinical = (data: DataAccess, id: string, body: z.infer<typeof completeClinicalSchema>) =>
  data.bookings.write(id, actionRule('completeClinical'), 'COMPLETE_CLINICAL', async (b) => {
    const early = completionRefusal(b.row.appntStart.getTime(), Date.now());
    if (early) throw refused(409, early);
    await b.changeStatus('CLINICAL_SERVICE_COMPLETED', 'Clinical service completed', 'COMPLETE_CLINICAL');
    await b.recordClinicalService(body.clinicalServiceMins, body.clinicalServiceNotes);
    return { id: b.row.id, bookingStatus: 'CLINICAL_SERVICE_COMPLETED' };
  });

export const completeBooking = (data: DataAccess, id: string, body: z.infer<typeof completeBookingSchema>) =>
  data.bookings.write(id, BOOKING_WRITES.completeBooking, 'COMPLETE', async (b) => {
    const implausible =
      completionRefusal(b.row.appntStart.getTime(), Date.now()) ?? actualEndRefusal(body.actualAppntEnd, b.row.appntStart.getTime(), Date.now());
    if (implausible) throw refused(implausible === DATE_TEXT.notStarted ? 409 : 400, implausible);
    await b.changeStatus('COMPLETED', 'Booking completed', 'COMPLETE');
    await b.recordCompletion({
      actualEnd: body.actualAppntEnd,
      mins: body.totalDurationMins,
      closingNotes: body.closingNotes,
      paymentMode: body.paymentMode,
      paymentCents: Math.round(body.paymentAmount * 100),
      paymentRefId: body.paymentRefId,
    });
    return { id: b.row.id, bookingStatus: 'COMPLETED' };
  });
