import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_DETAIL_TEXT as T } from '../../src/domain/i18n/en/booking-detail';
import { LAB_WIZARD_TEXT as W } from '../../src/domain/i18n/en/lab-wizard';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { chooseOption, type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Issue 19: a clinician orders lab tests for the seeded booking BK-E2E-PENDING (Erin Ellison, NV, Las Vegas hub,
 * sex at birth set, assigned to Jane Doe) through the five-step requisition wizard; the new lab order then shows in
 * the booking's Kit/Lab Orders section.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const step = (page: Page, name: string) => page.getByRole('dialog', { name: W.title }).getByRole('group', { name });

describe('Lab order requisition wizard', () => {
  it('a clinician completes the wizard from a booking and submits the lab order', async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/BookingDetails?bookingId=${E2E_BOOKING_ID}`);
    await page.getByRole('heading', { name: 'Erin Ellison', level: 2 }).waitFor({ timeout: 30_000 });
    const kits = page.locator('[data-section="kits"]');
    const before = await kits.getByRole('link').count();

    await page
      .getByRole('list', { name: T.selectAction })
      .getByRole('button', { name: /^\d+\. Lab order request/ })
      .click();
    const wizard = page.getByRole('dialog', { name: W.title });
    await step(page, 'Patient Name').getByText('Erin Ellison').waitFor();
    expect(await wizard.getByRole('button', { name: W.submit }).count()).toBe(0);
    await wizard.getByRole('button', { name: W.next }).click();
    await step(page, 'Vendor').getByText('LIFESCAN').waitFor();
    await wizard.getByRole('button', { name: W.next }).click();

    // Tests of the Las Vegas hub: its own panels are offered, grouped.
    await chooseOption(wizard.getByRole('combobox', { name: W.labels.tests }), page.getByRole('option', { name: 'PASS Performer Panel' }));
    await page.getByRole('option', { name: 'Creatinine' }).click();
    await page.keyboard.press('Escape');
    const fixed = wizard.getByRole('checkbox', { name: 'HIV-1/2 Ag/Ab, 4th generation' });
    expect(await fixed.isDisabled()).toBe(true);
    await wizard.getByRole('checkbox', { name: 'Treponema pallidum Ab' }).uncheck();
    await wizard.getByRole('button', { name: W.next }).click();

    await step(page, 'Complete').getByLabel(W.labels.collection).waitFor();
    await wizard.getByRole('button', { name: W.next }).click();
    const review = wizard.getByTestId('lab-wizard-review');
    await review.getByText(/PASS Performer Panel/).waitFor();
    expect(await review.innerText()).not.toContain('Treponema pallidum Ab');
    expect(await wizard.getByRole('button', { name: W.next }).count()).toBe(0);
    await wizard.getByRole('button', { name: W.saveDraft }).waitFor();

    await wizard.getByRole('button', { name: W.submit }).click();
    await page.getByText(T.labOrderCreated, { exact: true }).first().waitFor({ timeout: 20_000 });
    await wizard.waitFor({ state: 'detached' });
    await expect.poll(() => kits.getByRole('link', { name: /^LO\d{7}$/ }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await kits.getByRole('link').count()).toBe(before + 1);
  });

  it('Schedule Follow-up Appointment: Vegas opens the configured Las Vegas calendar link with the patient in a new tab', async () => {
    const { page, context } = await b.newPage();
    // The calendar site is outside the test: answer it here so the new tab loads.
    await context.route('https://book.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>calendar</title>' }));
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/BookingDetails?bookingId=${E2E_BOOKING_ID}`);
    await page.getByRole('heading', { name: 'Erin Ellison', level: 2 }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('list', { name: T.selectAction })
      .getByRole('button', { name: /^\d+\. Schedule Follow-up Appointment/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Follow-up Appointment' });
    const popup = context.waitForEvent('page');
    await dialog.getByRole('menuitem', { name: 'Vegas' }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    const url = new URL(tab.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://book.example.com/follow-up/las-vegas');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      name: 'Erin Ellison',
      email: 'erin.ellison.e2e@example.com',
      phone: '7025550142',
      notes: `Follow-up appointment for booking ${E2E_BOOKING_ID}`,
      patientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await context.close();
  });
});
