import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEXT } from '../../src/domain/i18n/en/booking';
import { type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * The clinician's calendar as drawn by the browser (demo data: bookings every day 06:00-15:30 Pacific, several at
 * once): in the busy Week view no event covers another's actions button, and the Agenda writes times as the other
 * views do ("6:00 AM").
 */
let b: E2eBrowser;
let page: Page;

beforeAll(async () => {
  b = await openBrowser();
  ({ page } = await b.newPage());
  await signInToDashboard(page, 'clinician@demo.test');
});
afterAll(async () => {
  await b.close();
});

async function openView(view: 'week' | 'agenda') {
  await page.goto(`${portalUrl()}/booking-calendar`);
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
  await page.getByRole('button', { name: BOOKING_TEXT.views[view], exact: true }).click();
}

describe('Booking calendar layout', () => {
  it("Week view: every event's actions button is on top where it is drawn (no neighbouring event covers it)", async () => {
    await openView('week');
    const buttons = page.locator('.rbc-time-content [data-testid="booking-actions"]');
    await expect.poll(() => buttons.count(), { timeout: 20_000 }).toBeGreaterThan(20);
    const covered = await buttons.evaluateAll((els) =>
      els.flatMap((el) => {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height) return [];
        el.scrollIntoView({ block: 'center' });
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit && (hit === el || el.contains(hit)) ? [] : [el.closest('[data-booking-id]')?.getAttribute('data-booking-id') ?? '?'];
      }),
    );
    expect(covered).toEqual([]);
    // The left edge of every event is its own too (a click there opens that booking, not a neighbour's).
    const edges = await page.locator('.rbc-time-content .rbc-event').evaluateAll((els) =>
      els.flatMap((el) => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 2, r.top + Math.min(10, r.height / 2));
        return hit && el.contains(hit) ? [] : [el.querySelector('[data-booking-id]')?.getAttribute('data-booking-id') ?? '?'];
      }),
    );
    expect(edges).toEqual([]);
  });

  it('Agenda: times read "6:00 AM - 6:30 AM", upper case as in the other views', async () => {
    await openView('agenda');
    const times = page.locator('.rbc-agenda-time-cell');
    await expect.poll(() => times.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const shown = await times.allInnerTexts();
    const timed = shown.filter((t) => /\d:\d\d/.test(t));
    expect(timed.length).toBeGreaterThan(0);
    for (const t of timed) expect(t).toMatch(/^\d{1,2}:\d{2} (AM|PM)( – \d{1,2}:\d{2} (AM|PM))?$/);
  });
});
