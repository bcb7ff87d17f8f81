import type { BookingDetail, BookingLogEntry, BookingProduct } from '../../domain/booking-detail/booking-detail';
import { clinicalDataAccess, type ClinicalDataAccess } from '../../domain/booking-detail/booking-access';
import { bookingReadOnlyReason, CARE_TYPE_NAMES } from '../../domain/bookings/bookings';
import { lacksCalendar } from '../../domain/clinician/clinical-gate';
import { inPatientScope } from '../../domain/shared/scope';
import type { Actor } from '../auth/actor';
import { accessOf, inScope, present } from '../auth/scope';
import { bookingDetailSchemas, bookingRowSchemas } from './schemas';
import type { BookingRow } from './repository-rows';

/** What a viewer may do with one booking: masking, read-only, clinical data access, assignment (spec 2 §5, §6). */
export interface BookingFacts extends ClinicalDataAccess {
  masked: boolean;
  isReadOnly: boolean;
  readOnlyReason: string | null;
  hasPatientStateLicense: boolean;
  isAssignedToMe: boolean;
  isUnAssigned: boolean;
}

export type StateFacts = Omit<BookingFacts, 'isAssignedToMe' | 'isUnAssigned'>;
/**
 * Per Actor (one request's): the facts that depend only on where the patient is, computed once per place of a list.
 * The place is the patient's state, or the patient itself when the actor has a running break-glass session for it.
 */
const factsByActor = new WeakMap<Actor, Map<string | null, StateFacts>>();

/** Where a booking's patient is, as the scope sees it. */
export interface BookingPatient {
  state: string | null;
  patientId: string | null;
}

/** `masked`: the booking's patient is outside the viewer's scope (src/domain/shared/scope.ts, break-glass included). */
export function bookingFacts(r: BookingPatient & { primaryClinicianId: string | null }, actor: Actor): BookingFacts {
  const { masked, isReadOnly, readOnlyReason, hasPatientStateLicense, ...clinical } = stateFactsOf(actor, r);
  return {
    masked,
    isReadOnly,
    readOnlyReason,
    hasPatientStateLicense,
    isAssignedToMe: r.primaryClinicianId === actor.sub,
    isUnAssigned: !r.primaryClinicianId,
    ...clinical,
  };
}

/** The facts of a patient's place for this actor, computed once per place and request. */
export function stateFactsOf(actor: Actor, r: BookingPatient): StateFacts {
  let byPlace = factsByActor.get(actor);
  if (!byPlace) factsByActor.set(actor, (byPlace = new Map()));
  const glass = actor.breakGlass.length > 0 && !!r.patientId && actor.breakGlass.includes(r.patientId.toLowerCase());
  const key = glass ? `glass:${r.patientId!.toLowerCase()}` : r.state;
  let facts = byPlace.get(key);
  if (!facts) byPlace.set(key, (facts = stateFacts(r, actor)));
  return facts;
}

function stateFacts(r: BookingPatient, actor: Actor): StateFacts {
  const p = actor.permissions;
  const patient = { patientState: r.state, patientId: r.patientId };
  const masked = !inScope(actor, patient);
  const readOnlyReason = bookingReadOnlyReason(r.state, r.patientId, {
    readOnlyRole: p.readOnly,
    clinician: p.clinician,
    superAdmin: p.superAdmin,
    validStates: actor.licenceStates.validStates,
    breakGlass: actor.breakGlass,
    masked,
    noCalendar: lacksCalendar(actor.roles, actor.clinician?.calendarLink),
  });
  return {
    masked,
    isReadOnly: !!readOnlyReason,
    readOnlyReason,
    // The licence itself (a break-glass session opens the patient, it is no licence).
    hasPatientStateLicense: inPatientScope(
      { licenceBound: !p.superAdmin, states: actor.licenceStates.validStates, breakGlass: [] },
      r.state,
      true,
      null,
    ),
    ...clinicalDataAccess(r.state, r.patientId, {
      clinicalAccess: p.clinicalAccess,
      superAdmin: p.superAdmin,
      readOnly: p.readOnly,
      unmasked: p.unmasked,
      validStates: actor.licenceStates.validStates,
      breakGlass: actor.breakGlass,
    }),
  };
}

/** A booking list row as selected by bookingListColumns (dates as Date). */
export type BookingListRow = Record<string, unknown> & {
  id: string;
  patientId: string;
  state: string | null;
  primaryClinicianId: string | null;
  careType: string;
};

const isoOf = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * The one presenter of a booking list row: flags from the shared rules, dates as ISO text, no patient id; masked
 * outside the viewer's scope, and without clinical fields for staff and operation support.
 */
export function presentBookingRow(r: BookingListRow, actor: Actor) {
  const {
    isAssignedToMe,
    isUnAssigned,
    isReadOnly,
    readOnlyReason,
    hasPatientStateLicense,
    hasReadAccessToClinicalData,
    hasWriteAccessToClinicalData,
    restrictClinicalDataAccessReason,
  } = bookingFacts(r, actor);
  const { productNames } = r;
  // The selected columns (BOOKING_COLUMNS, repository-sql.ts) as they are, dates as ISO text, without the patient id and the product
  // names, in one object literal: copying them key by key made a dictionary-mode object per row (~20 µs a row).
  const row: Record<string, unknown> = {
    id: r.id,
    bookingStatus: r.bookingStatus,
    tagOrLabel: r.tagOrLabel,
    primaryClinicianId: r.primaryClinicianId,
    primaryClinicianName: r.primaryClinicianName,
    careLocation: r.careLocation,
    appntStart: isoOf(r.appntStart),
    appntEnd: isoOf(r.appntEnd),
    eventTimeZone: r.eventTimeZone,
    bookedAt: isoOf(r.bookedAt),
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    mobile: r.mobile,
    dob: r.dob,
    state: r.state,
    city: r.city,
    zip: r.zip,
    address1: r.address1,
    address2: r.address2,
    genderAtBirth: r.genderAtBirth,
    pronoun: r.pronoun,
    name: `${r.firstName} ${r.lastName}`,
    careType: { name: r.careType, displayName: CARE_TYPE_NAMES[r.careType] ?? r.careType },
    careStateRegion: r.state,
    products: Array.isArray(productNames) ? productNames.map((name) => ({ name: String(name) })) : [],
    isAssignedToMe,
    isUnAssigned,
    isReadOnly,
    readOnlyReason,
    hasPatientStateLicense,
    // The action flags of the shared booking rules, so the calendar offers what the server allows.
    hasReadAccessToClinicalData,
    hasWriteAccessToClinicalData,
    restrictClinicalDataAccessReason,
    appntStartEpochSec: r.appntStart instanceof Date ? Math.floor(r.appntStart.getTime() / 1000) : null,
    masked: false,
  };
  // The clinical columns, only when the query selected them (bookingListColumns: readers with clinical access).
  if ('medications' in r) row.medications = r.medications;
  if ('symptoms' in r) row.symptoms = r.symptoms;
  const out = present(accessOf(actor, { patientState: r.state, patientId: r.patientId }), row, bookingRowSchemas);
  return out.masked ? { ...out, id: r.id } : out;
}

/** Hub addresses (care locations of spec 2 §9); online visits have none. */
const LOCATION_ADDRESS: Record<string, string> = {
  DENVER_CAREHUB_01: '1600 Downing St, Denver, CO 80218',
  CHARLESTON_NV_89104: '900 E Charleston Blvd, Las Vegas, NV 89104',
  ONLINE: 'Online',
};

/**
 * The BookingDetail of a booking in the viewer's scope (the repository's open answers 404 outside it), stripped to the viewer's
 * access level: staff and operation support get no clinical field, and products only with product and order access.
 */
export function presentBookingDetail(
  actor: Actor,
  r: BookingRow,
  more: { products: BookingProduct[]; log: BookingLogEntry[]; kitIds: string[] },
  calcomBaseUrl: string,
) {
  const { products, log, kitIds } = more;
  const facts = bookingFacts(r, actor);
  const access = accessOf(actor, { patientState: r.state, patientId: r.patientId });
  const careTypeName = CARE_TYPE_NAMES[r.careType] ?? r.careType;
  const detail: BookingDetail = {
    id: r.id,
    bookingStatus: r.bookingStatus,
    tagOrLabel: r.tagOrLabel,
    primaryClinicianId: r.primaryClinicianId,
    primaryClinicianName: r.primaryClinicianName,
    ...facts,
    patientId: r.patientId,
    city: r.city,
    state: r.state,
    zip: r.zip,
    address1: r.address1,
    address2: r.address2,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    mobile: r.mobile,
    dob: r.dob,
    genderAtBirth: r.genderAtBirth,
    pronoun: r.pronoun,
    medications: r.medications,
    symptoms: r.symptoms,
    customerNotes: r.customerNotes,
    allergies: r.allergies,
    isReturningPatient: r.isReturning,
    bookedAt: r.bookedAt.toISOString(),
    appntStart: r.appntStart.toISOString(),
    appntEnd: r.appntEnd.toISOString(),
    appntStartEpochSec: Math.floor(r.appntStart.getTime() / 1000),
    eventTimeZone: r.eventTimeZone,
    eventTitle: `${careTypeName} - ${r.firstName} ${r.lastName}`,
    careType: { name: r.careType, displayName: careTypeName },
    careLocation: { name: r.careLocation, address: LOCATION_ADDRESS[r.careLocation] ?? '', timezone: r.eventTimeZone },
    careStateRegion: r.state,
    documentS3UrlMap: r.documentKeys,
    isSelfCheckInIdentityVerified: r.identityVerified,
    selfCheckInCompletedSteps: r.selfCheckInSteps as BookingDetail['selfCheckInCompletedSteps'],
    patientIntakeJotformSubmissionLink: r.intakeLink,
    kitIds,
    onlineMeetingUrl: r.meetingUrl,
    onlineMeetingPwd: r.meetingPwd,
    consultMediumType: r.consultMedium,
    plannedMins: r.plannedMins,
    actualMins: r.actualMins,
    calComUniqueId: r.calComUniqueId,
    calcomBaseUrl,
    isOnboardTbd: r.hasAccount,
    products,
    appntNotes: log.filter((e) => e.kind !== 'CLINICAL_NOTE'),
    clinicalNotes: log.filter((e) => e.kind === 'CLINICAL_NOTE'),
    timeline: log.filter((e) => e.kind === 'REASSIGNED'),
    clinicalServiceMins: r.clinicalServiceMins,
    clinicalServiceNotes: r.clinicalServiceNotes,
    closingNotes: r.closingNotes,
    paymentMode: r.paymentMode,
    paymentAmount: r.paymentAmountCents === null ? null : r.paymentAmountCents / 100,
    paymentRefId: r.paymentRefId,
  };
  return present(access, detail, bookingDetailSchemas);
}
