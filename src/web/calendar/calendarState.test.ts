// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_STORAGE_KEY, DEFAULT_CALENDAR_STATE, LOCATION_FILTERS, loadCalendarState, saveCalendarState, TYPE_FILTERS } from './calendarState';

describe('calendar state in local storage', () => {
  beforeEach(() => localStorage.clear());

  it('offers the filter values of the spec', () => {
    expect(LOCATION_FILTERS).toEqual(['ALL', 'CHARLESTON_NV_89104', 'ONLINE', 'DENVER_CAREHUB_01']);
    expect(TYPE_FILTERS).toEqual(['ALL', 'SELF', 'UNASSIGNED']);
  });

  it('starts from the defaults: day view, today, every filter All, the user own time zone', () => {
    expect(loadCalendarState()).toEqual({ view: 'day', date: null, location: 'ALL', type: 'ALL', clinician: null, timeZone: 'OWN' });
  });

  it('restores the view and the filters, never the shown day (a new visit opens today)', () => {
    const state = {
      view: 'month',
      date: '2026-11-21',
      location: 'ONLINE',
      type: 'SELF',
      clinician: { id: 'c-1', name: 'Mark Lee' },
      timeZone: 'EASTERN',
    } as const;
    saveCalendarState(state);
    expect(loadCalendarState()).toEqual({ ...state, date: null });
    localStorage.setItem(CALENDAR_STORAGE_KEY, JSON.stringify({ ...state, date: '2020-01-01' }));
    expect(loadCalendarState().date).toBeNull();
  });

  it('keeps the good fields of a damaged entry and defaults the others', () => {
    localStorage.setItem(CALENDAR_STORAGE_KEY, JSON.stringify({ view: 'year', date: 'soon', location: 'DENVER_CAREHUB_01', timeZone: 'MARS' }));
    expect(loadCalendarState()).toEqual({ ...DEFAULT_CALENDAR_STATE, location: 'DENVER_CAREHUB_01' });
    localStorage.setItem(CALENDAR_STORAGE_KEY, '{not json');
    expect(loadCalendarState()).toEqual(DEFAULT_CALENDAR_STATE);
  });
});
