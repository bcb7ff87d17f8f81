import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_UI } from '../../src/domain/i18n/en/message';
import { type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/** The portal's router asks before an unsent New Message is left for another screen of the portal. */
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

describe('New Message draft', () => {
  it('the messages menu with a typed subject asks "Leave without sending?"; Stay keeps the draft, Leave opens the inbox', async () => {
    await page.goto(`${portalUrl()}/inbox?action=compose`);
    await page.getByRole('heading', { name: 'New Message', level: 2 }).waitFor();
    await page.getByLabel('Subject').fill('Unsent draft');
    const nav = page.getByRole('navigation', { name: MESSAGE_UI.menu.label });
    await nav.getByRole('button', { name: /Inbox/ }).click();
    const ask = page.getByRole('dialog', { name: MESSAGE_UI.leave.title });
    await ask.waitFor();
    await ask.getByRole('button', { name: MESSAGE_UI.leave.stay }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Subject').inputValue()).toBe('Unsent draft');
    await nav.getByRole('button', { name: /Inbox/ }).click();
    await ask.getByRole('button', { name: MESSAGE_UI.leave.leave }).click();
    await page.getByRole('heading', { name: 'New Message', level: 2 }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/inbox');
  });
});
