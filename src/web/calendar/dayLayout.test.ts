import { describe, expect, it } from 'vitest';
import { columnLayout, MIN_VISUAL_MINUTES } from './dayLayout';

/** A day column of 24 h as react-big-calendar measures it: top and height in percent of the day. */
const DAY_MIN = 24 * 60;
const day = new Date(2026, 10, 23);
const at = (min: number) => new Date(day.getTime() + min * 60_000);
const slotMetrics = {
  getRange(start: Date, end: Date) {
    const s = (start.getTime() - day.getTime()) / 60_000;
    const e = Math.min(DAY_MIN, (end.getTime() - day.getTime()) / 60_000);
    return { top: (s / DAY_MIN) * 100, height: ((e - s) / DAY_MIN) * 100 };
  },
};
interface Ev {
  id: string;
  start: Date;
  end: Date;
}
const accessors = { start: (e: Ev) => e.start, end: (e: Ev) => e.end };
const ev = (id: string, from: number, to: number): Ev => ({ id, start: at(from), end: at(to) });
const layout = (events: Ev[]) => columnLayout({ events, minimumStartDifference: 15, slotMetrics, accessors });

/** Every pair of events drawn over the same heights (an event is at least MIN_VISUAL_MINUTES tall) sits side by side. */
function expectNoCover(events: Ev[]) {
  const styled = layout(events);
  expect(styled).toHaveLength(events.length);
  const boxes = styled.map(({ event, style }) => {
    const top = Number(style.top);
    const minHeight = (MIN_VISUAL_MINUTES / DAY_MIN) * 100;
    return {
      id: (event as Ev).id,
      top,
      bottom: top + Math.max(Number(style.height), minHeight),
      left: Number(style.xOffset),
      right: Number(style.xOffset) + Number(style.width),
    };
  });
  for (const a of boxes) {
    expect(a.left).toBeGreaterThanOrEqual(0);
    expect(a.right).toBeLessThanOrEqual(100.0001);
    for (const b of boxes) {
      if (a === b) continue;
      const vertical = a.top < b.bottom - 1e-9 && b.top < a.bottom - 1e-9;
      const horizontal = a.left < b.right - 1e-9 && b.left < a.right - 1e-9;
      expect(vertical && horizontal, `${a.id} covers ${b.id}`).toBe(false);
    }
  }
}

describe('calendar day layout (every event and its actions button visible)', () => {
  it('overlapping appointments side by side, a lone one full width', () => {
    const styled = layout([ev('a', 540, 570), ev('b', 540, 600), ev('c', 720, 750)]);
    const c = styled.find((s) => (s.event as Ev).id === 'c')!;
    expect(c.style).toMatchObject({ width: 100, xOffset: 0 });
    expectNoCover([ev('a', 540, 570), ev('b', 540, 600), ev('c', 720, 750)]);
  });

  it('a short appointment drawn taller than its time (minimum height) does not cover the next one in its column', () => {
    expectNoCover([ev('a', 540, 550), ev('b', 550, 580), ev('c', 580, 640)]);
  });

  it('chains of overlaps, nested and back-to-back appointments of a busy week', () => {
    expectNoCover([
      ev('a', 540, 660),
      ev('b', 540, 570),
      ev('c', 570, 600),
      ev('d', 600, 630),
      ev('e', 585, 615),
      ev('f', 630, 700),
      ev('g', 690, 720),
    ]);
    // A pseudo-random busy day: 40 appointments of 15 to 60 minutes between 06:00 and 16:00.
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const busy = Array.from({ length: 40 }, (_, i) => {
      const from = 360 + Math.floor(rnd() * 40) * 15;
      return ev(`r${i}`, from, from + 15 * (1 + Math.floor(rnd() * 4)));
    });
    expectNoCover(busy);
  });
});
