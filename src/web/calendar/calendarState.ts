import { z } from 'zod';
import { calendarQuerySchema } from '../../domain/bookings/bookings';
import { CALENDAR_VIEWS, type CalendarView } from './calendarRange';
import { TIME_ZONE_CHOICES, type TimeZoneChoice } from '../shared/zonedTime';

/** Filter values of the calendar (spec 2 §2.2), from the shared calendar query schema. */
export const LOCATION_FILTERS = calendarQuerySchema.shape.location.unwrap().options;
export const TYPE_FILTERS = calendarQuerySchema.shape.type.unwrap().options;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];
export type TypeFilter = (typeof TYPE_FILTERS)[number];

export interface ClinicianChoice {
  id: string;
  name: string;
}

/**
 * The calendar's state: the view and the filters are kept in local storage (spec 2 §2.2); the shown day lives in the URL
 * (?date=, so Back returns to it) and is never stored, so a new visit opens on today.
 */
export interface CalendarState {
  view: CalendarView;
  /** yyyy-mm-dd shown (wall-clock of the chosen zone); null: today. Not stored. */
  date: string | null;
  location: LocationFilter;
  type: TypeFilter;
  /** The name filter: null is 'All'. */
  clinician: ClinicianChoice | null;
  timeZone: TimeZoneChoice;
}

export const CALENDAR_STORAGE_KEY = 'portal.bookingCalendar';

export const DEFAULT_CALENDAR_STATE: CalendarState = { view: 'day', date: null, location: 'ALL', type: 'ALL', clinician: null, timeZone: 'OWN' };

/** Each field is checked on its own: a bad or outdated value falls back to its default, the rest is kept. */
const FIELDS = {
  view: z.enum(CALENDAR_VIEWS),
  location: z.enum(LOCATION_FILTERS),
  type: z.enum(TYPE_FILTERS),
  clinician: z.object({ id: z.string().min(1), name: z.string() }).nullable(),
  timeZone: z.enum(TIME_ZONE_CHOICES),
};

export function loadCalendarState(storage: Storage | undefined = globalThis.localStorage): CalendarState {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CALENDAR_STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // unreadable: the defaults
  }
  const state: Record<string, unknown> = { ...DEFAULT_CALENDAR_STATE };
  for (const [key, schema] of Object.entries(FIELDS)) {
    const checked = schema.safeParse(raw[key]);
    if (checked.success && raw[key] !== undefined) state[key] = checked.data;
  }
  return state as unknown as CalendarState;
}

export function saveCalendarState(state: CalendarState, storage: Storage | undefined = globalThis.localStorage) {
  try {
    const { date: _shown, ...kept } = state;
    storage?.setItem(CALENDAR_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // storage full or disabled: the state lives for this visit only
  }
}
