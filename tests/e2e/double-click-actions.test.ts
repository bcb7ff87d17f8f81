import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOOKING_TEXT } from '../../src/domain/i18n/en/booking';
import { TEXT } from '../../src/domain/i18n/en/app';
import { PROFILE_TEXT, PROFILE_UI } from '../../src/domain/i18n/en/profile';
import { MESSAGE_TEXT } from '../../src/domain/i18n/en/message';
import { SIGN_UP_TEXT } from '../../src/domain/i18n/en/sign-ups';
import { latestCode } from '../../src/server/launcher/code-outbox';
import { type E2eBrowser, openBrowser, portalUrl, settled, signIn, signInToDashboard } from './browser';

/**
 * The one action hook end to end: a double click on the main action of each screen family sends ONE request, shows
 * the success text once and no failure (the second click is ignored while the first is in flight). The lab family is
 * lab-double-click.test.ts (lab requests, results and lab orders), payment's is payment.test.ts; this file covers bookings (calendar status update), messages (reply and send), profile
 * save, licence update and the super-admin's Add to group. The profile and licence are Priya Patel's
 * (clinician.nocalendar), whose CO licence no other e2e file reads; the group add is for an account signed up here.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

/** Counts the requests of a method whose path matches from now on. */
function countRequests(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
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
      if ((await item.isEnabled()) && (await item.getAttribute('aria-disabled')) !== 'true') {
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

  it('messages: Send Reply, then Send Message in the review dialog', { timeout: 120_000 }, async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/inbox`);
    await page.getByRole('group', { name: 'States' }).getByRole('button', { name: 'My States' }).click();
    await page.getByRole('group', { name: 'Answered' }).getByRole('button', { name: 'Unanswered Messages' }).click();
    await page.getByRole('group', { name: 'Recipient' }).getByRole('button', { name: 'Sent to me' }).click();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const [detail] = await Promise.all([context.waitForEvent('page'), page.locator('tbody tr').last().locator('td').nth(2).click()]);
    await detail.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
    await detail.getByRole('button', { name: 'Reply', exact: true }).click({ timeout: 20_000 });
    await detail.locator('.ProseMirror').click();
    await detail.keyboard.type('Double-clicked reply (e2e).');
    const replies = countRequests(detail, 'POST', /\/reply\//);
    await detail.getByRole('button', { name: 'Send Reply' }).dblclick();
    await oneSuccessNoError(detail, MESSAGE_TEXT.messageSent);
    expect(replies).toHaveLength(1);

    const profileHref = (await detail.getByRole('link', { name: 'View Profile' }).getAttribute('href')) ?? '';
    const patientId = new URL(profileHref, portalUrl()).searchParams.get('patientId');
    await detail.goto(`${portalUrl()}/inbox?action=compose&pid=${patientId}`);
    await detail.getByText(/^Recipient:/).waitFor({ timeout: 20_000 });
    await detail.getByLabel('Subject').fill('Double click (e2e)');
    await detail.locator('.ProseMirror').click();
    await detail.keyboard.type('One message, sent once.');
    await detail.getByRole('button', { name: 'Send', exact: true }).dblclick();
    const review = detail.getByRole('dialog', { name: MESSAGE_TEXT.reviewRecipient });
    await review.getByLabel(MESSAGE_TEXT.confirmRecipient).check(); // the second click of Send left the review open
    const sends = countRequests(detail, 'POST', /\/v2\/toPatient$/);
    await review.getByRole('button', { name: 'Send Message' }).dblclick();
    await oneSuccessNoError(detail, MESSAGE_TEXT.messageSent);
    expect(sends).toHaveLength(1);
    await context.close();
  });

  it('profile: Confirm in "Update your profile?", then Update on a licence', { timeout: 120_000 }, async () => {
    const { page } = await b.newPage();
    await signIn(page, 'clinician.nocalendar@demo.test');
    // Signed in: the profile (no calendar link) or the dashboard (foundation.test.ts may have added one meanwhile).
    await page.waitForURL((url) => url.pathname === '/profile' || url.pathname === '/');
    await page.goto(`${portalUrl()}/profile`); // Personal Information (the redirect's reason opens Manage Calendar)
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field(PROFILE_UI.field.funFact).waitFor({ timeout: 20_000 });
    // A changed profile is checked whole: the required fields the seeded profile lacks are filled too.
    await field(PROFILE_UI.field.funFact).fill(`Double click ${Date.now()}`);
    await page.getByLabel(PROFILE_UI.field.dob, { exact: true }).fill('1985-04-12');
    await field(PROFILE_UI.field.personalEmail).fill('priya.patel@example.test');
    await field(PROFILE_UI.field.address1).fill('1 Main Street');
    await field(PROFILE_UI.field.address2).fill('Suite 2');
    await field(PROFILE_UI.field.city).fill('Denver');
    await field(PROFILE_UI.field.zip).fill('80202');
    await page.getByRole('button', { name: PROFILE_UI.submit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: PROFILE_UI.confirmTitle });
    const saves = countRequests(page, 'PATCH', /^\/secure\/clinician\/profile\/update$/);
    await confirm.getByRole('button', { name: 'Confirm' }).dblclick();
    await oneSuccessNoError(page, PROFILE_TEXT.profileUpdated);
    expect(saves).toHaveLength(1);

    await page.getByRole('tab', { name: /Manage Licences/ }).click();
    const row = page.getByRole('listitem', { name: /^CO / });
    await row.getByRole('button', { name: PROFILE_UI.licence.edit }).click();
    await page.getByRole('textbox', { name: PROFILE_UI.licence.npiNumber }).fill(String(1_000_000_000 + (Date.now() % 999_999_999)));
    const updates = countRequests(page, 'PATCH', /^\/secure\/clinician\/updateLicence$/);
    await page.getByRole('button', { name: PROFILE_UI.licence.update, exact: true }).dblclick();
    await oneSuccessNoError(page, PROFILE_TEXT.licenceUpdated);
    expect(updates).toHaveLength(1);
    await page.context().close();
  });

  describe('super admin: Add to group', () => {
    const email = `double.click.${Date.now()}@example.test`;
    const password = 'Signup-Pass-2026!';
    let outbox: pg.Pool;
    beforeAll(() => {
      outbox = new pg.Pool({ connectionString: inject('portalDatabaseUrl'), max: 1 });
    });
    afterAll(async () => {
      await outbox.end();
    });

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
      await admin
        .getByRole('dialog')
        .getByRole('button', { name: /confirm/i })
        .dblclick();
      await oneSuccessNoError(admin, `${email} was added to Clinician`);
      expect(adds).toHaveLength(1);
      await admin.context().close();
    });
  });
});
