import { describe, expect, it } from 'vitest';
import { bookingCell } from './bookingColumns';
import { bookingRow } from '../../test-utils/bookingFixtures';

describe('booking list cells', () => {
  it('write each time in the booking zone, labelled, as the detail does', () => {
    const row = bookingRow('BK1', { appntStart: '2026-11-23T21:30:00.000Z', appntEnd: '2026-11-23T22:00:00.000Z', eventTimeZone: 'America/Denver' });
    expect(bookingCell('appntStart', row, 'Unassigned')).toBe('Nov 23, 2026 02:30 PM MST');
    expect(bookingCell('appntEnd', row, 'Unassigned')).toBe('Nov 23, 2026 03:00 PM MST');
  });
});
