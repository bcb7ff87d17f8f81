import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_BOOKING_ID, E2E_PAYMENT_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { loaded, openKitStep, pressForDialog, tickFirstRow } from './a11y-screens';
import { seriousA11yViolations } from './axe';
import { expectNoSeriousA11yViolations, openBrowser, portalUrl, signInToDashboard, type E2eBrowser } from './browser';

/**
 * Every main screen on a 390 × 844 phone: the page never scrolls sideways (wide tables scroll inside their own box or
 * become lists), the app bar shows the page title whole, and a dialog fits the screen. Reads only.
 * NARROW_SCREENSHOTS=<dir> also saves a screenshot of each screen there (narrow-<screen>.png) to look at.
 */

const PHONE = { width: 390, height: 844 };

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

/**
 * `greeting`: the page's h1 is not its title (the dashboard's greeting). `axe`: axe-core checks it too, at 390 px.
 * `dialog`: the name of the dialog the screen opens, which must fit the screen; Escape closes it afterwards.
 */
interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
  greeting?: true;
  axe?: true;
  dialog?: string;
}

const visit = (path: string, ready?: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.goto(portalUrl() + path);
  await page.locator('main, [role="main"]').first().waitFor({ timeout: 30_000 });
  await ready?.(page);
  await loaded(page);
};
const firstRow = (page: Page) => page.locator('tbody tr, main li').first().waitFor({ timeout: 30_000 });

/**
 * The kit of the first row of a lab list that Jane is assigned in her states: Case Details and Older Lab Results list
 * only her assigned requests and results of the kit (the lists' default, All, starts with others' kits).
 */
const ASSIGNED = `?${new URLSearchParams({ filter: JSON.stringify({ queryType: 'ASSIGNED', myStates: true }) })}`;
const assignedKit = async (page: Page, path: '/request' | '/result') => {
  await visit(path + ASSIGNED, firstRow)(page);
  return /KT\d{7}/.exec(await page.locator('tbody tr td.column-kitId, main li').first().innerText())![0];
};
/** The lab lists: each a table (or cards) that must fit, its first column in view, and axe-clean at 390 px. */
const LAB_SCREENS: Screen[] = [
  { name: 'lab requests', axe: true, open: visit('/request', firstRow) },
  { name: 'case details', axe: true, open: async (page) => visit(`/userrequest/${await assignedKit(page, '/request')}`, firstRow)(page) },
  { name: 'lab results', axe: true, open: visit('/result', firstRow) },
  { name: 'older lab results', axe: true, open: async (page) => visit(`/result/${await assignedKit(page, '/result')}`, firstRow)(page) },
];

const CLINICIAN_SCREENS: Screen[] = [
  { name: 'dashboard', greeting: true, open: visit('/', (p) => p.locator('[data-testid^="dashboard-card-"]').first().waitFor()) },
  { name: 'inbox', open: visit('/inbox', firstRow) },
  ...LAB_SCREENS,
  { name: 'kit details', open: visit('/KitDetails?kitId=KT0001153', (p) => p.getByRole('button', { name: 'Send Prescription' }).first().waitFor()) },
  { name: 'manage lab order', open: visit('/manage-lab-order') },
  { name: 'shipping manifest', open: visit('/shipping-manifest') },
  { name: 'order report', open: visit('/report/orders') },
  { name: 'find appointments', open: visit('/bookings', firstRow) },
  { name: 'calendar', open: visit('/booking-calendar', (p) => p.locator('.rbc-calendar').waitFor()) },
  {
    name: 'booking detail',
    open: visit(`/BookingDetails?bookingId=${E2E_BOOKING_ID}`, (p) => p.getByRole('heading', { level: 2 }).first().waitFor()),
  },
  { name: 'payment', open: visit(`/Payment?ref=booking&id=${E2E_PAYMENT_BOOKING_ID}`) },
  {
    name: 'patient search',
    open: async (page) => {
      await visit('/SearchPatient')(page);
      await page.getByLabel('Kit Id', { exact: true }).fill('KT0000655');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: 'View Details' }).first().waitFor();
      await loaded(page);
    },
  },
  {
    name: 'patient profile',
    open: async (page) => {
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

/** A Manage Lab Order step's dialog, opened on the step's first kit that can be selected. */
const kitDialog =
  (button: string, dialog: string): Screen['open'] =>
  async (page) => {
    await tickFirstRow(page);
    await pressForDialog(page, button, dialog);
  };
/** Support staff move the kits: Manage Lab Order with a care location chosen (its kits listed), each step's list. */
const STAFF_LAB_SCREENS: Screen[] = [
  {
    name: 'manage lab order: Las Vegas kits',
    axe: true,
    open: async (page) => {
      await visit('/manage-lab-order')(page);
      await page.getByLabel('Care location').selectOption('CHARLESTON_NV_89104');
      await firstRow(page);
      await loaded(page);
    },
  },
  { name: 'manage lab order: approve dialog', axe: true, dialog: 'Approve lab orders', open: kitDialog('Approve', 'Approve lab orders') },
  ...(
    [
      ['APPROVED', 'Create Shipping Manifest', 'Shipping Manifest'],
      ['CONFIRM', 'Confirm Shipment', 'Confirm shipment'],
    ] as const
  ).flatMap(([step, button, dialog]): Screen[] => [
    {
      name: `manage lab order: step ${step}`,
      axe: true,
      open: (page) => openKitStep(page, step),
    },
    { name: `manage lab order: ${dialog} dialog`, axe: true, dialog, open: kitDialog(button, dialog) },
  ]),
  { name: 'shipping manifests', axe: true, open: visit('/shipping-manifest', firstRow) },
];

/** What sticks out of a 390 px page: its scroll width, the widest culprits, and the app bar title's state. */
const measure = (page: Page) =>
  page.evaluate(() => {
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
      titleCut:
        !title ||
        !box ||
        box.width === 0 ||
        box.right > window.innerWidth ||
        title.scrollWidth > title.clientWidth ||
        title.scrollHeight > title.clientHeight + 1,
    };
    // Each table wider than its box: the box scrolls (a card that hides what sticks out leaves the last columns out of
    // reach), and scrolled to its end the table's first column (the row's identity, the first cell that is not a
    // selection box) is still in view, not covered by the cells scrolled under it. Not while a modal dialog covers the
    // page: its tables were measured on the screen without it.
    const modal = !!document.querySelector('[role="dialog"]');
    const hiddenColumns = [...document.querySelectorAll<HTMLElement>(modal ? ':not(*)' : 'main table')].flatMap((table) => {
      let scroller = table.parentElement!;
      while (scroller !== document.body && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement!;
      if (
        /hidden|clip/.test(getComputedStyle(scroller).overflowX) &&
        table.getBoundingClientRect().right > scroller.getBoundingClientRect().right + 1
      ) {
        return [`table cut off by its box (${table.querySelector('th')?.innerText.trim() ?? ''}…)`];
      }
      const cell = [...table.querySelectorAll<HTMLElement>('tbody tr:first-child > td')].find(
        (td) => !td.classList.contains('MuiTableCell-paddingCheckbox') && !(td.querySelector('input[type="checkbox"]') && !td.innerText.trim()),
      );
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
    // A screen that does not open is named, and the walk goes on to the next.
    const opened = await s.open(page).then(
      () => true,
      (e: Error) => (found.push(`${s.name}: did not open (${e.message.split('\n')[0]})`), false),
    );
    if (!opened) continue;
    found.push(...(await problemsOf(page, s)));
    const dialog = s.dialog ? page.getByRole('dialog', { name: s.dialog }) : null;
    if (dialog) found.push(...(await fits(page, dialog, s.name)));
    if (s.axe) {
      const { report } = await seriousA11yViolations(page);
      if (report.length) found.push(`${s.name}: axe\n${report.join('\n')}`);
    }
    if (dialog) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    }
  }
  await context.close();
  return found;
}

describe('every main screen on a 390 px phone', () => {
  it('clinician: no sideways page scroll, the page title whole; the lab lists axe clean', { timeout: 300_000 }, async () => {
    expect(await walk('clinician@demo.test', CLINICIAN_SCREENS)).toEqual([]);
  });

  it(
    'support staff: Manage Lab Order, its dialogs and the shipping manifests fit, the page title whole, axe clean',
    { timeout: 180_000 },
    async () => {
      expect(await walk('staff@demo.test', STAFF_LAB_SCREENS)).toEqual([]);
    },
  );

  it('super admin: no sideways page scroll, the page title whole', { timeout: 180_000 }, async () => {
    expect(await walk('superadmin@demo.test', SUPER_ADMIN_SCREENS)).toEqual([]);
  });

  it('a dialog fits the screen: the inbox Update Status dialog', async () => {
    const { page, context } = await b.newPage(PHONE);
    await signInToDashboard(page, 'clinician@demo.test', { timeout: 30_000 });
    await visit('/inbox', firstCard)(page);
    // each message is a card; a replied one has its selection box for the bulk Update Status above the cards
    await page.locator('main li input[type="checkbox"]:not([disabled])').first().check();
    await page.getByRole('button', { name: 'Update Status' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.waitFor();
    await loaded(page);
    const fit = await fits(page, dialog, 'inbox-update-status-dialog');
    await context.close();
    expect(fit).toEqual([]);
  });

  it(
    'the inbox, Sent and Find Appointments lists are cards that fit, and a card opens its record with a click or with Enter',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await b.newPage(PHONE);
      await signInToDashboard(page, 'clinician@demo.test', { timeout: 30_000 });
      const problems: string[] = [];

      // Inbox: a card per message, with its sender, subject, date and (when unread) the Unread label; a click on the card
      // (not on its subject) opens the message in a new tab, and Enter on its subject too.
      await visit('/inbox', firstCard)(page);
      problems.push(...(await cardsOnly(page, 'inbox')));
      const unread = page.locator('main li', { hasText: 'Unread' }).first();
      await unread.waitFor();
      expect(await unread.innerText()).toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      const card = page.locator('main li', { has: page.locator('button') }).first();
      const subject = (await card.locator('button').first().innerText()).trim();
      const [byClick] = await Promise.all([
        context.waitForEvent('page'),
        card
          .locator('p')
          .filter({ hasText: /, \d{4} / })
          .first()
          .click(),
      ]);
      await byClick.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
      await byClick.getByRole('heading', { name: subject, level: 2 }).waitFor({ timeout: 30_000 });
      await byClick.close();
      await card.locator('button').first().focus();
      const [byEnter] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
      await byEnter.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
      await byEnter.close();

      // Sent: cards too.
      await page.getByRole('navigation', { name: 'Messages menu' }).getByRole('button', { name: 'Sent', exact: true }).click();
      await expect.poll(() => page.getByRole('group', { name: 'Answered' }).count()).toBe(0);
      await firstCard(page);
      await loaded(page);
      problems.push(...(await cardsOnly(page, 'sent')));
      const [sent] = await Promise.all([
        context.waitForEvent('page'),
        page
          .locator('main li', { has: page.locator('button') })
          .first()
          .click({ position: { x: 8, y: 8 } }),
      ]);
      await sent.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
      await sent.close();

      // Find Appointments (today's bookings): a card per booking with its patient, time, status and care type; a click on
      // the card opens its booking, and so does Enter on its booking id.
      await visit('/bookings', firstCard)(page);
      problems.push(...(await cardsOnly(page, 'find appointments')));
      const booking = page.locator('main li', { has: page.locator('a[data-booking-link]') });
      const id = (await booking.first().locator('a[data-booking-link]').innerText()).trim();
      expect(await booking.first().innerText()).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
      await booking.first().click({ position: { x: 8, y: 8 } });
      await page.waitForURL((u) => u.pathname === '/BookingDetails' && u.searchParams.get('bookingId') === id);
      await page.goBack();
      await firstCard(page);
      await page.locator(`main li a[data-booking-link="${id}"]`).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/BookingDetails' && u.searchParams.get('bookingId') === id);
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it("dialogs fit the screen with no serious accessibility violation: compose, and the booking detail's", { timeout: 180_000 }, async () => {
    const { page, context } = await b.newPage(PHONE);
    await signInToDashboard(page, 'clinician@demo.test', { timeout: 30_000 });
    const problems: string[] = [];

    await visit('/inbox?action=compose', (p) => p.getByRole('heading', { name: 'New Message', level: 2 }).waitFor())(page);
    problems.push(...(await fits(page, page.locator('main'), 'compose')));
    await expectNoSeriousA11yViolations(page, 'compose at 390 px');

    await visit(`/BookingDetails?bookingId=${E2E_PAYMENT_BOOKING_ID}`, (p) => p.getByRole('heading', { level: 2 }).first().waitFor())(page);
    const opens: Array<[string, (p: Page) => Promise<void>]> = [
      ['Collect Payment', (p) => p.locator('[data-section="orderSummary"]').getByRole('button', { name: 'Collect Payment' }).click()],
      ['Update Patient Info', (p) => p.getByRole('button', { name: 'Update Patient Info', exact: true }).first().click()],
      ['Complete Booking', (p) => p.getByRole('button', { name: 'Complete Booking', exact: true }).first().click()],
      [
        'Lab order request',
        (p) =>
          p
            .getByRole('list', { name: 'Select Action' })
            .getByRole('button', { name: /^\d+\. Lab order request/ })
            .click(),
      ],
    ];
    for (const [name, open] of opens) {
      await open(page);
      const dialog = page.getByRole('dialog').last();
      await dialog.waitFor({ timeout: 20_000 });
      await loaded(page);
      problems.push(...(await fits(page, dialog, `booking detail: ${name}`)));
      await expectNoSeriousA11yViolations(page, `booking detail: ${name} at 390 px`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    }
    await context.close();
    expect(problems).toEqual([]);
  });
});

/** The first card of a list on a phone (a list item in a card list, not a menu's). */
async function firstCard(page: Page) {
  await page.locator('main li.MuiCard-root').first().waitFor({ timeout: 30_000 });
}

/** A list on a phone: cards and no table, none of them wider than the screen, and the page never scrolls sideways. */
async function cardsOnly(page: Page, name: string): Promise<string[]> {
  const m = await page.evaluate(() => ({
    tables: document.querySelectorAll('main table').length,
    cards: document.querySelectorAll('main li.MuiCard-root').length,
    wideCards: [...document.querySelectorAll('main li.MuiCard-root')].filter((c) => c.getBoundingClientRect().right > window.innerWidth).length,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  const out: string[] = [];
  if (m.tables) out.push(`${name}: ${m.tables} table(s) on a phone`);
  if (!m.cards) out.push(`${name}: no cards`);
  if (m.wideCards) out.push(`${name}: ${m.wideCards} card(s) wider than the screen`);
  if (m.scrollWidth > PHONE.width) out.push(`${name}: page is ${m.scrollWidth} px wide`);
  return out;
}

/** A dialog (or a page's part) on a phone: inside the screen, and nothing in it scrolls sideways. */
async function fits(page: Page, box: ReturnType<Page['locator']>, name: string): Promise<string[]> {
  const shots = process.env.NARROW_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/narrow-${name.replace(/\W+/g, '-')}.png` });
  const m = await box.evaluate((d) => {
    const r = d.getBoundingClientRect();
    return {
      left: r.left,
      right: r.right,
      // the box itself wider than it shows, or a part of it that scrolls sideways; a table may scroll in its own box (its
      // first column stays in view), a text area in its lines
      scrolls: [
        d,
        ...[...d.querySelectorAll<HTMLElement>('*')].filter(
          (e) =>
            /auto|scroll/.test(getComputedStyle(e).overflowX) &&
            e.tagName !== 'TEXTAREA' &&
            !(e.children.length === 1 && e.firstElementChild?.tagName === 'TABLE'),
        ),
      ]
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')}`),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
  const out: string[] = [];
  if (m.left < 0 || m.right > PHONE.width) out.push(`${name}: ${Math.round(m.left)}..${Math.round(m.right)} px, outside the screen`);
  if (m.scrolls.length) out.push(`${name}: scrolls sideways (${m.scrolls.slice(0, 3).join(', ')})`);
  if (m.scrollWidth > PHONE.width) out.push(`${name}: page is ${m.scrollWidth} px wide`);
  return out;
}
