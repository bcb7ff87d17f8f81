import type { CSSProperties } from 'react';
import { DEFAULT_APPOINTMENT_MINUTES } from '../../domain/bookings/bookings';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { OWNER_BORDER, STATUS_COLORS, statusGroup } from '../shared/bookings/bookingStatus';
import type { ClinicianChoice } from './calendarState';
import { toZonedWallClock } from '../shared/zonedTime';

/** A booking as a react-big-calendar event: start and end are wall-clock Dates of the chosen zone. */
export interface BookingEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  booking: CalendarEventRow;
  /** The current user is the primary clinician. */
  mine: boolean;
}

export interface CalendarEvents {
  events: BookingEvent[];
  /** Masked rows (patient state outside the user's licences) have no time to show. */
  masked: number;
  /** Rows whose appointment time cannot be read ('Failed parsing booking data for calender'). */
  unreadable: number;
}

const MINUTE_MS = 60_000;
const careTypeName = (careType: CalendarEventRow['careType']) =>
  careType && typeof careType === 'object' ? careType.displayName || careType.name : (careType ?? '');

/**
 * An end exactly at midnight after a start on the day before ends at 23:59:59.999 of the start's day, so the
 * appointment stays in that day's time grid instead of becoming an all-day event of the next day.
 */
function beforeMidnight(start: Date, end: Date): Date {
  const midnight = end.getHours() === 0 && end.getMinutes() === 0 && end.getSeconds() === 0 && end.getMilliseconds() === 0;
  return midnight && end.getTime() > start.getTime() && end.getTime() - start.getTime() <= 86_400_000 ? new Date(end.getTime() - 1) : end;
}

/** The events of the loaded rows shown in `zone`; an appointment without (valid) end lasts 30 minutes. */
export function toEvents(rows: readonly CalendarEventRow[], zone: string, userId: string | null | undefined): CalendarEvents {
  const out: CalendarEvents = { events: [], masked: 0, unreadable: 0 };
  for (const row of rows) {
    if (row.masked) {
      out.masked += 1;
      continue;
    }
    const start = new Date(row.appntStart);
    if (Number.isNaN(start.getTime())) {
      out.unreadable += 1;
      continue;
    }
    const given = row.appntEnd ? new Date(row.appntEnd) : null;
    const end = given && given.getTime() > start.getTime() ? given : new Date(start.getTime() + DEFAULT_APPOINTMENT_MINUTES * MINUTE_MS);
    const care = careTypeName(row.careType);
    const wallStart = toZonedWallClock(start, zone);
    out.events.push({
      id: row.id,
      title: care ? `${row.name} · ${care}` : row.name,
      start: wallStart,
      end: beforeMidnight(wallStart, toZonedWallClock(end, zone)),
      booking: row,
      mine: !!userId && row.primaryClinicianId === userId,
    });
  }
  return out;
}

/** Background by status (the legend), border by ownership: the user's own green, others amber. */
export function eventStyle(event: BookingEvent): CSSProperties {
  return {
    backgroundColor: STATUS_COLORS[statusGroup(event.booking.bookingStatus)],
    border: `3px solid ${event.mine ? OWNER_BORDER.mine : OWNER_BORDER.others}`,
    color: '#fff',
  };
}

/** The name filter's choices: the primary clinicians of the loaded bookings by name, plus the chosen one. */
export function cliniciansOf(rows: readonly CalendarEventRow[], chosen: ClinicianChoice | null): ClinicianChoice[] {
  const byId = new Map<string, string>();
  for (const r of rows) if (!r.masked && r.primaryClinicianId) byId.set(r.primaryClinicianId, r.primaryClinicianName || r.primaryClinicianId);
  if (chosen) byId.set(chosen.id, chosen.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The events of the chosen clinician ('All' when none is chosen). */
export const byClinician = (events: BookingEvent[], chosen: ClinicianChoice | null) =>
  chosen ? events.filter((e) => e.booking.primaryClinicianId === chosen.id) : events;
