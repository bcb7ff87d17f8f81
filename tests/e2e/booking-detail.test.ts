import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_DETAIL_TEXT as T } from '../../src/domain/i18n/en/booking-detail';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { BOOKING_DETAIL_UI as UI } from '../../src/domain/i18n/en/booking-detail-ui';
import { chooseOption, type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * The booking detail screen end to end on the seeded pending booking BK-E2E-PENDING (Erin Ellison, NV, assigned
 * to Jane Doe, one unpaid Check Me Out Panel; src/server/db/seed/bookings.sql.ts), which no other e2e file changes:
 * the clinician confirms it, adds and edits a product, completes the clinical service and the booking; then the
 * auditor sees the same booking with every action disabled.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const detailUrl = () => `${portalUrl()}/BookingDetails?bookingId=${E2E_BOOKING_ID}`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 20_000 });
const actionList = (page: Page) => page.getByRole('list', { name: T.selectAction });
const action = (page: Page, label: string) =>
  actionList(page).getByRole('button', { name: new RegExp(`^\\d+\\. ${label.replace(/[[\]/]/g, '\\$&')}`) });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
async function openBooking(page: Page) {
  await page.goto(detailUrl());
  await page.getByRole('heading', { name: 'Erin Ellison', level: 2 }).waitFor({ timeout: 30_000 });
}
/** The requests the page sends, by method and path (to count them). */
function recordRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return { count: (method: string, path: string) => seen.filter((s) => s === `${method} ${path}`).length };
}
/** A double click on an action's button: one request, its success toast, and no error toast (double submits). */
async function doubleSubmit(page: Page, button: Locator, requests: ReturnType<typeof recordRequests>, method: string, path: string, success: string) {
  const before = requests.count(method, path);
  await button.dblclick();
  await toast(page, success);
  await page.waitForTimeout(500); // a second request, had it been sent, has answered by now
  expect(requests.count(method, path) - before).toBe(1);
  expect(await page.locator('.RaNotification-error').count()).toBe(0);
}
async function choose(scope: Locator, page: Page, select: string, option: string) {
  await chooseOption(scope.getByRole('combobox', { name: select }), page.getByRole('option', { name: option }));
}

describe('Booking detail', () => {
  it('a clinician confirms the booking, adds and edits a product, completes the clinical service and the booking, each with a double click', async () => {
    const { page } = await b.newPage();
    const requests = recordRequests(page);
    const P = `/secure/booking/v1`;
    await signInToDashboard(page, 'clinician@demo.test');
    await openBooking(page);
    await page.getByRole('button', { name: T.assignedToYou }).waitFor();
    await expectNoSeriousA11yViolations(page, 'booking detail');

    await action(page, 'Mark Booking Confirmed').click();
    const confirm = dialog(page, UI.titles.confirm);
    await confirm.getByRole('textbox', { name: UI.fields.reason }).fill('Patient confirmed by phone');
    await doubleSubmit(
      page,
      confirm.getByRole('button', { name: UI.submit }),
      requests,
      'PATCH',
      `${P}/markConfirmed/${E2E_BOOKING_ID}`,
      T.confirmed,
    );
    await expect.poll(() => action(page, 'Mark Booking Confirmed').count()).toBe(0); // hidden once confirmed

    await page.getByRole('button', { name: UI.buttons.addProduct }).click();
    const add = dialog(page, UI.titles.addProduct);
    await choose(add, page, UI.pickProduct, 'HPV · $79.00');
    await doubleSubmit(page, add.getByRole('button', { name: UI.add }), requests, 'POST', `${P}/addProduct/${E2E_BOOKING_ID}`, T.productAdded);
    const products = page.getByRole('table', { name: T.sections.products });
    await products.getByRole('row', { name: /HPV/ }).waitFor();

    await products.getByRole('button', { name: `${UI.edit} HPV` }).click();
    const edit = dialog(page, UI.titles.editProduct);
    await edit.getByRole('spinbutton', { name: UI.fields.qty }).fill('2');
    await edit.getByRole('textbox', { name: UI.fields.reason }).fill('Two sites swabbed');
    await doubleSubmit(
      page,
      edit.getByRole('button', { name: UI.save }),
      requests,
      'PATCH',
      `${P}/updateProduct/${E2E_BOOKING_ID}`,
      T.productUpdated,
    );
    await expect.poll(() => products.getByRole('row', { name: /HPV/ }).locator('td').nth(1).innerText()).toBe('2');

    await action(page, 'Complete clinical service').click();
    const clinical = dialog(page, UI.titles.completeClinical);
    await clinical.getByRole('spinbutton', { name: UI.fields.clinicalServiceMins }).fill('25');
    await clinical.getByRole('textbox', { name: UI.fields.clinicalServiceNotes }).fill('Swabs collected, counselling given.');
    await clinical.getByRole('checkbox', { name: UI.fields.ackPatientSummarySent }).check();
    await doubleSubmit(
      page,
      clinical.getByRole('button', { name: UI.submit }),
      requests,
      'POST',
      `${P}/completeClinical/${E2E_BOOKING_ID}`,
      'Status changed to CLINICAL_SERVICE_COMPLETED successfully',
    );

    await page.getByRole('button', { name: UI.buttons.completeBooking }).click();
    const complete = dialog(page, UI.titles.completeBooking);
    await complete.getByRole('spinbutton', { name: UI.fields.totalDurationMins }).fill('30');
    await complete.getByRole('spinbutton', { name: UI.fields.paymentAmount }).fill('307');
    expect(await complete.getByRole('textbox', { name: UI.fields.paymentRefId }).inputValue()).toBe('NA');
    await choose(complete, page, UI.fields.paymentMode, 'Square Terminal');
    await complete.getByRole('textbox', { name: UI.fields.closingNotes }).fill('Visit complete.');
    await complete.getByRole('checkbox', { name: UI.fields.ackPatientTbdAccCreated }).check();
    await complete.getByRole('checkbox', { name: UI.fields.ackPaymentCollected }).check();
    await doubleSubmit(
      page,
      complete.getByRole('button', { name: UI.submit }),
      requests,
      'POST',
      `${P}/complete/${E2E_BOOKING_ID}`,
      'Status changed to COMPLETED successfully',
    );
    await page.getByText(T.completedBanner).waitFor();
    await page.context().close();
  });

  it('an auditor sees the same booking with every action disabled', async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'auditor@demo.test');
    await openBooking(page);
    await page.getByText(T.completedBanner).waitFor();
    const items = actionList(page).getByRole('button');
    await items.first().waitFor();
    expect(await items.count()).toBe(12);
    const disabled = await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled')));
    expect(disabled.every((d) => d === 'true')).toBe(true);
    for (const name of [
      UI.buttons.updatePatientInfo,
      UI.buttons.bookingNote,
      UI.buttons.sendSignUpLink,
      UI.buttons.completeBooking,
      UI.buttons.addProduct,
      T.assignToMe,
      T.reassignToMe,
    ]) {
      const buttons = page.getByRole('button', { name, exact: true });
      for (let i = 0; i < (await buttons.count()); i++) expect(await buttons.nth(i).isDisabled()).toBe(true);
    }
    expect(await page.getByRole('button', { name: /^(Assign to me|Re-assign to me|Assigned to you)$/ }).isDisabled()).toBe(true);
    await page.context().close();
  });
});
