import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../src/domain/kits';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { type E2eBrowser, openBrowser, portalUrl, settled, signInToDashboard } from './browser';
import { expectVisibleFocus, isFocused, tabTo, toast } from './keyboard';

/**
 * More of the main flows with the keyboard only (Tab, Shift+Tab, Enter, Space, the arrows, typing; no click): release a
 * lab result, move kits through Manage Lab Order to a confirmed shipment, find a booking and complete it. Each ends with
 * the spec's success text, and the focus is visible on every control the walk stops on and somewhere sensible once a
 * dialog has closed (back on the page, not lost on the document body).
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

/** After a dialog closed: the focus is on the page (an element of it, visibly focused), not lost. */
async function focusKeptOnPage(page: Page) {
  await expect.poll(() => page.evaluate(() => !document.querySelector('[role="dialog"]'))).toBe(true);
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement && document.activeElement !== document.body), {
      message: 'focus back on the page after the dialog closed',
    })
    .toBe(true);
  await expectVisibleFocus(page);
}

/** Presses Tab until `box` (a checkbox) has the focus, then Space: it is ticked. */
async function tick(page: Page, box: Locator) {
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe('keyboard only: more flows', () => {
  it('clinician: release a lab result from the Lab Results table', { timeout: 180_000 }, async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    // Her assigned results in her states; the last one on the page that can be sent (the first ones stay for the other lab tests).
    const query = new URLSearchParams({ filter: JSON.stringify({ queryType: 'ASSIGNED', myStates: true }), page: '1', perPage: '50' });
    await page.goto(`${portalUrl()}/result?${query}`);
    await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    await settled(page);
    const sendable = page.locator('tbody tr').filter({ has: page.getByRole('button', { name: LAB_TEXT.sendResults, exact: true, disabled: false }) });
    const count = await sendable.count();
    expect(count, 'a result of hers that can be sent').toBeGreaterThan(0);
    const row = sendable.nth(count - 1);
    const kitId = /KT\d{7}/.exec(await row.innerText())![0];
    const target = page.locator('tbody tr', { hasText: kitId });
    const send = target.getByRole('button', { name: LAB_TEXT.sendResults, exact: true });
    // The worklist's row keys to its row (j, then ↓), then Tab into the row to its Send Results.
    const index = (await page.locator('tbody tr').allInnerTexts()).findIndex((t) => t.includes(kitId));
    for (let i = 0; i <= index; i++) await page.keyboard.press(i === 0 ? 'j' : 'ArrowDown');
    await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    await tabTo(page, send, { max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(LAB_TEXT.sendResultsTitle) });
    await dialog.waitFor();
    // A result neither positive nor negative asks first that it was resolved.
    const resolved = dialog.getByLabel(LAB_TEXT.thisHasBeenResolved);
    if (await dialog.getByText(LAB_TEXT.rejectedResultsNotice).isVisible()) {
      await dialog.getByRole('button', { name: LAB_TEXT.continue }).waitFor();
      await tick(page, resolved);
      await tabTo(page, dialog.getByRole('button', { name: LAB_TEXT.continue }));
      await page.keyboard.press('Enter');
    }
    const notes = dialog.getByLabel(LAB_TEXT.notesToPatient);
    await notes.waitFor();
    await expect.poll(() => isFocused(notes), { message: 'the notes field has the focus when the step opens' }).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Your results are ready; please book a consultation (keyboard).');
    await tabTo(page, dialog.getByRole('button', { name: LAB_TEXT.send, exact: true }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: LAB_TEXT.confirmSend });
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole('button', { name: LAB_TEXT.send, exact: true }));
    await page.keyboard.press('Enter');
    await toast(page, LAB_TEXT.resultReleaseSuccess);
    await focusKeptOnPage(page);
    await context.close();
  });

  it('support staff: approve two collected kits, create their manifest and confirm the shipment', { timeout: 240_000 }, async () => {
    const KITS = ['KT0000110', 'KT0000140']; // collected at the Las Vegas hub (seed), no other e2e file moves them
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'staff@demo.test');
    await page.goto(`${portalUrl()}/manage-lab-order`);
    const location = page.getByLabel('Care location');
    await tabTo(page, location);
    // A closed native select: the arrows step through its options (—, Online, Denver, Las Vegas).
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => location.inputValue()).toBe('CHARLESTON_NV_89104');
    const withComment = async (title: string, comment: string, success: string) => {
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await expect.poll(() => isFocused(dialog.getByLabel('Comment'))).toBe(true);
      await page.keyboard.type(comment);
      await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
      await page.keyboard.press('Enter');
      await toast(page, success);
      await focusKeptOnPage(page);
    };
    const selectBoth = async () => {
      for (const kitId of KITS) await tick(page, page.getByRole('checkbox', { name: `Select this row ${kitId}` }));
      await page.getByText(`${KITS.length} selected`).waitFor();
    };
    const openStep = async (step: string) => {
      await tabTo(page, page.getByTestId(`step-${step}`), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId(`step-${step}`).getAttribute('aria-pressed')).toBe('true');
      await page.locator('tbody tr').first().waitFor();
    };

    await page.locator('tbody tr', { hasText: KITS[1] }).waitFor({ timeout: 30_000 });
    await selectBoth();
    await tabTo(page, page.getByRole('button', { name: 'Approve', exact: true }));
    await page.keyboard.press('Enter');
    await withComment('Approve lab orders', 'Samples look good (keyboard)', KIT_TEXTS.success.approve);

    await openStep('APPROVED');
    await selectBoth();
    await tabTo(page, page.getByRole('button', { name: 'Create Shipping Manifest', exact: true }));
    await page.keyboard.press('Enter');
    const manifest = page.getByRole('dialog', { name: 'Shipping Manifest' });
    const tracking = manifest.getByLabel(/Tracking number/);
    await expect.poll(() => isFocused(tracking)).toBe(true);
    await page.keyboard.type(`1ZKEY${String(Date.now()).slice(-10)}`);
    await tabTo(page, manifest.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await manifest.getByText(KIT_TEXTS.success.manifest).waitFor();
    await tabTo(page, manifest.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await focusKeptOnPage(page);

    await openStep('CONFIRM');
    await selectBoth();
    await tabTo(page, page.getByRole('button', { name: 'Confirm Shipment', exact: true }));
    await page.keyboard.press('Enter');
    await withComment('Confirm shipment', 'Picked up by UPS (keyboard)', KIT_TEXTS.success.confirmShipment);
    for (const kitId of KITS) await page.locator('tbody tr', { hasText: kitId }).waitFor({ state: 'detached' });
    await context.close();
  });
});
