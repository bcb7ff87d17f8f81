import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_TEXT } from '../../src/domain/i18n/en/profile';
import { MESSAGE_TEXT } from '../../src/domain/i18n/en/message';
import { type E2eBrowser, openBrowser, portalUrl, settled, signInToDashboard } from './browser';
import { escapeReturnsFocus, expectVisibleFocus, tabTo, toast } from './keyboard';

/**
 * The main flows with the keyboard only (Tab, Shift+Tab, Enter, Space, Escape, the arrows and the worklists' row
 * keys): every control the walk stops on shows its focus, and a dialog lets the focus go (Escape closes it and the
 * focus returns to the control that opened it). Addresses are typed, as a keyboard user does.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

describe('keyboard only', () => {
  it('clinician: edit a licence, reply to a message, approve a lab request; dialogs let the focus go', { timeout: 240_000 }, async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');

    // Edit a licence: Edit, Update unchanged (the spec's "no change" answer), then Discard.
    await page.goto(`${portalUrl()}/license`);
    const licence = page.getByRole('listitem', { name: /^NV / });
    await tabTo(page, licence.getByRole('button', { name: 'Edit' }));
    await page.keyboard.press('Enter');
    const update = licence.getByRole('button', { name: 'Update' });
    await tabTo(page, update);
    await page.keyboard.press('Enter');
    await toast(page, PROFILE_TEXT.licenceNoChange);
    await tabTo(page, licence.getByRole('button', { name: 'Discard' }), { back: true });
    await page.keyboard.press('Space');
    await toast(page, PROFILE_TEXT.licenceCancelledNoChange);
    await licence.getByRole('button', { name: 'Edit' }).waitFor();

    // Reply to a message: the inbox's first message, opened from its subject with Enter.
    await page.goto(`${portalUrl()}/inbox`);
    // Each toggle on and off again with Space (the other tests answer and reassign the seeded messages; the whole inbox
    // stays listed), the pressed state announced.
    for (const [group, on] of [
      ['Recipient', 'Sent to me'],
      ['Answered', 'Unanswered Messages'],
    ] as const) {
      const toggles = page.getByRole('group', { name: group });
      await tabTo(page, toggles.getByRole('button', { name: on }));
      await page.keyboard.press('Space');
      await expect.poll(() => toggles.getByRole('button', { name: on }).getAttribute('aria-pressed')).toBe('true');
      await tabTo(page, toggles.getByRole('button', { name: 'All Messages' }), { back: true });
      await page.keyboard.press('Space');
      await expect.poll(() => toggles.getByRole('button', { name: 'All Messages' }).getAttribute('aria-pressed')).toBe('true');
    }
    // My States on (another test may have left All States): the rows outside Jane's licence states are masked.
    const states = page.getByRole('group', { name: 'States' });
    await tabTo(page, states.getByRole('button', { name: 'My States' }), { back: true });
    await page.keyboard.press('Space');
    await expect.poll(() => states.getByRole('button', { name: 'My States' }).getAttribute('aria-pressed')).toBe('true');
    await settled(page);
    const subject = page.locator('tbody tr').first().locator('td button').first();
    await tabTo(page, subject);
    const [detail] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await detail.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
    const reply = detail.getByRole('button', { name: 'Reply', exact: true });
    await tabTo(detail, reply);
    await detail.keyboard.press('Enter');
    const editor = detail.locator('.ProseMirror');
    await tabTo(detail, editor);
    await detail.keyboard.type('Thank you, noted (keyboard).');
    await tabTo(detail, detail.getByRole('button', { name: 'Send Reply' }));
    await detail.keyboard.press('Enter');
    await toast(detail, MESSAGE_TEXT.messageSent);

    // The Update Status dialog opens with Enter and closes with Escape, the focus back on its button.
    const updateStatus = detail.getByRole('button', { name: 'Update Status' });
    await expect.poll(() => updateStatus.isEnabled(), { timeout: 20_000 }).toBe(true);
    await tabTo(detail, updateStatus, { back: true });
    await detail.keyboard.press('Enter');
    const dialog = detail.getByRole('dialog', { name: 'Update Status' });
    await dialog.waitFor();
    await escapeReturnsFocus(detail, dialog, updateStatus);
    await detail.close();

    // Approve a lab request with the row keys: j moves to the next row, a approves the focused one. The last
    // registered request of the page, so the first ones stay for the other lab tests.
    const query = new URLSearchParams({ filter: JSON.stringify({ queryType: 'ASSIGNED', myStates: true }), page: '1', perPage: '50' });
    await page.goto(`${portalUrl()}/request?${query}`);
    await page.locator('tbody tr').first().waitFor();
    await settled(page);
    const rows = page.locator('tbody tr');
    const texts = await rows.allInnerTexts();
    const target = texts
      .map((t, i) => (/\bREGISTERED\b/.test(t) ? i : -1))
      .filter((i) => i >= 0)
      .at(-1);
    expect(target, 'a registered request').toBeDefined();
    for (let i = 0; i <= target!; i++) await page.keyboard.press(i === 0 ? 'j' : 'ArrowDown');
    const row = rows.nth(target!);
    await expect.poll(() => row.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectVisibleFocus(page);
    const kitId = (await row.locator('td.column-kitId').innerText()).trim();
    await page.keyboard.press('a');
    await expect.poll(async () => await page.locator('tbody tr', { hasText: kitId }).innerText(), { timeout: 20_000 }).toMatch(/APPROVED/);

    await context.close();
  });
});
