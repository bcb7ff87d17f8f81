import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOOKING_TEXT } from '../../src/domain/booking-texts';
import { TEXT } from '../../src/domain/messages';
import { SIGN_UP_TEXT } from '../../src/domain/sign-up-texts';
import { latestCode } from '../../src/server/launcher/code-outbox';
import { type E2eBrowser, openBrowser, portalUrl, settled, signInToDashboard } from './browser';

/**
 * The one action hook end to end: a double click on the main action of each screen family sends ONE request, shows
 * the success text once and no failure (the second click is ignored while the first is in flight). The lab family is
 * lab-double-click.test.ts; this file covers bookings (calendar status update) and the super-admin's Add to group (for
 * an account signed up here).
 */
let b: E2eBrowser;
beforeAll(async () => { b = await openBrowser(); });
afterAll(async () => { await b.close(); });

/** Counts the requests of a method whose path matches from now on. */
function countRequests(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => { if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url()); });
  return seen;
}

/** After the success text: exactly one success text, and no failure toast or alert. */
async function oneSuccessNoError(page: Page, success: string | RegExp) {
  await page.getByText(success).first().waitFor({ timeout: 20_000 });
  await settled(page);
  expect(await page.getByText(success).count()).toBe(1);
  expect(await page.getByText(/failed|Failed|Error saving|Conflict|went wrong|No changes to update/).count()).toBe(0);
}

describe('a double-clicked action sends one request', () => {
  it('calendar: Confirm in the status update dialog', { timeout: 120_000 }, async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/booking-calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const events = page.locator('[data-booking-id^="BK0"]');
    await events.first().waitFor({ timeout: 30_000 });
    // The first booking whose menu offers Update status.
    let opened = false;
    for (let i = 0; i < Math.min(await events.count(), 15) && !opened; i += 1) {
      await events.nth(i).locator('[data-testid="booking-actions"]').click({ force: true });
      const item = page.getByRole('menuitem', { name: BOOKING_TEXT.updateStatus });
      await item.waitFor();
      if (await item.isEnabled() && (await item.getAttribute('aria-disabled')) !== 'true') {
        await item.click();
        opened = true;
      } else {
        await page.keyboard.press('Escape');
      }
    }
    expect(opened).toBe(true);
    const dialog = page.getByRole('dialog', { name: BOOKING_TEXT.statusDialogTitle });
    await dialog.getByRole('textbox', { name: BOOKING_TEXT.reason }).fill('Patient called (e2e double click)');
    const updates = countRequests(page, 'PATCH', /\/secure\/booking\/v1\/updateStatus\//);
    await dialog.getByRole('button', { name: 'Confirm' }).dblclick();
    await oneSuccessNoError(page, /^Status \S+ saved successfully\.\.\.$/);
    expect(updates).toHaveLength(1);
    await page.context().close();
  });

  describe('super admin: Add to group', () => {
    const email = `double.click.${Date.now()}@example.test`;
    const password = 'Signup-Pass-2026!';
    let outbox: pg.Pool;
    beforeAll(() => { outbox = new pg.Pool({ connectionString: inject('portalDatabaseUrl'), max: 1 }); });
    afterAll(async () => { await outbox.end(); });

    it('a double-clicked Confirm adds the new account once', { timeout: 120_000 }, async () => {
      const { page } = await b.newPage();
      await page.goto(portalUrl() + '/sign-up');
      await page.getByLabel('First name').fill('Dana');
      await page.getByLabel('Last name').fill('Twice');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByLabel('Phone').fill('7025550125');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText(`Enter the code sent to ${email}.`).waitFor();
      let code: string | null = null;
      await expect.poll(async () => (code = await latestCode(outbox, email))).toMatch(/^\d{6}$/);
      await page.getByLabel('Confirmation code').fill(code!);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText(TEXT.pendingReview).first().waitFor();
      await page.context().close();

      const admin = (await b.newPage()).page;
      await signInToDashboard(admin, 'superadmin@demo.test');
      await admin.goto(portalUrl() + '/super-admin');
      const row = admin.getByRole('row').filter({ hasText: email });
      await row.getByRole('button', { name: SIGN_UP_TEXT.addToGroup }).click({ timeout: 20_000 });
      const adds = countRequests(admin, 'POST', /^\/secure\/admin\/pendingSignUps\/[^/]+\/group$/);
      await admin.getByRole('dialog').getByRole('button', { name: /confirm/i }).dblclick();
      await oneSuccessNoError(admin, `${email} was added to Clinician`);
      expect(adds).toHaveLength(1);
      await admin.context().close();
    });
  });
});
