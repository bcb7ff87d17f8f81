import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEXT } from '../../src/domain/i18n/en/app';
import { SIGN_UP_TEXT } from '../../src/domain/i18n/en/sign-ups';
import { latestCode } from '../../src/server/launcher/code-outbox';
import { chooseOption, type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, portalUrl, settled, signIn } from './browser';

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const GREETING = /Good (Morning|Afternoon|Evening), /;
const MENU = [
  'Home',
  'My Messages',
  'Find Appointments',
  'Calendar',
  'Lab Requests',
  'Lab Results',
  'Manage Lab Order',
  'Shipping Manifest',
  'Patient Search',
  'Manage Profile License & Calendar',
  'Logout',
];

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

  it('clinician without licence: banner and the onboarding dialog; adding a licence there makes the banner go', async () => {
    const page = await as('clinician.nolicense@demo.test');
    await text(page, TEXT.noLicense).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Add your licence' });
    await dialog.waitFor();
    // the modal saves through the same licence call as the profile's Manage Licences
    await chooseOption(dialog.getByRole('combobox', { name: 'State' }), page.getByRole('option', { name: 'NV', exact: true }));
    await dialog.getByRole('textbox', { name: 'NPI Number' }).fill('NV-ONB-1001');
    await dialog.getByLabel('Expiration date').fill(`${new Date().getUTCFullYear() + 2}-06-30`);
    await dialog.getByRole('radio', { name: 'Yes' }).nth(0).check(); // Good standing
    await dialog.getByRole('radio', { name: 'Yes' }).nth(1).check(); // Acknowledgement
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => text(page, TEXT.noLicense).count()).toBe(0);
    await text(page, new RegExp(`${GREETING.source}Samuel`)).waitFor();
    expect(page.url()).toBe(portalUrl() + '/');
    await page.context().close();
  });

  it('clinician without calendar link is sent to the profile, adds a link there and reaches the dashboard', async () => {
    const page = await as('clinician.nocalendar@demo.test');
    await page.waitForURL(/\/profile\?reason=invalidOrNoCalendar$/);
    // the Manage Calendar tab is open with the Access Restricted banner; an https link lets the clinician in
    await text(page, 'Access Restricted').waitFor();
    await expectNoSeriousA11yViolations(page, 'profile: manage calendar');
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
    await expectNoSeriousA11yViolations(page, 'sign-in');
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

describe('sign-up', () => {
  const password = 'Signup-Pass-2026!';
  let outbox: pg.Pool;
  beforeAll(() => {
    outbox = new pg.Pool({ connectionString: inject('portalDatabaseUrl'), max: 1 });
  });
  afterAll(async () => {
    await outbox.end();
  });

  /** Maya Chen signs up from the login page with a new address, confirms it with the outbox's code: pending review. */
  async function signUpMaya(): Promise<{ page: Page; email: string }> {
    const email = `new.clinician.${Date.now()}@example.test`;
    const { page } = await b.newPage();
    await page.goto(portalUrl() + '/login');
    await page.getByRole('link', { name: 'New clinician? Sign up' }).click();
    await page.waitForURL(/\/sign-up$/);
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Chen');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Phone').fill('7025550123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await text(page, `Enter the code sent to ${email}.`).waitFor();
    let code: string | null = null;
    await expect.poll(async () => (code = await latestCode(outbox, email))).toMatch(/^\d{6}$/);
    await page.getByLabel('Confirmation code').fill(code!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await text(page, TEXT.pendingReview).waitFor();
    return { page, email };
  }

  it('a new user signs up, reads the code in the local outbox, confirms and sees the pending-review screen', async () => {
    const { page } = await signUpMaya();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await page.context().close();
  });

  it('a sign-up left at "Confirm your e-mail" (reload) is finished from the sign-in page with a new code', async () => {
    const later = `later.clinician.${Date.now()}@example.test`;
    const { page } = await b.newPage();
    await page.goto(portalUrl() + '/sign-up');
    await page.getByLabel('First name').fill('Lee');
    await page.getByLabel('Last name').fill('Park');
    await page.getByLabel('Email').fill(later);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Phone').fill('7025550124');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await text(page, `Enter the code sent to ${later}.`).waitFor();
    let first: string | null = null;
    await expect.poll(async () => (first = await latestCode(outbox, later))).toMatch(/^\d{6}$/);
    await page.reload();
    await signIn(page, later, password);
    await text(page, `Enter the code sent to ${later}.`).waitFor();
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await text(page, `A new code was sent to ${later}.`).waitFor();
    const { rows } = await outbox.query("SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'SIGN_UP_CODE' AND lower(to_address) = lower($1)", [
      later,
    ]);
    expect(rows[0].n).toBe(2);
    const code = await latestCode(outbox, later);
    expect(code).toMatch(/^\d{6}$/);
    expect(first).toBeTruthy();
    await page.getByLabel('Confirmation code').fill(code!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await text(page, TEXT.pendingReview).waitFor();
    await page.context().close();
  });

  it('a super admin adds them to the clinicians; their next sign-in reaches the dashboard (licence onboarding)', async () => {
    // Its own sign-up, so that a retry starts from a pending account again.
    const { page: pending, email } = await signUpMaya();
    await pending.context().close();
    const admin = await as('superadmin@demo.test');
    await text(admin, GREETING).waitFor();
    await admin.goto(portalUrl() + '/super-admin');
    const row = admin.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: SIGN_UP_TEXT.addToGroup }).click(); // Clinician is the preselected group
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Add Maya Chen (${email}) to the group Clinician?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: /confirm/i }).click();
    await text(admin, `${email} was added to Clinician`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await admin.context().close();

    const { page } = await b.newPage();
    await signIn(page, email, password);
    await text(page, new RegExp(`${GREETING.source}Maya`)).waitFor();
    await text(page, TEXT.noLicense).waitFor();
    await page.getByRole('dialog', { name: 'Add your licence' }).waitFor();
    expect(page.url()).toBe(portalUrl() + '/');
    await page.context().close();
  });
});
