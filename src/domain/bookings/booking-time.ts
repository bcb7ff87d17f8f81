/**
 * The one way a booking time is written (spec 2 §9 'LLL dd, yyyy hh:mm a'): always in the booking's own time zone and
 * labelled with it ("Nov 23, 2026 02:30 PM MST"), on the detail, the list, the calendar and the CSV alike.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Names found not to be zones (building a formatter costs about a millisecond; bounded, as names come from profiles). */
const notZones = new Set<string>();

export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone || notZones.has(zone)) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    if (notZones.size < 1000) notZones.add(zone);
    return false;
  }
}

/** The zone of a reader's "today" (the dashboard's, the TODAY search's): its profile's zone when real, else UTC. */
export const todayZone = (zone: string | null | undefined): string => (isTimeZone(zone) ? zone : 'UTC');

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in a zone known to be real (todayZone). */
export function localDate(zone: string, at: number): string {
  let f = dateFormatters.get(zone);
  if (!f) dateFormatters.set(zone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(at);
}

/** An instant in `zone` (UTC when the zone is missing or unknown), with the zone's short name; '' when missing, the raw value when unreadable. */
export function formatBookingTime(value: string | Date | null | undefined, zone: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const parts: Record<string, string> = {};
  for (const p of formatterOf(isTimeZone(zone) ? zone : 'UTC').formatToParts(d)) parts[p.type] = p.value;
  const hour = parts.hour === '24' ? '12' : parts.hour;
  return `${parts.month} ${parts.day}, ${parts.year} ${hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}

/** Just the time of day in the zone, labelled ("02:30 PM MST"). */
export const formatBookingClock = (value: string | Date | null | undefined, zone: string | null | undefined) =>
  formatBookingTime(value, zone)
    .split(', ')
    .slice(1)
    .join(', ')
    .replace(/^\d{4} /, '');
