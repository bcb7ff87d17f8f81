import type { z } from 'zod';
import { CARE_TYPE_NAMES } from '../../domain/bookings/bookings';
import { maskRecord } from '../../domain/shared/masking';
import type { Actor } from '../auth/actor';
import { stateFactsOf, type StateFacts } from './repository-present';
import type { calendarEventSchema } from './schemas';

/** A calendar event as calendarEventColumns selects it (repository-sql.ts): start and end as epoch milliseconds. */
interface CalendarEventValues {
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
 * Stand-ins for the values that are never null, which an event outside the reader's scope is read without: masking
 * keeps nothing of a value but whether it is null.
 */
const MASKED_STAND_INS = { bookingStatus: '', careType: '', careLocation: '', startMs: 0, endMs: 0, eventTimeZone: '', name: '' } as const;

/**
 * An event as read: with its values, or, outside the reader's scope, its id, its state and which of its nullable
 * values are set (an empty text for one that is), every other value null.
 */
export type CalendarEventRow =
  | CalendarEventValues
  | (Pick<CalendarEventValues, 'id' | 'state' | 'tagOrLabel' | 'primaryClinicianId' | 'primaryClinicianName'> & {
      [K in keyof typeof MASKED_STAND_INS | 'patientId']: null;
    });

/**
 * The one presenter of a calendar event (light projection) for one request: the same flags (bookingFacts' rules) and
 * masking (maskRecord) as a booking row. A week is ~2,000 events over a few states, so the state facts are computed
 * once per state, and a masked event, which depends only on its state and on which of its values are null (all the
 * database sends of it), is masked once per such shape and copied with its own id. Its events start and end on a
 * few dozen distinct instants (the booking slots), so each instant's ISO text is made once.
 */
export function calendarEventPresenter(actor: Actor): (r: CalendarEventRow) => CalendarEvent {
  const maskedShapes = new Map<string, CalendarEvent>();
  const isoTexts = new Map<number, string>();
  const iso = (ms: number) => {
    let text = isoTexts.get(ms);
    if (text === undefined) isoTexts.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
  const present = (r: Omit<CalendarEventValues, 'patientId'>, f: StateFacts): CalendarEvent => {
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
  let keys: (keyof CalendarEventValues)[] | undefined; // the same for every row of the query
  return (r) => {
    const f = stateFactsOf(actor, r);
    // A row read without its values (its status is never null otherwise) is masked whatever the facts say.
    if (!f.masked && r.bookingStatus !== null) return present(r, f);
    keys ??= Object.keys(r) as (keyof CalendarEventValues)[];
    let nulls = 0; // one binary digit per column: exact up to 53 columns
    for (let i = 0; i < keys.length; i++) nulls = nulls * 2 + (r[keys[i]] == null ? 1 : 0);
    const shape = `${r.state}|${nulls}`;
    let masked = maskedShapes.get(shape);
    if (!masked) maskedShapes.set(shape, (masked = maskRecord(present({ ...r, ...MASKED_STAND_INS }, f))));
    return { ...masked, id: r.id };
  };
}
