import { describe, expect, it } from 'vitest';
import { formatWhen } from './parts';

describe('formatWhen', () => {
  it("shows an appointment in the booking's time zone with its short name", () => {
    expect(formatWhen('2026-11-21T18:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 21, 2026 10:00 AM PST');
    expect(formatWhen('2026-07-01T18:30:00.000Z', 'America/New_York')).toBe('Jul 01, 2026 02:30 PM EDT');
  });
  it('is empty when missing and gives back what it cannot read', () => {
    expect(formatWhen(null, 'America/Denver')).toBe('');
    expect(formatWhen('not a date', 'America/Denver')).toBe('not a date');
  });
});
