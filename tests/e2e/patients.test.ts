import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENTS_TEXT } from '../../src/domain/i18n/en/patients';
import { expectNoSeriousA11yViolations, openBrowser, portalUrl, signInToDashboard, type E2eBrowser } from './browser';

/**
 * Patients end to end: Jane Doe finds a patient by kit id, then by e-mail and by name on /SearchPatient, opens the
 * profile, walks every tab, refuses an invalid zip, and saves the basic details (the page reloads with the new
 * value). Kit 655 is used by no other e2e file; by the seed its patient (number 306) lives in NV, one of Jane's states.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const KIT = 'KT0000655';
const S = PATIENTS_TEXT.search;

async function searchBy(page: Page, field: 'email' | 'name' | 'kitId', value: string) {
  await page.getByRole('button', { name: S.clear }).click();
  await page.getByLabel(S[field], { exact: true }).fill(value);
  await page.getByRole('button', { name: S.searchButton, exact: true }).click();
  await page.getByRole('heading', { name: S.listTitle }).waitFor();
}

describe('patients', () => {
  it('search by kit id, e-mail and name, open the profile, walk the tabs, edit the basic details', { timeout: 180_000 }, async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');

    await page.goto(`${portalUrl()}/SearchPatient`);
    await page.getByRole('button', { name: S.searchButton, exact: true }).click();
    await page.getByText(S.atLeastOne).first().waitFor();

    await searchBy(page, 'kitId', KIT);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: S.viewDetails }) });
    await expect.poll(() => row.count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'patient search');
    const cells = await row.getByRole('cell').allInnerTexts();
    const [name, email] = cells;
    expect(email).toMatch(/@example\.com$/);

    await searchBy(page, 'email', email.toUpperCase());
    await page.getByRole('cell', { name: email, exact: true }).first().waitFor();
    await searchBy(page, 'name', name.split(' ')[1].toLowerCase());
    await page.getByRole('cell', { name: email, exact: true }).first().waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(2);

    await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: S.viewDetails }).click();
    await page.waitForURL(/\/PatientProfile\?patientId=[0-9a-f-]{36}&idType=sub$/);
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page
      .getByText(/Patient Profile is complete|Missing/)
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'patient profile');

    // Every tab, its panel, and the view parameter
    const tabs: [string, string, RegExp][] = [
      ['Kit Detail', 'kit-detail', new RegExp(`${PATIENTS_TEXT.kits.allOrders}|${PATIENTS_TEXT.kits.active}`, 'i')],
      ['History', 'history', /Kit Registered|Booking Created|Order [A-Z]|No History Found/], // event types as labels, not codes
      ['Health Status', 'health-status', /Allergies/i],
      ['Message', 'message', /All Messages|No messages found/i],
      ['Charting Notes', 'charting-notes', /Create Charting Note|Create Chart Note/i],
      ['Prescriptions', 'prescriptions', /No Prescription Found|Send Prescription/i],
      ['Appointment', 'appointment', new RegExp(PATIENTS_TEXT.appointment.upcoming, 'i')],
    ];
    for (const [tab, view, content] of tabs) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForURL(new RegExp(`view=${view}`));
      await expect
        .poll(
          () =>
            page
              .locator('[role="tabpanel"]')
              .allInnerTexts()
              .then((t) => t.join('\n')),
          { timeout: 15_000 },
        )
        .toMatch(content);
    }
    await page.getByRole('tab', { name: PATIENTS_TEXT.appointment.past }).click();
    await page.getByRole('tab', { name: PATIENTS_TEXT.kits.active }).waitFor({ state: 'detached' });

    // Basic details: an invalid zip is refused; a valid save reloads the page with the new value
    const F = PATIENTS_TEXT.profile.fields;
    await page.getByRole('button', { name: PATIENTS_TEXT.profile.edit }).click();
    await page.getByLabel(F.postal_code, { exact: true }).fill('8910');
    await page.getByRole('button', { name: PATIENTS_TEXT.profile.save }).click();
    await page.getByText(PATIENTS_TEXT.profile.zip).first().waitFor();
    const preferred = `E2E${Date.now().toString(36)}`;
    await page.getByLabel(F.postal_code, { exact: true }).fill('89104-1234');
    await page.getByLabel(F.preferredName, { exact: true }).fill(preferred);
    const reloaded = page.waitForEvent('load', { timeout: 45_000 }); // listening before the click: a fast save reloads at once
    await page.getByRole('button', { name: PATIENTS_TEXT.profile.save }).click();
    await reloaded.catch(async () => {
      // say what the page showed instead
      throw new Error(`no reload after Save; the page's alerts: ${JSON.stringify(await page.getByRole('alert').allInnerTexts())}`);
    });
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByText(preferred).first().waitFor();
    await page.getByText('89104-1234').first().waitFor();
  });
});
