import { fromZonedWallClock, toZonedWallClock } from '../../src/web/shared/zonedTime';

/**
 * "Today" for a booking a test places: the portal's Today's Bookings is the day in the reader's own time zone (the
 * clinician profile's), not the UTC day, so a booking is placed from that zone's midnight, whatever the UTC hour.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The instant at which the day of `nowMs` began in `zone` (its local midnight). */
export function startOfDayIn(zone: string, nowMs: number): number {
  const wall = toZonedWallClock(new Date(nowMs), zone);
  return fromZonedWallClock(new Date(wall.getFullYear(), wall.getMonth(), wall.getDate()), zone).getTime();
}

/** The day of an instant in `zone`, yyyy-mm-dd. */
export const dayIn = (zone: string, ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(ms));

/**
 * A start for a booking that is today in `zone` and has already begun (so it can be completed): ten minutes ago, but
 * never before the zone's midnight. Close to midnight the day could change between placing the booking and the
 * search that should find it, and a booking started at 00:00 cannot be ended at 00:00: `waitMs` says how long to wait
 * first (up to 5 minutes, only in the 3 minutes before and 2 after the zone's midnight), `startMs` is then computed
 * from `nowMs + waitMs`.
 */
export function startedTodayIn(zone: string, nowMs: number): { waitMs: number; startMs: number } {
  const midnight = startOfDayIn(zone, nowMs);
  const nextMidnight = startOfDayIn(zone, midnight + 26 * HOUR_MS); // 26 h: also past a 25-hour day's end
  let waitMs = 0;
  if (nowMs - midnight < 2 * MINUTE_MS) waitMs = midnight + 2 * MINUTE_MS - nowMs;
  else if (nextMidnight - nowMs < 3 * MINUTE_MS) waitMs = nextMidnight + 2 * MINUTE_MS - nowMs;
  const at = nowMs + waitMs;
  return { waitMs, startMs: Math.max(at - 10 * MINUTE_MS, startOfDayIn(zone, at)) };
}
