import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The keyboard walks' steps: reaching a control with Tab, its visible focus, a dialog letting the focus go. */

/** The focused element shows its focus: an outline, a focus shadow, or MUI's focused field frame around it. */
export async function expectVisibleFocus(page: Page) {
  const focus = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { visible: false, what: 'nothing focused' };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const shadow = s.boxShadow !== 'none';
    const field = !!el.closest('.Mui-focused');
    return { visible: outline || shadow || field, what: el.outerHTML.slice(0, 160) };
  });
  expect(focus.visible, `visible focus on ${focus.what}`).toBe(true);
}

export const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus: the way a keyboard user gets to a control. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`${target} not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses`);
}

/** Escape closes the dialog and the focus is back on the control that opened it: no trap. */
export async function escapeReturnsFocus(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => isFocused(opener)).toBe(true);
  await expectVisibleFocus(page);
}

export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 20_000 });
