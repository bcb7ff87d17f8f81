import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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
