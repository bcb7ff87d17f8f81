import { describe, expect, it } from 'vitest';
import { formatBookingClock, formatBookingTime, localDate, todayZone } from './booking-time';

describe('formatBookingTime', () => {
  it('writes the time in the booking zone with its label', () => {
    expect(formatBookingTime('2026-11-23T21:30:00Z', 'America/Denver')).toBe('Nov 23, 2026 02:30 PM MST');
    expect(formatBookingTime('2026-11-24T07:30:00Z', 'America/Los_Angeles')).toBe('Nov 23, 2026 11:30 PM PST');
    expect(formatBookingTime('2026-07-01T12:05:00Z', 'America/New_York')).toBe('Jul 01, 2026 08:05 AM EDT');
    expect(formatBookingClock('2026-11-23T21:30:00Z', 'America/Denver')).toBe('02:30 PM MST');
  });
  it('an unknown zone is UTC, labelled; missing and unreadable values', () => {
    expect(formatBookingTime('2026-11-23T00:00:00Z', 'Mars/Base')).toBe('Nov 23, 2026 12:00 AM UTC');
    expect(formatBookingTime(null, 'UTC')).toBe('');
    expect(formatBookingTime('XXXXXX', 'UTC')).toBe('XXXXXX');
  });
});

describe("a reader's today", () => {
  it('is taken in the profile zone when it is a real one, else in UTC', () => {
    expect(todayZone('America/Denver')).toBe('America/Denver');
    expect(todayZone('Mars/Olympus')).toBe('UTC');
    expect(todayZone(null)).toBe('UTC');
  });

  it('changes at midnight in that zone, not in UTC', () => {
    const utcMidnight = Date.parse('2026-11-30T00:00:00Z');
    expect(localDate('UTC', utcMidnight - 1)).toBe('2026-11-29');
    expect(localDate('UTC', utcMidnight)).toBe('2026-11-30');
    expect(localDate('America/Denver', utcMidnight)).toBe('2026-11-29');
    expect(localDate('America/Denver', Date.parse('2026-11-30T07:00:00Z') - 1)).toBe('2026-11-29');
    expect(localDate('America/Denver', Date.parse('2026-11-30T07:00:00Z'))).toBe('2026-11-30');
  });
});
