import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { openBrowser, portalUrl, settled, signInToDashboard, type E2eBrowser } from './browser';

/**
 * Field test finding 31: Booking Details on a 390 px wide phone had 144 px of horizontal page overflow. Wide parts
 * (tables, action bars) must wrap or scroll inside their own box. Reads the seeded booking BK-E2E-PENDING only.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

describe('Booking detail on a narrow screen', () => {
  it('has no horizontal page overflow at 390 x 844', async () => {
    const { page } = await b.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/BookingDetails?bookingId=${E2E_BOOKING_ID}`);
    await page.getByRole('heading', { name: 'Erin Ellison', level: 2 }).waitFor({ timeout: 30_000 });
    await settled(page);
    const { scrollWidth, wide } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      // the elements that stick out of the viewport (named in the failure message to find the culprit)
      wide: [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 8)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 3).join('.')} right=${Math.round(e.getBoundingClientRect().right)}`),
    }));
    expect(scrollWidth, wide.join('\n')).toBeLessThanOrEqual(390);
  });
});
