import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_TEXTS } from '../../src/domain/access-log';
import { UI_TEXT } from '../../src/domain/ui-texts';
import { expectNoSeriousA11yViolations, openBrowser, openPatientByKit, signIn, type E2eBrowser } from './browser';

/**
 * The PHI access log and the display preferences, end to end: the auditor opens the log from the menu, verifies the
 * hash chain on demand, filters by the patient a clinician just read and finds that read; the dark theme and compact tables
 * survive a reload.
 */
let b: E2eBrowser;
beforeAll(async () => { b = await openBrowser(); });
afterAll(async () => { await b.close(); });

describe('PHI access log', () => {
  it('the auditor finds a clinician\'s read of a patient, with the chain verified', { timeout: 120_000 }, async () => {
    // A clinician opens a patient profile: the read the auditor will look for.
    const clinician = await b.newPage();
    await signIn(clinician.page, 'clinician@demo.test');
    await clinician.page.getByText(/Good (Morning|Afternoon|Evening)/).first().waitFor();
    const { patientId } = await openPatientByKit(clinician.page, 'KT0000655');

    const { page } = await b.newPage();
    await signIn(page, 'auditor@demo.test');
    await page.getByRole('menuitem', { name: ACCESS_LOG_TEXTS.menu }).click();
    await page.waitForURL(/\/access-log/);
    // On open only the sealer's state; the chain is verified on demand.
    await page.getByText(/rows sealed in the chain/).waitFor();
    await page.getByRole('button', { name: ACCESS_LOG_TEXTS.chainVerify }).click();
    await page.getByText(ACCESS_LOG_TEXTS.chainOk).waitFor();
    await page.getByText(/^Last verified .* by Owen Price: intact up to row \d+$/).waitFor();
    await expect.poll(() => page.getByText(/verified up to row \d+/).count()).toBe(1);
    await page.getByLabel(ACCESS_LOG_TEXTS.filters.patientId).fill(patientId);
    await page.getByRole('button', { name: ACCESS_LOG_TEXTS.disclosures }).waitFor();
    const read = page.getByRole('row').filter({ hasText: 'GET /secure/patient/detailsBySubId/:id' });
    await expect.poll(() => read.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await read.first().innerText()).toContain('Jane');
    await expectNoSeriousA11yViolations(page, 'access log');
  });

  it('the dark theme and compact tables stay after a reload', { timeout: 60_000 }, async () => {
    const { page } = await b.newPage();
    await signIn(page, 'auditor@demo.test');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).waitFor();
    const light = await background();
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await page.getByRole('button', { name: UI_TEXT.density.compact }).click();
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    await page.reload();
    await page.getByRole('button', { name: UI_TEXT.density.comfortable }).waitFor();
    expect(await background()).toBe(dark);
  });
});
