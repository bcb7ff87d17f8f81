import type { z } from 'zod';
import { CARE_TYPE_NAMES } from '../../domain/bookings/bookings';
import { maskRecord } from '../../domain/shared/masking';
import type { Actor } from '../auth/actor';
import { stateFactsOf, type StateFacts } from './repository-present';
import type { calendarEventSchema } from './schemas';

/** A calendar event as CALENDAR_EVENT_COLUMNS selects it (repository-sql.ts): start and end as epoch milliseconds. */
export interface CalendarEventRow {
  id: string;
  bookingStatus: string;
  tagOrLabel: string | null;
  primaryClinicianId: string | null;
  primaryClinicianName: string | null;
  careType: string;
  careLocation: string;
  startMs: number;
  endMs: number;
  eventTimeZone: string;
  patientId: string;
  firstName: string;
  lastName: string;
  state: string | null;
}
type CalendarEvent = z.output<typeof calendarEventSchema>;

/**
 * The one presenter of a calendar event (light projection) for one request: the same flags (bookingFacts' rules) and
 * masking (maskRecord) as a booking row. A week is ~2,000 events over a few states, so the state facts are computed
 * once per state, and a masked event, which depends only on its state and on which of its values are null, is
 * masked once per such shape and copied with its own id.
 */
export function calendarEventPresenter(actor: Actor): (r: CalendarEventRow) => CalendarEvent {
  const maskedShapes = new Map<string, CalendarEvent>();
  const present = (r: CalendarEventRow, f: StateFacts): CalendarEvent => {
    return {
      id: r.id,
      bookingStatus: r.bookingStatus,
      tagOrLabel: r.tagOrLabel,
      primaryClinicianId: r.primaryClinicianId,
      primaryClinicianName: r.primaryClinicianName,
      careType: { name: r.careType, displayName: CARE_TYPE_NAMES[r.careType] ?? r.careType },
      careLocation: r.careLocation,
      appntStart: new Date(r.startMs).toISOString(),
      appntEnd: new Date(r.endMs).toISOString(),
      eventTimeZone: r.eventTimeZone,
      name: `${r.firstName} ${r.lastName}`,
      state: r.state,
      isAssignedToMe: r.primaryClinicianId === actor.sub,
      isUnAssigned: !r.primaryClinicianId,
      isReadOnly: f.isReadOnly,
      readOnlyReason: f.readOnlyReason,
      hasReadAccessToClinicalData: f.hasReadAccessToClinicalData,
      hasWriteAccessToClinicalData: f.hasWriteAccessToClinicalData,
      restrictClinicalDataAccessReason: f.restrictClinicalDataAccessReason,
      appntStartEpochSec: Math.floor(r.startMs / 1000),
      masked: false,
    };
  };
  return (r) => {
    const f = stateFactsOf(actor, r);
    if (!f.masked) return present(r, f);
    let shape = `${r.state}|`;
    for (const key in r) shape += r[key as keyof CalendarEventRow] == null ? '0' : '1';
    let masked = maskedShapes.get(shape);
    if (!masked) maskedShapes.set(shape, (masked = maskRecord(present(r, f))));
    return { ...masked, id: r.id };
  };
}
