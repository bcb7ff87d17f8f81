import { addDays, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { fromZonedWallClock } from '../shared/zonedTime';

/** Views of the booking calendar (spec 2 §2.2). */
export const CALENDAR_VIEWS = ['day', 'week', 'month', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** react-big-calendar's agenda shows this many days from the date. */
export const AGENDA_LENGTH_DAYS = 30;

export interface WallClockRange {
  /** Inclusive, local wall-clock of the chosen zone. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

/**
 * The range whose bookings a view needs (wall-clock of the chosen zone). The day view extends its day by
 * one day on each side (yesterday to tomorrow for today, the spec's default range); week and month are
 * their visible weeks (weeks start on Sunday, as the calendar's en-US locale); the agenda is its 30 days.
 */
export function visibleRange(view: CalendarView, date: Date): WallClockRange {
  const day = startOfDay(date);
  switch (view) {
    case 'day':
      return { start: addDays(day, -1), end: addDays(day, 2) };
    case 'week':
      return { start: startOfWeek(day), end: addDays(startOfWeek(day), 7) };
    case 'month':
      return { start: startOfWeek(startOfMonth(day)), end: addDays(startOfDay(endOfWeek(endOfMonth(day))), 1) };
    case 'agenda':
      return { start: day, end: addDays(day, AGENDA_LENGTH_DAYS + 1) };
  }
}

/** The from/to instants (ISO) of GET /bookings for a view shown in a time zone. */
export function queryRange(view: CalendarView, date: Date, zone: string): { from: string; to: string } {
  const { start, end } = visibleRange(view, date);
  return { from: fromZonedWallClock(start, zone).toISOString(), to: fromZonedWallClock(end, zone).toISOString() };
}
