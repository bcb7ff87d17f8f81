import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../src/domain/i18n/en/break-glass';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { MASK } from '../../src/domain/shared/masking';
import { chooseOption, type E2eBrowser, openBrowser, openLabList, portalUrl, settled, signInToDashboard } from './browser';

/**
 * The lab area end to end, against the demo data (src/server/db/seed/bulk.sql.ts): Jane Doe assigns a
 * result to herself, creates test results on her APPROVED requests and sends them (a positive path and
 * an inconclusive one with the resolution tick); an auditor sees TX rows unmasked, Jane sees them masked.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

// What the seed makes of kit number i (bulk.sql.ts): patient, state, lab request and test result status.
const STATES = ['NV', 'CO', 'CA', 'NY', 'TX', 'FL', 'WA', 'AZ', 'IL', 'GA', 'OR', 'UT', 'NM', 'MA', 'PA', 'NV', 'CO', 'CA'];
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
const kitIdOf = (i: number) => `KT${String(i).padStart(7, '0')}`;
const kitNumber = (kitId: string) => Number(kitId.slice(2));
const hasPatient = (i: number) => i % 23 !== 0;
const stateOf = (i: number) => (hasPatient(i) ? STATES[(1 + ((i * 31) % 400)) % 18] : null);
const resultStatusOf = (i: number) => (i % 10 >= 7 ? null : RESULT_STATUSES[Math.floor(i / 7) % 10]);
/** A test result can be (re)created while the kit's result is not released or complete. */
const resultEditable = (i: number) => !['RESULTS_RELEASED', 'COMPLETE'].includes(resultStatusOf(i) ?? '');

async function as(email: string): Promise<Page> {
  const { page } = await b.newPage();
  await signInToDashboard(page, email);
  return page;
}

const rowOf = (page: Page, kitId: string) => page.locator('tbody tr', { hasText: kitId });
const cell = (row: Locator, column: number) => row.locator('td').nth(column);
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

/** Results Status of a kit in the Lab Results table (fresh from the server). */
async function resultStatus(page: Page, kitId: string) {
  await openLabList(page, '/result', { queryType: 'ALL', myStates: false, q: kitId });
  const row = rowOf(page, kitId);
  await row.waitFor();
  return (await cell(row, 4).innerText()).trim();
}

/** Kits of APPROVED lab requests assigned to the viewer whose test result can still be created (patient, valid state). */
async function approvedRequestsOfMine(page: Page): Promise<string[]> {
  await openLabList(page, '/request', { queryType: 'ASSIGNED', myStates: true });
  const rows = page.locator('tbody tr', { hasText: /\bAPPROVED\b|AUTO APPROVED/ });
  const kits: string[] = [];
  for (const row of await rows.all()) {
    const kitId = (await cell(row, 3).innerText()).trim();
    const i = kitNumber(kitId);
    if (hasPatient(i) && resultEditable(i)) kits.push(kitId);
  }
  return kits;
}

/** Create Test Report on a request row: every entry gets its first option; `extra` adds an "Other" entry. */
async function createTestReport(page: Page, kitId: string, extra?: { testName: string; custom: string }) {
  const row = rowOf(page, kitId);
  await row.getByRole('button', { name: LAB_TEXT.createTestReport }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(LAB_TEXT.createTestReportTitle) });
  await dialog.getByTestId('test-entry').first().waitFor();
  for (const entry of await dialog.getByTestId('test-entry').all()) {
    await chooseOption(entry.getByRole('combobox'), page.getByRole('listbox').getByRole('option').nth(1)); // the first real option (after "—")
  }
  if (extra) {
    await dialog.getByLabel(LAB_TEXT.testName).fill(extra.testName);
    const add = dialog.getByRole('button', { name: LAB_TEXT.addTest });
    await chooseOption(add.locator('..').getByRole('combobox'), page.getByRole('option', { name: 'Other', exact: true }));
    await dialog.getByLabel(LAB_TEXT.customValue).last().fill(extra.custom);
    await add.click();
    await dialog.getByText(extra.testName).waitFor();
  }
  await dialog.getByRole('button', { name: LAB_TEXT.submit }).click();
  await toast(page, LAB_TEXT.testCreated);
  await dialog.waitFor({ state: 'detached' });
}

/** Send Results from the Lab Results table; `resolve` ticks "This has been resolved" first (after checking it is required). */
async function sendResults(page: Page, kitId: string, notes: string, resolve: boolean) {
  await openLabList(page, '/result', { queryType: 'ALL', myStates: false, q: kitId });
  const row = rowOf(page, kitId);
  await row.getByRole('button', { name: LAB_TEXT.sendResults }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(LAB_TEXT.sendResultsTitle) });
  if (resolve) {
    await dialog.getByText(LAB_TEXT.rejectedResultsNotice).waitFor();
    await dialog.getByRole('button', { name: LAB_TEXT.continue }).click();
    await dialog.getByText(LAB_TEXT.mustResolve).waitFor();
    await dialog.getByLabel(LAB_TEXT.thisHasBeenResolved).check();
    await dialog.getByRole('button', { name: LAB_TEXT.continue }).click();
  }
  await dialog.getByText(LAB_TEXT.releaseNotesTitle).waitFor();
  expect(await dialog.getByText(LAB_TEXT.rejectedResultsNotice).count()).toBe(0);
  await dialog.getByLabel(LAB_TEXT.notesToPatient).fill(notes);
  await dialog.getByRole('button', { name: LAB_TEXT.send, exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: LAB_TEXT.confirmSend });
  await confirm.getByRole('button', { name: LAB_TEXT.send, exact: true }).click();
  await toast(page, LAB_TEXT.resultReleaseSuccess);
}

describe('lab area as clinician Jane Doe, then as auditor', () => {
  it('assigns an unassigned NEEDS_CLINICIAN_REVIEW result to herself', async () => {
    const page = await as('clinician@demo.test');
    await page.getByRole('menuitem', { name: 'Lab Results', exact: true }).click();
    await page.getByRole('heading', { name: LAB_TEXT.labResultsTitle, level: 1 }).waitFor();
    const myStatesLoaded = page.waitForResponse((r) => r.url().includes('/secure/testResult?') && r.url().includes('myStates=true'));
    await page.getByRole('button', { name: LAB_TEXT.myStates }).click();
    await toast(page, LAB_TEXT.showingMyStates);
    await myStatesLoaded; // as a person would: the list has changed before the next filter
    const unassignedLoaded = page.waitForResponse((r) => r.url().includes('queryType=UNASSIGNED') && r.url().includes('myStates=true'));
    await chooseOption(
      page.getByRole('combobox', { name: new RegExp(LAB_TEXT.queryType) }),
      page.getByRole('option', { name: LAB_TEXT.queryUnassigned }),
    );
    await unassignedLoaded;
    await settled(page);
    const row = page.locator('tbody tr', { hasText: 'NEEDS_CLINICIAN_REVIEW' }).filter({ hasText: LAB_TEXT.unassigned }).first();
    await row.getByRole('button', { name: LAB_TEXT.assignToMe }).waitFor();
    const kitId = (await cell(row, 3).innerText()).trim();
    // Click in the row of that kit (the "first unassigned row" locator could point elsewhere after a re-render).
    await rowOf(page, kitId).getByRole('button', { name: LAB_TEXT.assignToMe }).click();
    await toast(page, LAB_TEXT.assignedToYou);
    await rowOf(page, kitId)
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined); // the list refetches
    // From the server, fresh: no longer in the unassigned list.
    const fresh = page.waitForResponse((r) => r.url().includes('queryType=UNASSIGNED') && r.url().includes(`q=${kitId}`));
    const query = new URLSearchParams({ filter: JSON.stringify({ queryType: 'UNASSIGNED', myStates: false, q: kitId }), page: '1', perPage: '50' });
    await page.goto(`${portalUrl()}/result?${query}`);
    expect((await (await fresh).json()).total).toBe(0);
    await settled(page);
    expect(await rowOf(page, kitId).count()).toBe(0);

    await openLabList(page, '/result', { queryType: 'ASSIGNED', myStates: false, q: kitId });
    const mine = rowOf(page, kitId);
    await mine.waitFor();
    expect((await cell(mine, 5).innerText()).trim()).toBe('Jane Doe');
    expect(await mine.getByRole('button', { name: LAB_TEXT.sendResults }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('creates test results on two of her APPROVED requests and sends them: positive, then inconclusive with the resolution tick', async () => {
    const page = await as('clinician@demo.test');
    const kits = await approvedRequestsOfMine(page);
    expect(kits.length).toBeGreaterThanOrEqual(2);
    const [positive, inconclusive] = kits;

    await createTestReport(page, positive);
    await createTestReport(page, inconclusive, { testName: 'Trichomonas vaginalis (retest)', custom: 'Indeterminate' });
    for (const kitId of [positive, inconclusive]) {
      await openLabList(page, '/request', { queryType: 'ALL', myStates: false, q: kitId });
      await rowOf(page, kitId).getByText('REPORT_READY').waitFor();
      expect(await resultStatus(page, kitId)).toBe('NEEDS_CLINICIAN_REVIEW');
    }

    await sendResults(page, positive, 'Your results are ready. Please book a consultation so we can discuss them.', false);
    expect(await resultStatus(page, positive)).toBe('RESULTS_RELEASED');
    expect(await rowOf(page, positive).getByRole('button', { name: LAB_TEXT.viewNotesForPatient }).isEnabled()).toBe(true);
    expect(await rowOf(page, positive).getByRole('button', { name: LAB_TEXT.sendResults }).count()).toBe(0);

    await sendResults(page, inconclusive, 'One result was inconclusive; a new kit is on its way.', true);
    expect(await resultStatus(page, inconclusive)).toBe('RESULTS_RELEASED');
    await page.context().close();
  });

  it("rows in TX (Jane's expired licence) are XXXXXX for her and readable for the auditor", async () => {
    let i = 1;
    while (!(hasPatient(i) && resultStatusOf(i) && stateOf(i) === 'TX')) i += 1;
    const kitId = kitIdOf(i);

    const clinician = await as('clinician@demo.test');
    await openLabList(clinician, '/result', { queryType: 'ALL', myStates: false, q: kitId });
    const masked = rowOf(clinician, kitId);
    await masked.waitFor();
    expect((await cell(masked, 0).innerText()).trim()).toBe(MASK);
    expect((await cell(masked, 14).innerText()).trim()).toBe(MASK);
    // Every action is disabled but "Emergency access" (break-glass by the kit id).
    for (const button of await masked.getByRole('button').all()) {
      expect(await button.isDisabled()).toBe((await button.textContent())?.trim() !== BREAK_GLASS_TEXTS.action);
    }
    await clinician.context().close();

    const auditor = await as('auditor@demo.test');
    await openLabList(auditor, '/result', { queryType: 'ALL', myStates: false, q: kitId });
    const open = rowOf(auditor, kitId);
    await open.waitFor();
    expect((await cell(open, 14).innerText()).trim()).toBe('TX');
    expect((await cell(open, 0).innerText()).trim()).not.toBe(MASK);
    expect(await open.getByText(MASK, { exact: true }).count()).toBe(0);
    await auditor.context().close();
  });
});
