import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../src/domain/messages';
import { openBrowser, portalUrl, settled, signIn, type E2eBrowser } from './browser';

let b: E2eBrowser;
beforeAll(async () => { b = await openBrowser(); });
afterAll(async () => { await b.close(); });

const GREETING = /Good (Morning|Afternoon|Evening), /;
const MENU = ['Home', 'My Messages', 'Find Appointments', 'Calendar', 'Lab Requests', 'Lab Results', 'Manage Lab Order',
  'Shipping Manifest', 'Patient Search', 'Manage Profile License & Calendar', 'Logout'];

async function as(email: string): Promise<Page> {
  const { page } = await b.newPage();
  await signIn(page, email);
  return page;
}
const text = (page: Page, t: string | RegExp) => page.getByText(t).first();
const menuItem = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });

describe('sign-in and what each demo identity sees', () => {
  it('clinician Jane Doe: greeting, full menu without Super Admin Panel, expired TX licence banner', async () => {
    const page = await as('clinician@demo.test');
    await text(page, new RegExp(`${GREETING.source}Jane`)).waitFor();
    for (const item of MENU) await expect(menuItem(page, item).isVisible(), item).resolves.toBe(true);
    expect(await menuItem(page, 'Super Admin Panel').count()).toBe(0);
    await text(page, /TX/).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'TX' }).count()).toBeGreaterThan(0);
    expect(page.url()).toBe(portalUrl() + '/');
    await page.context().close();
  });

  it('a route the role does not allow goes to /401-page with the exact text', async () => {
    const page = await as('clinician@demo.test');
    await text(page, GREETING).waitFor();
    await page.goto(portalUrl() + '/super-admin');
    await page.waitForURL(/\/401-page$/);
    await text(page, TEXT.unauthorizedPage).waitFor();
    await page.context().close();
  });

  it('spec URLs resolve as written, without #', async () => {
    const page = await as('clinician@demo.test');
    await text(page, GREETING).waitFor();
    for (const path of ['/KitDetails?kitId=KT0000001', '/PatientProfile?patientId=abc&idType=sub', '/inbox']) {
      await page.goto(portalUrl() + path);
      await settled(page);
      expect(page.url()).toBe(portalUrl() + path);
      expect(await text(page, TEXT.unauthorizedPage).count()).toBe(0);
    }
    await page.context().close();
  });

  it('an unknown API path answers JSON, never the portal page, even to a browser', async () => {
    for (const path of ['/api/booking/nope', '/secure/nope']) {
      const res = await fetch(portalUrl() + path, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404); // no such route: nothing to guard, and never the portal page
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    const page = await fetch(`${portalUrl()}/bookings`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('clinician without licence: banner and the onboarding dialog to add one', async () => {
    const page = await as('clinician.nolicense@demo.test');
    await text(page, TEXT.noLicense).waitFor();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
  });

  it('clinician without calendar link is sent to the profile, adds a link there and reaches the dashboard', async () => {
    const page = await as('clinician.nocalendar@demo.test');
    await page.waitForURL(/\/profile\?reason=invalidOrNoCalendar$/);
    // (issue 17) the Manage Calendar tab is open with the Access Restricted banner; an https link lets the clinician in
    await text(page, 'Access Restricted').waitFor();
    await page.getByRole('textbox', { name: 'Calendar Link' }).fill('https://cal.example.com/priya-patel');
    await page.getByRole('button', { name: 'Update Calendar Link' }).click();
    await text(page, 'Calendar Link has been updated').waitFor();
    await page.waitForURL(portalUrl() + '/');
    await text(page, new RegExp(`${GREETING.source}Priya`)).waitFor();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(portalUrl() + '/'); // no longer sent back to the profile
    await page.context().close();
  });

  it('inactive clinician: disabled message, then signed out', async () => {
    const page = await as('clinician.inactive@demo.test');
    await text(page, TEXT.accountDisabled).waitFor();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await page.getByLabel('Email').waitFor();
    await page.context().close();
  });

  it('super admin: welcome banner and the Super Admin Panel', async () => {
    const page = await as('superadmin@demo.test');
    await text(page, TEXT.superAdminWelcome).waitFor();
    await menuItem(page, 'Super Admin Panel').click();
    await page.waitForURL(/\/super-admin$/);
    expect(await text(page, TEXT.unauthorizedPage).count()).toBe(0);
    await page.context().close();
  });

  it.each(['staff@demo.test', 'auditor@demo.test', 'ops@demo.test'])('%s: access restricted banner', async (email) => {
    const page = await as(email);
    await text(page, TEXT.accessRestricted).waitFor();
    await text(page, GREETING).waitFor();
    expect(await menuItem(page, 'Super Admin Panel').count()).toBe(0);
    await page.context().close();
  });

  it('a user in no group sees the pending-review screen and can log out', async () => {
    const page = await as('pending@demo.test');
    await text(page, TEXT.pendingReview).waitFor();
    expect(await menuItem(page, 'Home').count()).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Email').waitFor();
    await page.context().close();
  });

  it('a wrong password is refused on the sign-in form', async () => {
    const { page } = await b.newPage();
    await signIn(page, 'clinician@demo.test', 'wrong-password-1!');
    await text(page, /incorrect|failed|invalid/i).waitFor();
    expect(page.url()).toMatch(/\/login/);
    await page.context().close();
  });

  it('sign-out from the menu ends the session', async () => {
    const page = await as('staff@demo.test');
    await text(page, GREETING).waitFor();
    await menuItem(page, 'Logout').click();
    await page.getByLabel('Email').waitFor();
    await page.goto(portalUrl() + '/request');
    await page.waitForURL(/\/login/);
    await page.context().close();
  });
});
