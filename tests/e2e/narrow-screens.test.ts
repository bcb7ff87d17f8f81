import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BOOKING_ID, E2E_PAYMENT_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { loaded } from './a11y-screens';
import { openBrowser, portalUrl, signInToDashboard, type E2eBrowser } from './browser';

/**
 * Every main screen on a 390 × 844 phone: the page never scrolls sideways (wide tables scroll inside their own box or
 * become lists), the app bar shows the page title whole, and a dialog fits the screen. Reads only.
 * NARROW_SCREENSHOTS=<dir> also saves a screenshot of each screen there (narrow-<screen>.png) to look at.
 */

const PHONE = { width: 390, height: 844 };

let b: E2eBrowser;
beforeAll(async () => { b = await openBrowser(); });
afterAll(async () => { await b?.close(); });

/** `greeting`: the page's h1 is not its title (the dashboard's greeting). */
interface Screen { name: string; open: (page: Page) => Promise<void>; greeting?: true }

const visit = (path: string, ready?: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.goto(portalUrl() + path);
  await page.locator('main, [role="main"]').first().waitFor({ timeout: 30_000 });
  await ready?.(page);
  await loaded(page);
};
const firstRow = (page: Page) => page.locator('tbody tr, main li').first().waitFor({ timeout: 30_000 });

const CLINICIAN_SCREENS: Screen[] = [
  { name: 'dashboard', greeting: true, open: visit('/', (p) => p.locator('[data-testid^="dashboard-card-"]').first().waitFor()) },
  { name: 'inbox', open: visit('/inbox', firstRow) },
  { name: 'lab requests', open: visit('/request', firstRow) },
  { name: 'lab results', open: visit('/result', firstRow) },
  { name: 'kit details', open: visit('/KitDetails?kitId=KT0001153', (p) => p.getByRole('button', { name: 'Send Prescription' }).first().waitFor()) },
  { name: 'manage lab order', open: visit('/manage-lab-order') },
  { name: 'shipping manifest', open: visit('/shipping-manifest') },
  { name: 'order report', open: visit('/report/orders') },
  { name: 'find appointments', open: visit('/bookings', firstRow) },
  { name: 'calendar', open: visit('/booking-calendar', (p) => p.locator('.rbc-calendar').waitFor()) },
  { name: 'booking detail', open: visit(`/BookingDetails?bookingId=${E2E_BOOKING_ID}`, (p) => p.getByRole('heading', { level: 2 }).first().waitFor()) },
  { name: 'payment', open: visit(`/Payment?ref=booking&id=${E2E_PAYMENT_BOOKING_ID}`) },
  {
    name: 'patient search', open: async (page) => {
      await visit('/SearchPatient')(page);
      await page.getByLabel('Kit Id', { exact: true }).fill('KT0000655');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: 'View Details' }).first().waitFor();
      await loaded(page);
    },
  },
  {
    name: 'patient profile', open: async (page) => {
      await page.getByRole('link', { name: 'View Details' }).first().click();
      await page.waitForURL(/PatientProfile/);
      await loaded(page);
    },
  },
  { name: 'profile', open: visit('/profile') },
  { name: 'licences', open: visit('/license') },
  { name: 'calendar link', open: visit('/calendar') },
];

const SUPER_ADMIN_SCREENS: Screen[] = [
  { name: 'super admin panel', open: visit('/super-admin', firstRow) },
  { name: 'super admin: create order', open: visit('/super-admin?page=CreateOrder') },
  { name: 'super admin: upload Labcorp results', open: visit('/super-admin?page=UploadLabcorpResults') },
  { name: 'licences of every clinician', open: visit('/license', firstRow) },
  { name: 'break-glass review', open: visit('/break-glass') },
  { name: 'access log', open: visit('/access-log') },
];

/** What sticks out of a 390 px page: its scroll width, the widest culprits, and the app bar title's state. */
const measure = (page: Page) => page.evaluate(() => {
  const title = document.getElementById('react-admin-title');
  const box = title?.getBoundingClientRect();
  const shown = {
    scrollWidth: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 4)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 3).join('.')} right=${Math.round(e.getBoundingClientRect().right)}`),
    title: title?.innerText.trim() ?? '',
    heading: document.querySelector<HTMLElement>('main h1')?.innerText.trim(),
    titleCut: !title || !box || box.width === 0 || box.right > window.innerWidth
      || title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight + 1,
  };
  // Each table wider than its box: the box scrolls (a card that hides what sticks out leaves the last columns out of
  // reach), and scrolled to its end the table's first column (the row's identity, the first cell that is not a
  // selection box) is still in view, not covered by the cells scrolled under it.
  const hiddenColumns = [...document.querySelectorAll<HTMLElement>('main table')].flatMap((table) => {
    let scroller = table.parentElement!;
    while (scroller !== document.body && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement!;
    if (/hidden|clip/.test(getComputedStyle(scroller).overflowX) && table.getBoundingClientRect().right > scroller.getBoundingClientRect().right + 1) {
      return [`table cut off by its box (${table.querySelector('th')?.innerText.trim() ?? ''}…)`];
    }
    const cell = table.querySelector<HTMLElement>('tbody tr td:not(.MuiTableCell-paddingCheckbox)');
    if (!cell || scroller.scrollWidth <= scroller.clientWidth) return [];
    cell.scrollIntoView({ block: 'center' });
    scroller.scrollLeft = scroller.scrollWidth;
    const r = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(Math.max(r.left, 0) + 4, r.top + Math.min(r.height / 2, 10));
    const inView = r.left >= 0 && r.right <= window.innerWidth && !!hit && cell.contains(hit);
    scroller.scrollLeft = 0;
    return inView ? [] : [`first column hidden when scrolled (${cell.innerText.trim().slice(0, 30)})`];
  });
  window.scrollTo(0, 0);
  return { ...shown, hiddenColumns };
});

/** The problems of the screen as shown, each named with the screen. */
async function problemsOf(page: Page, { name, greeting }: Pick<Screen, 'name' | 'greeting'>): Promise<string[]> {
  const shots = process.env.NARROW_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/narrow-${name.replace(/\W+/g, '-')}.png`, fullPage: true });
  const m = await measure(page);
  const out: string[] = [];
  if (m.scrollWidth > PHONE.width) out.push(`${name}: page is ${m.scrollWidth} px wide (${m.wide.join('; ')})`);
  if (m.hiddenColumns.length) out.push(`${name}: columns out of reach (${m.hiddenColumns.join('; ')})`);
  if (!m.title || m.titleCut) out.push(`${name}: app bar title "${m.title}" is missing or cut`);
  // the page's own title, once (not the brand before it, nor a second title of the same page)
  if (!greeting && m.heading && m.title !== m.heading) out.push(`${name}: app bar title "${m.title}", not the page's "${m.heading}"`);
  return out;
}

async function walk(email: string, screens: Screen[]): Promise<string[]> {
  const { page, context } = await b.newPage(PHONE);
  await signInToDashboard(page, email, { timeout: 30_000 });
  const found: string[] = [];
  for (const s of screens) {
    await s.open(page);
    found.push(...await problemsOf(page, s));
  }
  await context.close();
  return found;
}

describe('every main screen on a 390 px phone', () => {
  it('clinician: no sideways page scroll, the page title whole', { timeout: 300_000 }, async () => {
    expect(await walk('clinician@demo.test', CLINICIAN_SCREENS)).toEqual([]);
  });

  it('super admin: no sideways page scroll, the page title whole', { timeout: 180_000 }, async () => {
    expect(await walk('superadmin@demo.test', SUPER_ADMIN_SCREENS)).toEqual([]);
  });

  it('a dialog fits the screen: the inbox Update Status dialog', async () => {
    const { page, context } = await b.newPage(PHONE);
    await signInToDashboard(page, 'clinician@demo.test', { timeout: 30_000 });
    await visit('/inbox', firstRow)(page);
    await page.locator('tbody tr input[type="checkbox"]:not([disabled])').first().check();
    await page.getByRole('button', { name: 'Update Status' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.waitFor();
    await loaded(page);
    const box = (await dialog.boundingBox())!;
    const overflows = await dialog.evaluate((d) => d.scrollWidth > d.clientWidth);
    const shots = process.env.NARROW_SCREENSHOTS;
    if (shots) await page.screenshot({ path: `${shots}/narrow-inbox-update-status-dialog.png` });
    await context.close();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(overflows, 'the dialog scrolls sideways').toBe(false);
  });
});
