import type { CSSProperties } from 'react';

/**
 * The height an event takes on screen at least, in minutes: react-big-calendar draws an event no shorter than its
 * title line and actions button (CSS min-height), so a 10-minute appointment reaches into the next slot.
 */
export const MIN_VISUAL_MINUTES = 30;

/** react-big-calendar's event box: top, height, width and left offset in percent of the day column. */
type EventBox = CSSProperties & { top: number; height: number; width: number; xOffset: number };

interface LayoutInput<E> {
  events: E[];
  minimumStartDifference: number;
  slotMetrics: { getRange(start: Date, end: Date): { top: number; height: number } };
  accessors: { start(e: E): Date; end(e: E): Date };
}

/**
 * The day and week views' layout (react-big-calendar `dayLayoutAlgorithm`): events that share any height on screen
 * (counting each at least MIN_VISUAL_MINUTES tall) get different columns of their group, so no event covers another's
 * actions button or its edge. A group is a run of events linked by such overlaps; its columns share the width equally,
 * each event in the first column free at its top. The library's 'no-overlap' stretches events and ignores the minimum
 * height, which let neighbours cover each other in a busy week.
 */
export function columnLayout<E>({ events, slotMetrics, accessors }: LayoutInput<E>): Array<{ event: E; style: EventBox }> {
  const items = events
    .map((event) => {
      const start = accessors.start(event);
      const { top, height } = slotMetrics.getRange(start, accessors.end(event));
      const minHeight = slotMetrics.getRange(start, new Date(start.getTime() + MIN_VISUAL_MINUTES * 60_000)).height;
      return { event, top, height, bottom: top + Math.max(height, minHeight), column: 0 };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);

  const out: Array<{ event: E; style: EventBox }> = [];
  let group: typeof items = [];
  let columnBottoms: number[] = [];
  const closeGroup = () => {
    const width = 100 / Math.max(1, columnBottoms.length);
    for (const i of group) out.push({ event: i.event, style: { top: i.top, height: i.height, width, xOffset: i.column * width } });
    group = [];
    columnBottoms = [];
  };
  for (const item of items) {
    if (group.length && item.top >= Math.max(...columnBottoms)) closeGroup();
    const free = columnBottoms.findIndex((bottom) => bottom <= item.top);
    item.column = free === -1 ? columnBottoms.length : free;
    columnBottoms[item.column] = item.bottom;
    group.push(item);
  }
  closeGroup();
  return out;
}
