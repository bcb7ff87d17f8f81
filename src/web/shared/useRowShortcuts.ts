import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { ROW_ACTION_KEYS, ROW_MOVE_KEYS, ROW_OPEN, type RowShortcutTable } from '../../domain/shared/row-shortcuts';

/** Where a key press is typing (or choosing in a menu or dialog), never a row shortcut. */
const TYPING =
  'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"], [role="textbox"], ' +
  '[role="combobox"], [role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]';

/** The accessible name of a row's control: its aria-label, else its text. */
const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();

/** The enabled button (or checkbox) of the row whose name is `name` (a checkbox's name starts with it: "Select this row KT…"). */
function controlOf(row: HTMLElement, name: string): HTMLElement | undefined {
  return [...row.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type="checkbox"]')].find(
    (el) => !el.disabled && (el.type === 'checkbox' ? nameOf(el).startsWith(name) : nameOf(el) === name),
  );
}

function focusRow(row: HTMLElement) {
  row.tabIndex = -1;
  row.focus();
}

/**
 * Row shortcuts of a worklist table (listed in the `?` help): j / ↓ and k / ↑ move the focus from row to
 * row, Enter opens the focused row, the table's letters press the focused row's actions. Keys typed in a field, a
 * menu or a dialog are left alone. Put the returned ref on an element around the table; style `tbody tr:focus`.
 */
export function useRowShortcuts<T extends HTMLElement = HTMLDivElement>(table: RowShortcutTable) {
  const ref = useRef<T>(null);
  /** The row the shortcuts last focused: a refetch (a live update) can replace its element and drop the focus. */
  const lastRow = useRef<number | null>(null);
  const translate = useTranslate();
  useEffect(() => {
    const actions = Object.entries(ROW_ACTION_KEYS[table]).map(([key, label]) => [key, translate(label)] as const);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING) || (target instanceof HTMLElement && target.isContentEditable)) return;
      const rows = [...(ref.current?.querySelectorAll<HTMLElement>('tbody tr') ?? [])];
      if (rows.length === 0) return;
      let current = rows.findIndex((row) => row.contains(document.activeElement));
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (current < 0 && focusLost && lastRow.current !== null && lastRow.current < rows.length) {
        current = lastRow.current;
        focusRow(rows[current]);
      }
      const step = (ROW_MOVE_KEYS.next as readonly string[]).includes(event.key)
        ? 1
        : (ROW_MOVE_KEYS.previous as readonly string[]).includes(event.key)
          ? -1
          : 0;
      if (step !== 0) {
        // The arrows scroll the page unless a row has the focus; j and k start at the first row.
        if (current < 0 && event.key.startsWith('Arrow')) return;
        event.preventDefault();
        lastRow.current = current < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, current + step));
        focusRow(rows[lastRow.current]);
        return;
      }
      if (current < 0) return;
      const row = rows[current];
      if (event.key === 'Enter') {
        if (document.activeElement !== row) return; // Enter on a focused button presses that button
        event.preventDefault();
        (ROW_OPEN[table] === 'link' ? row.querySelector<HTMLElement>('a[href]') : row)?.click();
        return;
      }
      const action = actions.find(([key]) => key === event.key);
      const control = action && controlOf(row, action[1]);
      if (!control) return;
      event.preventDefault();
      control.click();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [table, translate]);
  return ref;
}

/** The visible focus of a row moved to by the shortcuts (sx of the element around the table). */
export const focusedRowSx = {
  '& tbody tr:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '-2px' },
} as const;
