import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ADMIN_TEXT as S } from '../../src/domain/i18n/en/super-admin';
import { chooseOption, type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, openPatientByKit, portalUrl, signInToDashboard } from './browser';

/**
 * Super-admin panel end to end: the super admin finds the patient of kit KT0000244 (a 3-Panel STD Test kit with a
 * LABCORP order by the seed; used by no other e2e file), opens the profile's Kit Detail tab, presses the kit's Reorder,
 * completes the prefilled kit order form and sees the new order first in the Order Report; then, from the Order a new
 * kit dropdown, uploads a Labcorp result PDF for the patient's Labcorp order.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const KIT = 'KT0000244';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('super-admin panel', () => {
  it(
    'Reorder from the patient profile creates a kit order seen in the Order Report; a Labcorp result PDF uploads',
    { timeout: 180_000 },
    async () => {
      const { page } = await b.newPage();
      await signInToDashboard(page, 'superadmin@demo.test');

      // The kit's patient, by kit id
      const { patientId, email } = await openPatientByKit(page, KIT);

      // Kit Detail tab: the kit's Reorder opens the kit order form, prefilled
      await page.goto(`${portalUrl()}/PatientProfile?patientId=${patientId}&idType=sub&view=kit-detail&viewId=${KIT}`);
      await page.getByRole('button', { name: S.kitTab.orderNewKit }).waitFor();
      await page
        .getByRole('row')
        .filter({ hasText: KIT })
        .getByRole('link', { name: `${S.kitTab.reorder} 3-Panel STD Test` })
        .click();
      await page.waitForURL(/\/super-admin\?page=CreateOrder&patientId=.*&kitName=3-Panel/);
      await page.getByRole('heading', { name: S.cards.CreateOrder }).waitFor();
      await expect.poll(() => page.getByLabel(S.form.email).inputValue()).toBe(email);
      await page.getByText('3-Panel STD Test (').first().waitFor();
      await page.getByText('USPS Priority (1-3 Days) - Free').waitFor();
      await expectNoSeriousA11yViolations(page, 'super admin: create order');

      // The seeded phone has no country code: the spec's phone warning, then the order
      await page.getByLabel(S.form.phone).fill('303 555 0199');
      await page.getByRole('button', { name: S.form.submit }).click();
      await page.getByText(S.warnings.phone).first().waitFor();
      await page.getByLabel(S.form.phone).fill('+1 (303) 555-0199');
      await page.getByRole('button', { name: S.form.submit }).click();
      await page.getByText(S.created).first().waitFor();
      await expect.poll(() => page.getByLabel(S.form.email).inputValue()).toBe('');

      // The new order is first in the Order Report
      await page.goto(`${portalUrl()}/report/orders`);
      const first = page.getByRole('row').nth(1);
      await expect.poll(() => first.innerText(), { timeout: 15_000 }).toMatch(/SO-\d+/);
      expect(await first.innerText()).toContain(email);

      // Back on the profile: Order a new kit > Upload Labcorp Results, for the patient's Labcorp order
      await page.goto(`${portalUrl()}/PatientProfile?patientId=${patientId}&idType=sub&view=kit-detail`);
      await page.getByRole('button', { name: S.kitTab.orderNewKit }).click();
      await page.getByRole('menuitem', { name: S.kitTab.upload }).click();
      await page.waitForURL(/page=UploadLabcorpResults/);
      await expect.poll(() => page.getByLabel(S.labcorp.email).inputValue()).toBe(email);
      await page.getByRole('button', { name: S.labcorp.fetch }).click();
      await expect.poll(() => page.getByRole('combobox', { name: S.labcorp.order }).innerText()).toMatch(/LC-\d+/);
      await page.getByRole('button', { name: S.labcorp.upload }).click();
      await page.getByText(S.labcorp.warnings.file).first().waitFor();
      await page.getByLabel(S.labcorp.file).setInputFiles({ name: 'labcorp-result.pdf', mimeType: 'application/pdf', buffer: PDF });
      await chooseOption(page.getByRole('combobox', { name: S.labcorp.resultType }), page.getByRole('option', { name: 'NEGATIVE (All Negative)' }));
      await page.getByRole('button', { name: S.labcorp.upload }).click();
      await page.getByText(S.labcorp.uploaded).first().waitFor();

      // Back resets to the landing
      await page.getByRole('button', { name: S.back }).click();
      await page.waitForURL(/\/super-admin$/);
      await page.getByRole('heading', { name: S.cards.RegisterKit }).waitFor();
      await expectNoSeriousA11yViolations(page, 'super admin');
    },
  );
});
