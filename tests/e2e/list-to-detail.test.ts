import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_DETAIL_TEXT } from '../../src/domain/i18n/en/booking-detail';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { PATIENTS_TEXT } from '../../src/domain/i18n/en/patients';
import { chooseOption, type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Records opened the way people open them: by clicking them in their lists (Find Appointments, the lab lists, the
 * order report, Patient Search and its search bar, the inbox, the calendar), as the clinician, support staff and the
 * auditor. A list seeds react-admin's record cache with its rows, so a detail screen is first given a list row: it must
 * render from that without assuming the detail's fields, then show the full record, with no page error.
 */

/** react-admin's generic error page: a screen that fails shows its own failure text instead. */
const GENERIC_ERROR = 'A client error occurred';
const KIT_ID = /\b(?:KT|LO)\d{7}\b/;

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

/** Uncaught errors of every page of the context (a new tab included). */
function watchErrors(context: BrowserContext) {
  const errors: string[] = [];
  const watch = (p: Page) => p.on('pageerror', (e) => errors.push(`${p.url()}: ${e.message}`));
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

async function expectNoFailure(page: Page, errors: string[]) {
  expect(await page.getByText(GENERIC_ERROR).count()).toBe(0);
  expect(errors).toEqual([]);
}

/** A booking's detail screen, complete: its id in the header and its Timeline section. */
async function expectBooking(page: Page, bookingId: string) {
  await page.waitForURL((url) => url.pathname === '/BookingDetails' && url.searchParams.get('bookingId') === bookingId);
  await page.getByRole('heading', { name: 'Booking Details', level: 1 }).waitFor();
  await page.getByText(BOOKING_DETAIL_TEXT.sections.timeline, { exact: true }).first().waitFor({ timeout: 20_000 });
  await page.getByText(bookingId, { exact: true }).first().waitFor();
}

async function expectKit(page: Page, kitId: string) {
  await page.waitForURL((url) => url.pathname === '/KitDetails' && url.searchParams.get('kitId') === kitId);
  await page.getByRole('heading', { name: 'Kit Details', level: 1 }).waitFor();
  await page.getByText(kitId).first().waitFor({ timeout: 20_000 });
  await page.getByText('Patient Details').first().waitFor();
}

/** The first row of a lab list that opens (masked rows do not): clicks its kit id cell, as a person does. */
async function openFirstLabRow(page: Page, path: string) {
  await page.goto(`${portalUrl()}${path}`);
  const row = page.locator('tbody tr', { has: page.getByRole('button', { name: LAB_TEXT.kitDetails }) }).first();
  await row.waitFor({ timeout: 20_000 });
  const kitId = (await row.innerText()).match(KIT_ID)?.[0] as string;
  expect(kitId).toBeDefined();
  await row.getByText(kitId, { exact: true }).first().click();
  return kitId;
}

/** Lab lists hold clinical data (not support staff's); the auditor, never a recipient, reads Sent - Other Clinicians. */
const ROLES = [
  { email: 'clinician@demo.test', labLists: true, inboxView: null },
  { email: 'staff@demo.test', labLists: false, inboxView: null },
  { email: 'auditor@demo.test', labLists: true, inboxView: 'Sent - Other Clinicians' },
] as const;

describe.each(ROLES)('opening records from their lists as $email', ({ email, labLists, inboxView }) => {
  let page: Page;
  let context: BrowserContext;
  let errors: string[];
  let kitId: string;

  beforeAll(async () => {
    ({ page, context } = await b.newPage());
    errors = watchErrors(context);
    await signInToDashboard(page, email);
  });
  afterAll(async () => {
    await context.close();
  });

  it('Find Appointments → Booking Details, and back to the list and another booking', async () => {
    await page.goto(`${portalUrl()}/bookings`);
    const links = page.locator('a[data-booking-link]');
    await links.first().waitFor({ timeout: 20_000 }); // Today's Bookings, searched on opening
    const bookingId = (await links.first().innerText()).trim();
    await links.first().click();
    await expectBooking(page, bookingId);
    await expectNoFailure(page, errors);
    // Back to the list (its rows now cached), then a second booking: again a list row first.
    await page.goBack();
    await links.first().waitFor();
    const second = (await links.nth(1).count()) ? links.nth(1) : links.first();
    const secondId = (await second.innerText()).trim();
    await second.click();
    await expectBooking(page, secondId);
    await expectNoFailure(page, errors);
  });

  it('Order Report → Kit Details', async () => {
    await page.goto(`${portalUrl()}/report/orders`);
    const link = page.locator('tbody tr a', { hasText: KIT_ID }).first();
    await link.waitFor({ timeout: 20_000 });
    kitId = (await link.innerText()).trim();
    await link.click();
    await expectKit(page, kitId);
    await expectNoFailure(page, errors);
  });

  if (labLists)
    it('Lab Requests and Lab Results → Kit Details', async () => {
      await expectKit(page, await openFirstLabRow(page, '/request'));
      await expectNoFailure(page, errors);
      await expectKit(page, await openFirstLabRow(page, '/result'));
      await expectNoFailure(page, errors);
    });

  it('Patient Search → Patient Profile, then another patient from the search bar', async () => {
    const S = PATIENTS_TEXT.search;
    await page.goto(`${portalUrl()}/SearchPatient`);
    await page.getByLabel(S.kitId, { exact: true }).fill(kitId);
    await page.getByRole('button', { name: S.searchButton, exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: S.viewDetails }) });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    const [name] = await row.getByRole('cell').allInnerTexts();
    await row.getByRole('link', { name: S.viewDetails }).click();
    await page.waitForURL(/\/PatientProfile\?patientId=[0-9a-f-]{36}&idType=sub$/);
    await page.getByRole('heading', { name, level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('tab').first().waitFor();
    await expectNoFailure(page, errors);
    const firstUrl = page.url();

    // The profile's search bar: the same patient's name, then the first other patient it lists.
    const B = PATIENTS_TEXT.bar;
    await chooseOption(page.getByRole('combobox', { name: B.field }), page.getByRole('option', { name: B.types.patient_name, exact: true }));
    await page.getByRole('textbox', { name: B.term }).fill(name.split(' ')[0].toLowerCase());
    const results = page.getByRole('list', { name: B.term }).locator('[role="button"]:not([aria-disabled="true"])'); // masked rows are disabled
    await results.first().waitFor({ timeout: 20_000 });
    const other = (await results.count()) > 1 ? results.nth(1) : results.first();
    const otherName = (await other.locator('.MuiListItemText-primary').innerText()).trim();
    await other.click();
    await page.waitForURL((url) => url.href !== firstUrl || otherName === name);
    await page.getByRole('heading', { name: otherName, level: 2 }).waitFor({ timeout: 20_000 });
    await expectNoFailure(page, errors);
  });

  it('Inbox → Message Details (a new tab)', async () => {
    await page.goto(`${portalUrl()}/inbox`);
    if (inboxView) await page.getByRole('navigation', { name: 'Messages menu' }).getByRole('button', { name: inboxView }).click();
    const rows = page.locator('tbody tr').filter({ hasNotText: 'XXXXXX' }); // a masked row does not open
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const headers = (await page.locator('thead th').allInnerTexts()).map((t) => t.trim());
    const cell = rows
      .first()
      .locator('td')
      .nth(headers.findIndex((h) => h.startsWith('Subject')));
    const subject = ((await cell.textContent()) ?? '').trim();
    const [detail] = await Promise.all([context.waitForEvent('page'), cell.click()]);
    await detail.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
    await detail.getByRole('heading', { name: subject, level: 2 }).waitFor({ timeout: 20_000 });
    await expectNoFailure(detail, errors);
    await detail.close();
  });

  it('Calendar → Booking Details (a new tab)', async () => {
    await page.goto(`${portalUrl()}/booking-calendar`);
    const event: Locator = page.locator('.rbc-event [data-booking-id]').first();
    await event.waitFor({ timeout: 20_000 });
    const bookingId = (await event.getAttribute('data-booking-id')) as string;
    const [detail] = await Promise.all([context.waitForEvent('page'), event.click()]);
    await expectBooking(detail, bookingId);
    await expectNoFailure(detail, errors);
    await detail.close();
  });
});
