import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_NOTE_TEXT, PATIENT_TEXT, TEMPLATES_TEXT } from '../../src/domain/i18n/en/chart-note';
import { DEMO_SCALE } from '../../src/server/db/seed/demo';
import { chooseOption, type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Chart notes end to end: Jane Doe writes a template in her profile, opens a kit, writes a chart note from
 * the template, saves a draft, reopens the dialog (the draft loads), submits it, and finds it in the
 * patient's Charting Notes tab; there it amends the published note (a pasted image is refused up front) and finds the
 * amendment linked to the note. Kit 397 is used by no other e2e file; by the seed (bulk.sql.ts) its
 * patient is number 1 + (397 * 31) % patients, in CA (one of Jane's valid states).
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const KIT = 'KT0000397';
const md5Uuid = (s: string) =>
  createHash('md5')
    .update(s)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const PATIENT_ID = md5Uuid(`patient-${1 + ((397 * 31) % DEMO_SCALE.patients)}`);
const stamp = Date.now().toString(36);
const MARKER = `E2E note ${stamp}`;
const TEMPLATE = `E2E visit ${stamp}`;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const editorOf = (scope: Locator | Page) => scope.locator('.ProseMirror');

async function openChartNoteDialog(page: Page) {
  await page.getByRole('button', { name: 'Create Chart Note' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(CHART_NOTE_TEXT.dialogTitle) });
  await editorOf(dialog).waitFor();
  return dialog;
}

describe('chart notes', () => {
  it('a clinician writes a note from a template on a kit, drafts, reopens, submits, and sees it on the patient', { timeout: 120_000 }, async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');

    // A template of her own (Manage Templates)
    await page.goto(`${portalUrl()}/profile`);
    await page.getByRole('tab', { name: TEMPLATES_TEXT.manageTemplates }).click();
    await page.getByRole('button', { name: TEMPLATES_TEXT.newTemplate }).click();
    await page.getByLabel(TEMPLATES_TEXT.name).fill(TEMPLATE);
    await editorOf(page).click();
    await page.keyboard.type('Hi {{patientName}}, seen today. {{clinicianName}}');
    await page.getByRole('button', { name: TEMPLATES_TEXT.save }).click();
    await toast(page, TEMPLATES_TEXT.created);
    await page.getByText(TEMPLATE).waitFor();

    // The kit: a note from the template, saved as a draft
    await page.goto(`${portalUrl()}/KitDetails?kitId=${KIT}`);
    let dialog = await openChartNoteDialog(page);
    const title = (await dialog.locator('#chart-note-title').innerText()).trim();
    const patientName = title.split(' – ')[1];
    expect(patientName).toMatch(/\w+ \w+/);
    await chooseOption(dialog.getByRole('combobox', { name: /^Template/ }), page.getByRole('option', { name: TEMPLATE }));
    await dialog.getByRole('button', { name: TEMPLATES_TEXT.applyTemplate }).click();
    await expect.poll(() => editorOf(dialog).innerText()).toBe(`Hi ${patientName}, seen today. Jane Doe`);
    await editorOf(dialog).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${MARKER}`);
    await dialog.getByRole('button', { name: CHART_NOTE_TEXT.saveDraft }).click();
    await toast(page, CHART_NOTE_TEXT.saved);
    await dialog.getByText(/^Draft saved as of /).waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5_000 }); // closes 2 s after the save

    // Reopened: the draft loads; submitted
    dialog = await openChartNoteDialog(page);
    await expect.poll(() => editorOf(dialog).innerText()).toContain(MARKER);
    await dialog.getByText(/^Draft saved as of /).waitFor();
    await dialog.getByRole('button', { name: CHART_NOTE_TEXT.submit }).click();
    await toast(page, CHART_NOTE_TEXT.saved);
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });

    // The patient's Charting Notes tab
    await page.goto(`${portalUrl()}/PatientProfile?patientId=${PATIENT_ID}&idType=sub`);
    await page.getByRole('heading', { name: patientName, level: 2 }).waitFor();
    await page.getByRole('tab', { name: PATIENT_TEXT.tabs.chartingNotes }).click();
    await page.getByRole('tab', { name: PATIENT_TEXT.tabs.chartingNotes, selected: true }).waitFor();
    await page.getByRole('textbox', { name: CHART_NOTE_TEXT.search }).fill(MARKER);
    await page.getByRole('button', { name: 'Search' }).click();
    const note = page.getByRole('article').filter({ hasText: MARKER });
    await note.waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await note.innerText()).toContain(CHART_NOTE_TEXT.published);
    expect(await note.innerText()).toContain(`Hi ${patientName}, seen today. Jane Doe ${MARKER}`);

    // Published: it is amended, not edited. A pasted image is refused up front; the amendment is a new linked note.
    expect(await note.getByRole('button', { name: /edit/i }).count()).toBe(0);
    await note.getByRole('button', { name: CHART_NOTE_TEXT.amend }).click();
    dialog = page.getByRole('dialog', { name: new RegExp(CHART_NOTE_TEXT.dialogTitle) });
    await editorOf(dialog).waitFor();
    await dialog.getByText(/^Amendment of the note by Jane Doe of /).waitFor();
    await expect.poll(() => editorOf(dialog).innerText()).toContain(MARKER);
    await editorOf(dialog).evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>shot</p><img src="data:image/png;base64,iVBORw0KGgo=">');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await dialog.getByText(CHART_NOTE_TEXT.pastedImage).waitFor();
    expect(await editorOf(dialog).locator('img').count()).toBe(0);
    expect(await editorOf(dialog).innerText()).not.toContain('shot');
    await editorOf(dialog).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Amended dose');
    await dialog.getByRole('button', { name: CHART_NOTE_TEXT.submit }).click();
    await toast(page, CHART_NOTE_TEXT.saved);
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    const amendment = page.getByRole('article').filter({ hasText: 'Amended dose' });
    await amendment.getByText(/^Amendment of the note by Jane Doe of /).waitFor();
    await note.getByText(CHART_NOTE_TEXT.amended, { exact: true }).waitFor();
    await note.getByText(/^Amended by Jane Doe on /).waitFor();
    expect(await page.getByRole('article').count()).toBe(2);
  });
});
