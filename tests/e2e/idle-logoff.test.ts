import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSION_TEXT } from '../../src/domain/i18n/en/session';
import { E2E_IDLE } from '../setup/idle-instance';
import { apiHeaders, idToken, openBrowser, signInToDashboard, waitForGreeting, type E2eBrowser } from './browser';

/**
 * Idle logoff in Chromium against an instance configured with short idle settings (8 s, warned 3 s before):
 * the warning appears, "Stay signed in" extends, activity in another tab counts, and then the session ends
 * (login page saying why, nothing in localStorage, the API refusing the old token).
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const url = () => inject('idlePortalUrl');
const WARN_AFTER_MS = (E2E_IDLE.timeoutSeconds - E2E_IDLE.warningSeconds) * 1000;

const signIn = (page: Page) => signInToDashboard(page, 'clinician@demo.test', { name: 'Jane', origin: url() });

async function accountStatus(token: string): Promise<number> {
  const path = '/secure/account/status';
  const res = await fetch(url() + path, { headers: apiHeaders(path, `Bearer ${token}`) });
  return res.status;
}

const warning = (page: Page) => page.getByRole('alertdialog');

describe('idle logoff', () => {
  it('warns, "Stay signed in" extends, then the session ends: login page with the reason, token refused', async () => {
    const { page, context } = await b.newPage();
    await signIn(page);
    const token = await idToken(page);
    expect(token).toBeTruthy();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await accountStatus(token!)).toBe(200);

    await warning(page).waitFor({ timeout: WARN_AFTER_MS + 5000 });
    await expect(warning(page).textContent()).resolves.toMatch(/You will be signed out in \d seconds because of inactivity/);
    const warnedAt = Date.now();
    await page.getByRole('button', { name: SESSION_TEXT.staySignedIn }).click();
    await warning(page).waitFor({ state: 'hidden' });

    // past the first deadline: still signed in, the token still accepted
    await page.waitForTimeout(Math.max(0, warnedAt + E2E_IDLE.warningSeconds * 1000 + 1000 - Date.now()));
    expect(await warning(page).count()).toBe(0);
    expect(page.url()).not.toContain('/login');
    expect(await accountStatus(token!)).toBe(200);

    // no answer this time: signed out
    await warning(page).waitFor({ timeout: WARN_AFTER_MS + 5000 });
    await page.waitForURL(/\/login\?reason=idle$/, { timeout: E2E_IDLE.warningSeconds * 1000 + 10_000 });
    await page.getByText(SESSION_TEXT.idleSignedOut).waitFor();
    expect(await idToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(await accountStatus(token!)).toBe(401); // the server revoked it
    await context.close();
  });

  it('activity in another tab of the portal keeps the session', async () => {
    const { page, context } = await b.newPage();
    await signIn(page);
    // a second tab opened from the first shares its session (sessionStorage is copied to it)
    const [second] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open(location.href, '_blank'))]);
    await waitForGreeting(second, { name: 'Jane' });
    const until = Date.now() + E2E_IDLE.timeoutSeconds * 1000 + 2000;
    while (Date.now() < until) {
      await second.mouse.move(100 + Math.random() * 400, 100 + Math.random() * 300);
      await second.waitForTimeout(700);
    }
    expect(await warning(page).count()).toBe(0);
    expect(page.url()).not.toContain('/login');
    expect(await accountStatus((await idToken(page))!)).toBe(200);
    await context.close();
  });
});
