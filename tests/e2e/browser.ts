import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
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
