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
  name: string;
  state: string | null;
}
type CalendarEvent = z.output<typeof calendarEventSchema>;

/**
 * The one presenter of a calendar event (light projection) for one request: the same flags (bookingFacts' rules) and
 * masking (maskRecord) as a booking row. A week is ~2,000 events over a few states, so the state facts are computed
 * once per state, and a masked event, which depends only on its state and on which of its values are null, is
 * masked once per such shape and copied with its own id. Its events start and end on a few dozen distinct instants
 * (the booking slots), so each instant's ISO text is made once.
 */
export function calendarEventPresenter(actor: Actor): (r: CalendarEventRow) => CalendarEvent {
  const maskedShapes = new Map<string, CalendarEvent>();
  const isoTexts = new Map<number, string>();
  const iso = (ms: number) => {
    let text = isoTexts.get(ms);
    if (text === undefined) isoTexts.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
  const present = (r: CalendarEventRow, f: StateFacts): CalendarEvent => {
    return {
      id: r.id,
      bookingStatus: r.bookingStatus,
      tagOrLabel: r.tagOrLabel,
      primaryClinicianId: r.primaryClinicianId,
      primaryClinicianName: r.primaryClinicianName,
      careType: { name: r.careType, displayName: CARE_TYPE_NAMES[r.careType] ?? r.careType },
      careLocation: r.careLocation,
      appntStart: iso(r.startMs),
      appntEnd: iso(r.endMs),
      eventTimeZone: r.eventTimeZone,
      name: r.name,
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
  let keys: (keyof CalendarEventRow)[] | undefined; // the same for every row of the query
  return (r) => {
    const f = stateFactsOf(actor, r);
    if (!f.masked) return present(r, f);
    keys ??= Object.keys(r) as (keyof CalendarEventRow)[];
    let nulls = 0; // one binary digit per column: exact up to 53 columns
    for (let i = 0; i < keys.length; i++) nulls = nulls * 2 + (r[keys[i]] == null ? 1 : 0);
    const shape = `${r.state}|${nulls}`;
    let masked = maskedShapes.get(shape);
    if (!masked) maskedShapes.set(shape, (masked = maskRecord(present(r, f))));
    return { ...masked, id: r.id };
  };
}
