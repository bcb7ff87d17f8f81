import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { transitionsDone } from './axe';
import { type E2eBrowser, openBrowser, portalUrl, settled, signIn } from './browser';

/**
 * The main screens on a phone (390 × 844): the page never scrolls sideways, the app bar's page title is shown whole,
 * a table's first column (the row's identity) is in view and not covered, and a dialog fits the screen.
 */
let b: E2eBrowser;
beforeAll(async () => { b = await openBrowser(); });
afterAll(async () => { await b?.close(); });

const WIDTH = 390;

async function phone(email: string) {
  const { page, context } = await b.newPage({ width: WIDTH, height: 844 });
  await signIn(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
  return { page, context };
}

/** What a person sees of the screen's width, its title and its first table column. */
async function measure(page: Page) {
  await transitionsDone(page);
  return page.evaluate(() => {
    const title = document.getElementById('react-admin-title');
    const visible = (el: Element | null) => {
      if (!el) return true;
      const r = el.getBoundingClientRect();
      if (r.width === 0) return true;
      const x = Math.min(r.left + 8, r.right - 1);
      const y = r.top + Math.min(r.height / 2, 10);
      const hit = document.elementFromPoint(x, y);
      return r.left >= 0 && r.left < window.innerWidth - 40 && !!hit && (el === hit || el.contains(hit));
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      title: title && { text: title.textContent ?? '', cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1 },
      firstColumnVisible: [...document.querySelectorAll('table tbody tr:first-child')].every((row) => visible(row.querySelector('td'))),
      dialogWidths: [...document.querySelectorAll('[role="dialog"]')].map((d) => Math.round(d.getBoundingClientRect().right)),
    };
  });
}

async function visit(page: Page, path: string, ready = 'main') {
  await page.goto(portalUrl() + path);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await settled(page);
}

async function expectFits(page: Page, screen: string) {
  const m = await measure(page);
  expect(m.scrollWidth, `${screen}: page width`).toBeLessThanOrEqual(WIDTH);
  expect(m.title?.text, `${screen}: a page title`).toBeTruthy();
  expect(m.title?.cut, `${screen}: title "${m.title?.text}" cut`).toBe(false);
  expect(m.firstColumnVisible, `${screen}: first column in view`).toBe(true);
  for (const right of m.dialogWidths) expect(right, `${screen}: dialog inside the screen`).toBeLessThanOrEqual(WIDTH);
}

const CLINICIAN_SCREENS: Array<[string, string, string?]> = [
  ['dashboard', '/'],
  ['inbox', '/inbox', 'tbody tr'],
  ['lab requests', '/request', 'tbody tr'],
  ['lab results', '/result', 'tbody tr'],
  ['find appointments', '/bookings'],
  ['calendar', '/booking-calendar', '.rbc-calendar'],
  ['booking detail', `/BookingDetails?bookingId=${E2E_BOOKING_ID}`, 'h2'],
  ['manage lab order', '/manage-lab-order'],
  ['shipping manifest', '/shipping-manifest'],
  ['order report', '/report/orders'],
  ['patient search', '/SearchPatient'],
  ['profile', '/profile'],
  ['licences', '/license'],
];

const ADMIN_SCREENS: Array<[string, string, string?]> = [
  ['super admin panel', '/super-admin'],
  ['create a kit order', '/super-admin?page=CreateOrder'],
  ['licences of every clinician', '/license', 'table'],
  ['break-glass review', '/break-glass'],
  ['access log', '/access-log'],
];

describe('390 px wide', () => {
  it('clinician: every main screen fits, titles whole, first columns in view; dialogs fit', { timeout: 240_000 }, async () => {
    const { page, context } = await phone('clinician@demo.test');
    for (const [screen, path, ready] of CLINICIAN_SCREENS) {
      await visit(page, path, ready);
      await expectFits(page, screen);
    }
    // A dialog: the booking's Collect Payment fills the phone's screen.
    await visit(page, `/BookingDetails?bookingId=${E2E_BOOKING_ID}`, 'h2');
    await page.locator('[data-section="orderSummary"]').getByRole('button', { name: 'Collect Payment' }).click();
    await page.getByRole('dialog', { name: 'Collect Payment' }).waitFor();
    await expectFits(page, 'collect payment');
    await context.close();
  });

  it('super admin: the panel, the licences of every clinician and the review screens fit', { timeout: 120_000 }, async () => {
    const { page, context } = await phone('superadmin@demo.test');
    for (const [screen, path, ready] of ADMIN_SCREENS) {
      await visit(page, path, ready);
      await expectFits(page, screen);
    }
    await context.close();
  });
});
