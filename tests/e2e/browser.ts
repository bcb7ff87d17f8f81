import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Request } from 'playwright-core';
import { expect, inject } from 'vitest';
import { PATIENTS_TEXT } from '../../src/domain/i18n/en/patients';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo-users';
import { seriousA11yViolations, transitionsDone } from './axe';

export { transitionsDone };

export const portalUrl = () => inject('portalUrl');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface E2eBrowser {
  browser: Browser;
  /** A new context and page, 1400 × 900 unless `viewport` says otherwise. */
  newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }>;
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
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return {
    browser,
    async newPage(viewport = { width: 1400, height: 900 }) {
      const context = await browser.newContext({ viewport });
      context.on('page', trackRequests); // also the tabs the portal opens (a message, a kit), so settled() works there
      const page = await context.newPage();
      return { page, context };
    },
    async close() {
      await browser.close();
    },
  };
}

const openBrowsers = new Set<Browser>();

/**
 * What every open page of every open browser shows: its address and the start of its visible text. Printed when a
 * test fails (tests/setup/e2e-setup.ts), so a failure on CI says which screen the test was looking at.
 */
export async function describeOpenPages(maxChars = 1_500): Promise<string> {
  const lines: string[] = [];
  for (const browser of openBrowsers) {
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      const shown = await page.evaluate(() => document.body?.innerText ?? '').catch((e: Error) => `(text not readable: ${e.message})`);
      lines.push(`--- ${page.url()}`, shown.replace(/\n{2,}/g, '\n').slice(0, maxChars));
    }
  }
  return lines.join('\n');
}

/** The page's Cognito id token (amplify keeps it in sessionStorage), or null when signed out. */
export const idToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
    return key ? sessionStorage.getItem(key) : null;
  });

/** The headers the portal sends with an API call: `authorization` ("Bearer <id token>"), the addressee type, the path's api key. */
export const apiHeaders = (path: string, authorization: string) => ({
  authorization,
  [ADDRESSEE_TYPE_HEADER]: ADDRESSEE_TYPE_CLINICIAN,
  [API_KEY_HEADER]: deriveApiKey(path),
});

/** Opens the login form of the portal at `origin` and fills it in, without pressing Sign in. */
export async function fillSignInForm(page: Page, email: string, password = DEMO_PASSWORD, origin = portalUrl()) {
  await page.goto(origin + '/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/** Signs in through the login form of the portal at `origin` as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, origin = portalUrl()) {
  await fillSignInForm(page, email, password, origin);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for the dashboard's greeting: the sign-in is finished (tokens stored, the portal's permissions read). */
export async function waitForGreeting(page: Page, opts: { name?: string; timeout?: number } = {}) {
  const greeting = new RegExp(`Good (Morning|Afternoon|Evening)${opts.name ? `, ${opts.name}` : ''}`);
  await page.getByText(greeting).first().waitFor({ timeout: opts.timeout });
}

/**
 * Signs in a user who reaches the dashboard, and waits for its greeting: the sign-in is finished (tokens stored, the
 * portal's permissions read) before the test goes elsewhere. `signIn` alone is for users who never get there
 * (pending review, disabled, a wrong password). `timeout`: how long to wait for the greeting (Playwright's default);
 * `name`: the first name the greeting must show; `origin`: another portal instance than the run's.
 */
export async function signInToDashboard(
  page: Page,
  email: string,
  opts: { password?: string; timeout?: number; name?: string; origin?: string } = {},
) {
  await signIn(page, email, opts.password, opts.origin);
  await waitForGreeting(page, { name: opts.name, timeout: opts.timeout });
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
 * axe-core on the page as shown: no serious or critical violation. `label` names the screen
 * in the failure message, which lists each violated rule with the first offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  expect((await seriousA11yViolations(page)).report, `axe on ${label}`).toEqual([]);
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

/**
 * A lab table (/result, /request) with its filters in the URL, as react-admin keeps list filters there, newest first
 * (the list's own default order), once its rows are shown and its requests have settled.
 */
export async function openLabList(page: Page, path: '/result' | '/request', filter: Record<string, unknown>) {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), page: '1', perPage: '50', sort: 'createDateTime', order: 'DESC' });
  await page.goto(`${portalUrl()}${path}?${query}`);
  await page.getByRole('columnheader', { name: 'Patient Name' }).waitFor();
  await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await settled(page);
}
