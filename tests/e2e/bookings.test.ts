import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXT } from '../../src/domain/i18n/en/booking';
import { chooseOption, type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Find Appointments and the booking calendar end to end, against the demo data (bookings over the past
 * and next 10 days, every day between 06:00 and 15:30 Pacific; src/server/db/seed/bulk.sql.ts), as the
 * demo clinician Jane Doe (profile time zone America/Los_Angeles). One page, so local storage carries
 * the calendar's state from one test to the next.
 */

let b: E2eBrowser;
let page: Page;
/** Unmasked bookings of today, from the Today's Bookings search. */
let todaysIds: string[] = [];

beforeAll(async () => {
  b = await openBrowser();
  ({ page } = await b.newPage());
  await signInToDashboard(page, 'clinician@demo.test');
});
afterAll(async () => {
  await b.close();
});

const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor();
async function choose(select: string, option: string) {
  await chooseOption(page.getByRole('combobox', { name: select }), page.getByRole('option', { name: option, exact: true }));
}
/** The unmasked booking rows of the table (a masked row has no booking link). */
const rows = () => page.getByRole('table', { name: BOOKING_TEXT.tableTitle }).locator('tbody tr', { has: page.locator('a[data-booking-link]') });
const cells = async (i: number) => (await rows().nth(i).locator('td').allInnerTexts()).map((t) => t.trim());

/** "10:00 AM – 10:30 AM" -> minutes after midnight of the start. */
function startMinutes(label: string) {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)/.exec(label.trim());
  if (!m) throw new Error(`unreadable event time "${label}"`);
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}
const eventLabel = (id: string) =>
  page
    .locator('.rbc-event', { has: page.locator(`[data-booking-id="${id}"]`) })
    .locator('.rbc-event-label')
    .first()
    .innerText();

describe('Find Appointments', () => {
  it('finds a seeded booking by last name and date of birth', async () => {
    await page.goto(`${portalUrl()}/bookings`);
    await page.getByRole('heading', { name: 'Find Appointments', level: 1 }).waitFor();
    await rows().first().waitFor({ timeout: 20_000 }); // Today's Bookings, searched on opening
    const count = await rows().count();
    todaysIds = [];
    for (let i = 0; i < count; i++) todaysIds.push((await cells(i))[0]);
    await expectNoSeriousA11yViolations(page, 'find appointments');
    expect(todaysIds.length).toBeGreaterThan(0);

    const [id, name, , , dob] = await cells(0);
    const lastName = name.split(' ').at(-1) as string;
    expect(dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await choose(BOOKING_TEXT.searchBy, BOOKING_TEXT.modes.LASTNAME_DOB);
    await page.getByRole('textbox', { name: BOOKING_TEXT.fields.lastName }).fill(lastName);
    await page.getByLabel(BOOKING_TEXT.fields.dob, { exact: true }).fill(dob);
    await page.getByRole('button', { name: BOOKING_TEXT.search }).click();
    await toast(BOOKING_TEXT.found);
    await expect
      .poll(
        async () => {
          const n = await rows().count();
          const found = await Promise.all(Array.from({ length: n }, async (_, i) => (await cells(i)).slice(0, 5)));
          return found.every(([, n2, , , d]) => n2.endsWith(` ${lastName}`) && d === dob) && found.some(([i2]) => i2 === id);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await page.getByRole('link', { name: id, exact: true }).getAttribute('href')).toBe(`/BookingDetails?bookingId=${id}`);
  });
});

describe('Booking calendar', () => {
  it("shows today's bookings in the week view", async () => {
    await page.goto(`${portalUrl()}/booking-calendar`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await page.getByRole('button', { name: BOOKING_TEXT.views.week, exact: true }).click();
    // An appointment that began yesterday and runs past midnight belongs to yesterday's bookings.
    const today = page.locator('.rbc-time-content .rbc-today .rbc-event:not(.rbc-event-continues-earlier) [data-booking-id]');
    await expect.poll(() => today.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const shown = await today.evaluateAll((els) => els.map((e) => e.getAttribute('data-booking-id')));
    expect(new Set(shown)).toEqual(new Set(todaysIds));
    await expectNoSeriousA11yViolations(page, 'calendar');
  });

  it('moves the events when the time zone changes (Pacific to Eastern: 3 hours later)', async () => {
    // The shown week pinned to today in Pacific: late on a Saturday in Pacific it is already Sunday (next week) in Eastern.
    const pacificToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
    await page.goto(`${portalUrl()}/booking-calendar?date=${pacificToday}`);
    // A seeded daytime booking (06:00-15:30 Pacific), not one running across midnight.
    const daytime = page.locator(
      '.rbc-time-content .rbc-today .rbc-event:not(.rbc-event-continues-earlier):not(.rbc-event-continues-later) [data-booking-id^="BK0"]',
    );
    await daytime.first().waitFor({ timeout: 20_000 });
    const id = (await daytime.first().getAttribute('data-booking-id')) as string;
    const before = startMinutes(await eventLabel(id));
    await choose(BOOKING_TEXT.timeZone, BOOKING_TEXT.timeZones.EASTERN);
    await toast(BOOKING_TEXT.timeZoneChanged);
    await expect.poll(async () => startMinutes(await eventLabel(id)), { timeout: 10_000 }).toBe(before + 180);
  });

  it('keeps the view and the time zone when the calendar is opened again', async () => {
    await page.goto(`${portalUrl()}/booking-calendar`); // a new visit: today in the chosen zone
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: BOOKING_TEXT.views.week, exact: true }).getAttribute('class')).toContain('rbc-active');
    expect(await page.getByRole('combobox', { name: BOOKING_TEXT.timeZone }).innerText()).toBe(BOOKING_TEXT.timeZones.EASTERN);
    await expect.poll(() => page.locator('.rbc-time-content .rbc-today [data-booking-id]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
