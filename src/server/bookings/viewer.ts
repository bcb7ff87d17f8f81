import { clinicalDataAccess, type ClinicalDataAccess } from '../../domain/booking-access';
import { bookingReadOnlyReason, CARE_TYPE_NAMES } from '../../domain/bookings';
import { inPatientScope } from '../../domain/scope';
import type { Actor } from '../auth/actor';
import { accessOf, inScope, present } from '../auth/scope';
import { bookingRowSchemas, calendarEventSchema } from './schemas';
import type { z } from 'zod';
import { maskRecord } from '../../domain/masking';

/** What a viewer may do with one booking: masking, read-only, clinical data access, assignment (spec 2 §5, §6). */
export interface BookingFacts extends ClinicalDataAccess {
  masked: boolean; isReadOnly: boolean; readOnlyReason: string | null; hasPatientStateLicense: boolean;
  isAssignedToMe: boolean; isUnAssigned: boolean;
}

type StateFacts = Omit<BookingFacts, 'isAssignedToMe' | 'isUnAssigned'>;
/** Per Actor (one request's): the facts that depend only on the patient's state, computed once per state of a list. */
const factsByActor = new WeakMap<Actor, Map<string | null, StateFacts>>();

/** `masked`: the booking's patient is outside the viewer's scope (src/domain/scope.ts). */
export function bookingFacts(r: { state: string | null; primaryClinicianId: string | null }, actor: Actor): BookingFacts {
  let byState = factsByActor.get(actor);
  if (!byState) factsByActor.set(actor, (byState = new Map()));
  let facts = byState.get(r.state);
  if (!facts) byState.set(r.state, (facts = stateFacts(r.state, actor)));
  const { masked, isReadOnly, readOnlyReason, hasPatientStateLicense, ...clinical } = facts;
  return {
    masked, isReadOnly, readOnlyReason, hasPatientStateLicense,
    isAssignedToMe: r.primaryClinicianId === actor.sub, isUnAssigned: !r.primaryClinicianId, ...clinical,
  };
}

function stateFacts(state: string | null, actor: Actor): StateFacts {
  const r = { state };
  const p = actor.permissions;
  const masked = !inScope(actor, { patientState: r.state });
  const readOnlyReason = bookingReadOnlyReason(r.state, {
    readOnlyRole: p.readOnly, clinician: p.clinician, superAdmin: p.superAdmin, validStates: actor.licenceStates.validStates, masked,
    noCalendar: p.clinician && !actor.clinician?.calendarLink?.trim(),
  });
  return {
    masked, isReadOnly: !!readOnlyReason, readOnlyReason,
    hasPatientStateLicense: inPatientScope({ licenceBound: !p.superAdmin, states: actor.licenceStates.validStates }, r.state),
    ...clinicalDataAccess(r.state, {
      clinicalAccess: p.clinicalAccess, superAdmin: p.superAdmin, readOnly: p.readOnly, unmasked: p.unmasked, validStates: actor.licenceStates.validStates,
    }),
  };
}

/** A booking list row as selected by bookingListColumns (dates as Date). */
export type BookingListRow = Record<string, unknown> & { id: string; patientId: string; state: string | null; primaryClinicianId: string | null; careType: string };

/**
 * The one presenter of a booking list row: flags from the shared rules, dates as ISO text, no patient id; masked
 * outside the viewer's scope, and without clinical fields for staff and operation support.
 */
export function presentBookingRow(r: BookingListRow, actor: Actor) {
  const {
    isAssignedToMe, isUnAssigned, isReadOnly, readOnlyReason, hasPatientStateLicense,
    hasReadAccessToClinicalData, hasWriteAccessToClinicalData, restrictClinicalDataAccessReason,
  } = bookingFacts(r, actor);
  const { patientId: _p, productNames, ...rest } = r;
  const row = {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    name: `${r.firstName} ${r.lastName}`,
    careType: { name: r.careType, displayName: CARE_TYPE_NAMES[r.careType] ?? r.careType },
    careStateRegion: r.state,
    products: Array.isArray(productNames) ? productNames.map((name) => ({ name: String(name) })) : [],
    isAssignedToMe, isUnAssigned, isReadOnly, readOnlyReason, hasPatientStateLicense,
    // The action flags of the shared booking rules, so the calendar offers what the server allows.
    hasReadAccessToClinicalData, hasWriteAccessToClinicalData, restrictClinicalDataAccessReason,
    appntStartEpochSec: r.appntStart instanceof Date ? Math.floor(r.appntStart.getTime() / 1000) : null,
    masked: false,
  };
  const out = present(accessOf(actor, { patientState: r.state, patientId: r.patientId }), row, bookingRowSchemas);
  return out.masked ? { ...out, id: r.id } : out;
}

/** The one presenter of a calendar event (light projection): the same flags and masking as a booking row. */
export function presentCalendarEvent(r: BookingListRow, actor: Actor): z.output<typeof calendarEventSchema> {
  const {
    isAssignedToMe, isUnAssigned, isReadOnly, readOnlyReason, masked,
    hasReadAccessToClinicalData, hasWriteAccessToClinicalData, restrictClinicalDataAccessReason,
  } = bookingFacts(r, actor);
  const event = {
    id: r.id, bookingStatus: r.bookingStatus as string, tagOrLabel: r.tagOrLabel as string | null,
    primaryClinicianId: r.primaryClinicianId, primaryClinicianName: r.primaryClinicianName as string | null,
    careType: { name: r.careType, displayName: CARE_TYPE_NAMES[r.careType] ?? r.careType }, careLocation: r.careLocation as string,
    appntStart: (r.appntStart as Date).toISOString(), appntEnd: (r.appntEnd as Date).toISOString(), eventTimeZone: r.eventTimeZone as string,
    name: `${r.firstName} ${r.lastName}`, state: r.state, isAssignedToMe, isUnAssigned, isReadOnly, readOnlyReason,
    hasReadAccessToClinicalData, hasWriteAccessToClinicalData, restrictClinicalDataAccessReason,
    appntStartEpochSec: Math.floor((r.appntStart as Date).getTime() / 1000), masked: false,
  };
  return masked ? { ...maskRecord(event), id: r.id } : event;
}
