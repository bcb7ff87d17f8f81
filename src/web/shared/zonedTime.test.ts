import { describe, expect, it } from 'vitest';
import { fromZonedWallClock, resolveTimeZone, toZonedWallClock, US_TIME_ZONES } from './zonedTime';

const hm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

describe('calendar time zones', () => {
  const instant = new Date('2026-11-21T18:00:00Z');

  it('shows 2026-11-21T18:00Z at 10:00 Pacific and 13:00 Eastern (local wall-clock of the returned Date)', () => {
    expect(hm(toZonedWallClock(instant, US_TIME_ZONES.PACIFIC))).toBe('10:00');
    expect(hm(toZonedWallClock(instant, US_TIME_ZONES.MOUNTAIN))).toBe('11:00');
    expect(hm(toZonedWallClock(instant, US_TIME_ZONES.CENTRAL))).toBe('12:00');
    expect(hm(toZonedWallClock(instant, US_TIME_ZONES.EASTERN))).toBe('13:00');
    expect(toZonedWallClock(instant, US_TIME_ZONES.EASTERN).getDate()).toBe(21);
  });

  it('follows daylight saving time (July: Pacific is UTC-7)', () => {
    expect(hm(toZonedWallClock(new Date('2026-07-01T18:00:00Z'), US_TIME_ZONES.PACIFIC))).toBe('11:00');
  });

  it('moves across midnight into the previous day', () => {
    const d = toZonedWallClock(new Date('2026-11-21T03:30:00Z'), US_TIME_ZONES.PACIFIC);
    expect([d.getDate(), hm(d)]).toEqual([20, '19:30']);
  });

  it('inverts: the wall-clock in a zone back to the instant', () => {
    for (const zone of Object.values(US_TIME_ZONES)) {
      expect(fromZonedWallClock(toZonedWallClock(instant, zone), zone).toISOString()).toBe(instant.toISOString());
    }
    expect(fromZonedWallClock(new Date(2026, 10, 21, 0, 0), US_TIME_ZONES.EASTERN).toISOString()).toBe('2026-11-21T05:00:00.000Z');
  });

  it("resolves the user's own zone from the profile, else the browser's", () => {
    expect(resolveTimeZone('OWN', 'America/Denver')).toBe('America/Denver');
    expect(resolveTimeZone('OWN', null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone('OWN', 'Not/AZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone('CENTRAL', 'America/Denver')).toBe('America/Chicago');
  });
});
