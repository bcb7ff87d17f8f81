/**
 * Time zones of the booking calendar (spec 2 §2.2). react-big-calendar lays events out in the browser's
 * local time, so an event is handed to it as a "wall-clock Date": a Date whose local fields equal the
 * wall-clock time of the instant in the chosen zone. fromZonedWallClock is the inverse (visible range -> instants).
 */
export const TIME_ZONE_CHOICES = ['OWN', 'PACIFIC', 'MOUNTAIN', 'CENTRAL', 'EASTERN'] as const;
export type TimeZoneChoice = (typeof TIME_ZONE_CHOICES)[number];

export const US_TIME_ZONES: Record<Exclude<TimeZoneChoice, 'OWN'>, string> = {
  PACIFIC: 'America/Los_Angeles',
  MOUNTAIN: 'America/Denver',
  CENTRAL: 'America/Chicago',
  EASTERN: 'America/New_York',
};

export function isValidTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The IANA zone of a choice: the user's own is the profile's time zone, else the browser's. */
export function resolveTimeZone(choice: TimeZoneChoice, ownZone: string | null | undefined): string {
  if (choice !== 'OWN') return US_TIME_ZONES[choice];
  return isValidTimeZone(ownZone) ? ownZone : browserTimeZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone, as a UTC timestamp (whole seconds). */
function wallClockAsUtc(instantMs: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(instantMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in ms (Pacific standard time: -8 h). */
const offsetAt = (instantMs: number, zone: string) => wallClockAsUtc(instantMs, zone) - Math.floor(instantMs / 1000) * 1000;

/** A Date whose local wall-clock equals the wall-clock of `instant` in `zone` (2026-11-21T18:00Z, Pacific -> 10:00 local). */
export function toZonedWallClock(instant: Date, zone: string): Date {
  const utc = wallClockAsUtc(instant.getTime(), zone);
  const w = new Date(utc);
  return new Date(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
    instant.getMilliseconds(),
  );
}

/** The instant at which the zone's clock shows the local wall-clock of `wallClock` (the inverse of toZonedWallClock). */
export function fromZonedWallClock(wallClock: Date, zone: string): Date {
  const asUtc = Date.UTC(
    wallClock.getFullYear(),
    wallClock.getMonth(),
    wallClock.getDate(),
    wallClock.getHours(),
    wallClock.getMinutes(),
    wallClock.getSeconds(),
    wallClock.getMilliseconds(),
  );
  const guess = asUtc - offsetAt(asUtc, zone);
  return new Date(asUtc - offsetAt(guess, zone));
}
