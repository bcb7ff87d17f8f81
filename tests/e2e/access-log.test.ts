import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LOG_TEXTS } from '../../src/domain/i18n/en/access-log';
import { createHash } from 'node:crypto';
import { BREAK_GLASS_TEXTS } from '../../src/domain/i18n/en/break-glass';
import { UI_TEXT } from '../../src/domain/i18n/en/ui';
import { expectNoSeriousA11yViolations, openBrowser, openPatientByKit, portalUrl, signIn, signInToDashboard, type E2eBrowser } from './browser';

/**
 * The PHI access log and the display preferences, end to end: the auditor opens the log from the menu, verifies the
 * hash chain on demand, filters by the patient a clinician just read and finds that read; the dark theme and compact tables
 * survive a reload.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

describe('PHI access log', () => {
  it("the auditor finds a clinician's read of a patient, with the chain verified", { timeout: 120_000 }, async () => {
    // A clinician opens a patient profile: the read the auditor will look for.
    const clinician = await b.newPage();
    await signInToDashboard(clinician.page, 'clinician@demo.test');
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

  it('break-glass: a reason opens a patient outside the licence states; a super admin sees it and reviews it', { timeout: 60_000 }, async () => {
    // Demo patient 400 lives in TX, where Jane's licence has expired (seed/bulk.sql.ts: md5('patient-400')::uuid).
    const patientId = createHash('md5')
      .update('patient-400')
      .digest('hex')
      .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/PatientProfile?patientId=${patientId}`);
    await page.getByRole('button', { name: BREAK_GLASS_TEXTS.action }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/are audited and reviewed by a super admin/).waitFor();
    await dialog.getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }).click();
    await dialog.getByText(BREAK_GLASS_TEXTS.reasonRequired).waitFor();
    await dialog.getByLabel(BREAK_GLASS_TEXTS.reasonLabel).fill('e2e: unconscious patient, allergies needed');
    await dialog.getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }).click();
    await page.getByText(/Emergency access \(break-glass\): this patient is outside your licence states\. Access ends at/).waitFor();
    await page.getByRole('tab', { name: 'Appointment', exact: true }).waitFor();

    const admin = (await b.newPage()).page;
    await signIn(admin, 'superadmin@demo.test');
    await admin.getByTestId('break-glass-count').getByRole('link', { name: BREAK_GLASS_TEXTS.openReview }).click();
    await admin.waitForURL(/\/break-glass/);
    const row = admin.getByRole('row').filter({ hasText: 'e2e: unconscious patient, allergies needed' });
    await row.getByRole('button', { name: BREAK_GLASS_TEXTS.review }).click();
    await admin.getByRole('dialog').getByLabel(BREAK_GLASS_TEXTS.reviewNoteLabel).fill('Justified');
    await admin.getByRole('dialog').getByRole('button', { name: BREAK_GLASS_TEXTS.review }).click();
    await row.getByText(BREAK_GLASS_TEXTS.reviewed).waitFor();
    expect(await row.innerText()).toContain('Justified');
  });
});
