import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { PATIENTS_TEXT } from '../../src/domain/patient-texts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';

export const portalUrl = () => inject('portalUrl');

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface E2eBrowser {
  browser: Browser;
  newPage(): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium driven by playwright-core; launch() gives it a fresh temporary profile of its own.
 * `extraArgs` adds switches (e.g. a fake microphone playing a wav file).
 */
export async function openBrowser(extraArgs: string[] = []): Promise<E2eBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  return {
    browser,
    async newPage() {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      trackRequests(page);
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
}

/** Signs in through the portal's login form as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto(portalUrl() + '/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in a user who reaches the dashboard, and waits for its greeting: the sign-in is finished (tokens stored, the
 * portal's permissions read) before the test goes elsewhere. `signIn` alone is for users who never get there
 * (pending review, disabled, a wrong password). `timeout`: how long to wait for the greeting (Playwright's default).
 */
export async function signInToDashboard(page: Page, email: string, opts: { password?: string; timeout?: number } = {}) {
  await signIn(page, email, opts.password);
  await page.getByText(/Good (Morning|Afternoon|Evening)/).first().waitFor({ timeout: opts.timeout });
}

/**
 * Waits (at most 3 s) for the page's CSS transitions and animations that end (not spinners or skeleton pulses), as a
 * person waits for an opening panel or dialog before using it: an element inside an accordion still expanding moves
 * (the page's scroll anchoring follows the growing panel), so a click may press on it and release elsewhere.
 */
export async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))); // transitions started
    await Promise.race([
      Promise.allSettled(document.getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity) // not spinners or skeleton pulses
        .map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

/**
 * Opens a select or autocomplete and picks one of its options as a person does: the list has appeared and finished
 * growing in (MUI's Grow transition) before the option is pressed, so the press and the release land on the same item.
 */
export async function chooseOption(combobox: Locator, option: Locator) {
  await combobox.click();
  await option.waitFor();
  await transitionsDone(combobox.page());
  await option.click();
}

/**
 * axe-core on the page as shown (issue 22): no serious or critical violation. `label` names the screen
 * in the failure message, which lists each violated rule with the first offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // A dialog or menu still fading in is half transparent: axe would measure the blend of its colours with the backdrop.
  await transitionsDone(page);
  const { violations } = await new AxeBuilder({ page })
    // react-admin's DataTable row checkbox (ra-ui-materialui 5.15 SelectRowCheckbox) puts its aria-label on MUI's span
    // instead of the input: third-party markup the portal cannot reach (its own selection boxes, e.g. Manage Lab
    // Order's, name the input and are checked).
    .exclude('.RaDataTable-checkbox')
    // react-big-calendar's day headers (role="columnheader" spans outside any row) and all-day row (a "row" without cells):
    // its markup, not the portal's.
    .exclude('.rbc-header')
    .exclude('.rbc-allday-cell')
    // ra-input-rich-text's heading-level picker: an <li> in a <nav> and a button named "Current level" showing "Normal".
    .exclude('.RaRichTextInputLevelSelect-list')
    .analyze(); // axe's default rules (WCAG 2.x A/AA and best practices)
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5)
    .map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`).join('\n')}`);
  expect(report, `axe on ${label}`).toEqual([]);
}

/**
 * Patient Search by kit id as a person would, then the View Details of its single patient; returns the patient id (from
 * the profile's URL) and the name and e-mail shown in the result row.
 */
export async function openPatientByKit(page: Page, kitId: string) {
  const S = PATIENTS_TEXT.search;
  await page.goto(`${portalUrl()}/SearchPatient`);
  await page.getByLabel(S.kitId, { exact: true }).fill(kitId);
  await page.getByRole('button', { name: S.searchButton, exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: S.viewDetails }) });
  await expect.poll(() => row.count()).toBe(1);
  const [name, email] = await row.getByRole('cell').allInnerTexts();
  await row.getByRole('link', { name: S.viewDetails }).click();
  await page.waitForURL(/\/PatientProfile\?patientId=[0-9a-f-]{36}/);
  return { patientId: new URL(page.url()).searchParams.get('patientId')!, name, email };
}

/** The portal's live-update stream (GET /secure/events) never ends: Playwright's 'networkidle' never comes with it open. */
const isLiveStream = (r: Request) => new URL(r.url()).pathname === '/secure/events';
const tracked = new WeakMap<Page, { inFlight: Set<Request>; last: number }>();

function trackRequests(page: Page) {
  const t = { inFlight: new Set<Request>(), last: Date.now() };
  tracked.set(page, t);
  page.on('request', (r) => {
    if (isLiveStream(r)) return;
    t.inFlight.add(r);
    t.last = Date.now();
  });
  const done = (r: Request) => {
    if (t.inFlight.delete(r)) t.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * 'networkidle' without the live stream: no request of the page in flight (but the event stream) for `quietMs`.
 * Pages that openBrowser did not create fall back to Playwright's own.
 */
export async function settled(page: Page, quietMs = 500, timeoutMs = 30_000) {
  const t = tracked.get(page);
  if (!t) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  while (t.inFlight.size > 0 || Date.now() - t.last < quietMs) {
    if (Date.now() > deadline) throw new Error(`requests still in flight: ${[...t.inFlight].map((r) => r.url()).join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
