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

export const ROW_SHORTCUT_HELP = [
  { keys: 'j / ↓, k / ↑', action: 'Lab Requests, Lab Results, Manage Lab Order: focus the next / previous row' },
  { keys: 'Enter', action: 'Open the focused row (its kit details)' },
  { keys: 'a / r / t / m', action: 'Lab Requests: Approve, Reject, Create Test Report, Assign To Me on the focused row' },
  { keys: 'm / s / n', action: 'Lab Results: Assign To Me, Send Results, Internal Notes on the focused row' },
  { keys: 'x', action: 'Manage Lab Order: select or unselect the focused row' },
  { keys: 'Enter / a', action: 'Calendar: open the focused booking / its actions' },
] as const;
