import { describe, expect, it } from 'vitest';
import { queryRange, visibleRange } from './calendarRange';

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const span = (view: Parameters<typeof visibleRange>[0], date: Date) => {
  const r = visibleRange(view, date);
  return [ymd(r.start), ymd(r.end)];
};

describe('calendar ranges', () => {
  const saturday = new Date(2026, 10, 21, 15, 30); // 2026-11-21

  it('day view: yesterday to tomorrow (one day more on each side)', () => {
    expect(span('day', saturday)).toEqual(['2026-11-20', '2026-11-23']);
  });

  it('week view: Sunday to Saturday; month view: the visible weeks; agenda: its 30 days', () => {
    expect(span('week', saturday)).toEqual(['2026-11-15', '2026-11-22']);
    expect(span('month', saturday)).toEqual(['2026-11-01', '2026-12-06']);
    expect(span('agenda', saturday)).toEqual(['2026-11-21', '2026-12-22']);
  });

  it('queries the instants of the range in the chosen zone, within the server limit of 45 days', () => {
    expect(queryRange('day', saturday, 'America/New_York')).toEqual({ from: '2026-11-20T05:00:00.000Z', to: '2026-11-23T05:00:00.000Z' });
    expect(queryRange('day', saturday, 'America/Los_Angeles').from).toBe('2026-11-20T08:00:00.000Z');
    for (const view of ['day', 'week', 'month', 'agenda'] as const) {
      const { from, to } = queryRange(view, new Date(2026, 4, 31), 'America/Denver');
      expect(Date.parse(to) - Date.parse(from)).toBeLessThanOrEqual(45 * 86_400_000);
    }
  });
});
