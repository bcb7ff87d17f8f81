/**
 * Keyboard shortcuts on the rows of the worklists: j/k or the arrows move the row focus, Enter opens the
 * focused row, and a letter presses one of the focused row's actions (named by its i18n key). Listed in the `?` help.
 */
export type RowShortcutTable = 'request' | 'result' | 'kit';

export const ROW_MOVE_KEYS = { next: ['j', 'ArrowDown'], previous: ['k', 'ArrowUp'] } as const;

/** Letter -> i18n key of the row button (or checkbox) it presses, per table. */
export const ROW_ACTION_KEYS: Record<RowShortcutTable, Record<string, string>> = {
  request: { a: 'lab.approve', r: 'lab.reject', t: 'lab.createTestReport', m: 'lab.assignToMe' },
  result: { m: 'lab.assignToMe', s: 'lab.sendResults', n: 'lab.internalNotes' },
  kit: { x: 'ra.action.select_row' },
};

/** How Enter opens a row: the row's own click (react-admin rowClick) or its first link. */
export const ROW_OPEN: Record<RowShortcutTable, 'row' | 'link'> = { request: 'row', result: 'row', kit: 'link' };

/** The booking calendar's focused event (react-big-calendar makes each event a button). */
export const CALENDAR_KEYS = { open: 'Enter', actions: 'a' } as const;
