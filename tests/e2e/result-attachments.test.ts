import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_UI_TEXT } from '../../src/domain/i18n/en/kit';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { chooseOption, type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * A result PDF filed with Create Test Report is listed on the kit's Test Details and opens in the PDF viewer through
 * its presigned link (GET /secure/file/presignedUrl?url=), as the clinician who filed it.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

/** A one-page PDF pdf.js reads. */
const PDF = Buffer.from(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<<>>>>endobj
4 0 obj<</Length 22>>stream
0 0 m 100 100 l S
endstream endobj
trailer<</Root 1 0 R/Size 5>>
%%EOF
`);

const kitIdOf = (i: number) => `KT${String(i).padStart(7, '0')}`;
const hasPatient = (i: number) => i % 23 !== 0;
const RESULT_STATUSES = [
  'NEEDS_CLINICIAN_REVIEW',
  'IN_PROGRESS',
  'NEEDS_CONSULT',
  'AUTO_RELEASE_SCHEDULED',
  'RESULTS_RELEASED',
  'COMPLETE',
  'PRE_PROCESS',
  'PENDING_REVIEW',
  'NO_PATIENT',
  'INCONCLUSIVE',
];
const resultEditable = (i: number) => !['RESULTS_RELEASED', 'COMPLETE'].includes(i % 10 >= 7 ? '' : RESULT_STATUSES[Math.floor(i / 7) % 10]);

/** Jane's APPROVED lab requests in her states whose result can still be created. */
async function approvedRequestOfMine(page: Page): Promise<string> {
  const query = new URLSearchParams({
    filter: JSON.stringify({ queryType: 'ASSIGNED', myStates: true }),
    page: '1',
    perPage: '50',
    sort: 'createDateTime',
    order: 'DESC',
  });
  await page.goto(`${portalUrl()}/request?${query}`);
  await page.locator('tbody tr').first().waitFor({ timeout: 20_000 });
  for (const row of await page.locator('tbody tr', { hasText: /\bAPPROVED\b|AUTO APPROVED/ }).all()) {
    const kitId = (await row.locator('td').nth(3).innerText()).trim();
    const i = Number(kitId.slice(2));
    if (kitIdOf(i) === kitId && hasPatient(i) && resultEditable(i)) return kitId;
  }
  throw new Error('no APPROVED request of Jane to report on');
}

describe('result attachments on Test Details', { timeout: 180_000 }, () => {
  it('the PDF filed with the test report is listed on /KitDetails and opens in the viewer', async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    const kitId = await approvedRequestOfMine(page);
    const row = page.locator('tbody tr', { hasText: kitId });
    await row.getByRole('button', { name: LAB_TEXT.createTestReport }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(LAB_TEXT.createTestReportTitle) });
    await dialog.getByTestId('test-entry').first().waitFor();
    for (const entry of await dialog.getByTestId('test-entry').all()) {
      await chooseOption(entry.getByRole('combobox'), page.getByRole('listbox').getByRole('option').nth(1));
    }
    await dialog.getByTestId('result-file-input').setInputFiles({ name: 'lab-report.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: LAB_TEXT.upload, exact: true }).click();
    await dialog.getByText(`${LAB_TEXT.uploaded}: `, { exact: false }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: LAB_TEXT.submit }).click();
    await page.getByText(LAB_TEXT.testCreated, { exact: true }).first().waitFor();

    await page.goto(`${portalUrl()}/KitDetails?kitId=${kitId}`);
    const attachments = page.getByRole('list', { name: KIT_UI_TEXT.attachments });
    const file = attachments.getByRole('button', { name: 'Result file 1 (PDF)' });
    await file.waitFor({ timeout: 20_000 });
    await file.click();
    const viewer = page.getByRole('dialog', { name: `Result file 1 (PDF) – ${kitId}` });
    await viewer.getByText('Page 1 of 1').waitFor({ timeout: 30_000 });
    expect(await page.getByText(KIT_UI_TEXT.attachmentUrlFailed).count()).toBe(0);
    await page.context().close();
  });
});
