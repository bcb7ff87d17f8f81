import { describe, expect, it } from 'vitest';
import { formatBookingClock, formatBookingTime } from './booking-time';

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
