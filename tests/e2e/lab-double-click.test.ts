import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../src/domain/i18n/en/kit';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, openLabList, portalUrl, settled, signInToDashboard } from './browser';

/**
 * Field test finding 2, end to end: a double click on the main action of each lab screen sends ONE request and shows
 * the success toast, never an error toast (Lab Requests: Approve and the Reject dialog's submit; Lab Results: Assign To
 * Me; Manage Lab Order: the Approve dialog's submit). Demo data as in lab.test.ts and lab-orders.test.ts; the lab
 * order kit here is any collected kit at the Las Vegas hub but the two lab-orders.test.ts uses.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

async function as(email: string): Promise<Page> {
  const { page } = await b.newPage();
  await signInToDashboard(page, email);
  return page;
}

/** Counts the requests of a method to a path from now on. */
function countRequests(page: Page, method: string, path: string) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) seen.push(r.url());
  });
  return seen;
}

/** A one-kit lab page (/result/{kitId}, /userrequest/{kitId}) once its row is shown. */
async function openKitPage(page: Page, path: string) {
  await page.goto(portalUrl() + path);
  await page.locator('tbody tr').first().waitFor();
  await settled(page);
}

/** After the success toast: no error toast or alert appeared (the second click's 409 would show one). */
async function noErrorShown(page: Page) {
  await settled(page);
  expect(await page.getByText(/Conflict|Failed|Error creating/).count()).toBe(0);
}

/** The Kit ID cell of a row: column 3 of the lab tables, column 1 (after the checkbox) of Manage Lab Order. */
const kitIdOf = async (row: Locator, column = 3) => (await row.locator('td').nth(column).innerText()).trim();

describe('a double click sends one request', () => {
  it('Lab Requests: Approve, then the Reject dialog submit', async () => {
    const page = await as('clinician@demo.test');
    await openLabList(page, '/request', { queryType: 'ASSIGNED', myStates: true });
    await expectNoSeriousA11yViolations(page, 'lab requests');
    const registered = page.locator('tbody tr', { hasText: 'REGISTERED' });
    expect(await registered.count()).toBeGreaterThanOrEqual(2);
    const approveKit = await kitIdOf(registered.nth(0));
    const rejectKit = await kitIdOf(registered.nth(1));

    const approves = countRequests(page, 'PUT', '/secure/labRequest/approve');
    await page.locator('tbody tr', { hasText: approveKit }).getByRole('button', { name: LAB_TEXT.approve, exact: true }).dblclick();
    await page.getByText(LAB_TEXT.approved, { exact: true }).first().waitFor();
    await noErrorShown(page);
    expect(approves).toHaveLength(1);

    const rejects = countRequests(page, 'PUT', '/secure/labRequest/reject');
    await page.locator('tbody tr', { hasText: rejectKit }).getByRole('button', { name: LAB_TEXT.reject, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(LAB_TEXT.internalNote).fill('Culture <no growth> after 48h (e2e)');
    await dialog.getByRole('button', { name: LAB_TEXT.reject, exact: true }).dblclick();
    await page.getByText(LAB_TEXT.rejectNoteAdded, { exact: true }).first().waitFor();
    await noErrorShown(page);
    expect(rejects).toHaveLength(1);
    await openKitPage(page, `/userrequest/${approveKit}`); // the case details of the request approved above
    await expectNoSeriousA11yViolations(page, 'lab request detail');
    await page.context().close();
  });

  it('Lab Results: Assign To Me', async () => {
    const page = await as('clinician@demo.test');
    await openLabList(page, '/result', { queryType: 'UNASSIGNED', myStates: true });
    await expectNoSeriousA11yViolations(page, 'lab results');
    const row = page
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: LAB_TEXT.assignToMe, disabled: false }) })
      .last();
    const kitId = await kitIdOf(row);
    const assigns = countRequests(page, 'PUT', '/secure/testResult/assign');
    await page.locator('tbody tr', { hasText: kitId }).getByRole('button', { name: LAB_TEXT.assignToMe }).dblclick();
    await page.getByText(LAB_TEXT.assignedToYou, { exact: true }).first().waitFor();
    await noErrorShown(page);
    expect(assigns).toHaveLength(1);
    await openKitPage(page, `/result/${kitId}`); // the kit's result detail, now that the result is hers
    await expectNoSeriousA11yViolations(page, 'result detail');
    await page.context().close();
  });

  it('Manage Lab Order: the Approve dialog submit', async () => {
    const page = await as('staff@demo.test');
    await page.goto(`${portalUrl()}/manage-lab-order`);
    await page.getByText(KIT_TEXTS.selectCareLocation).waitFor();
    await page.getByLabel('Care location').selectOption('CHARLESTON_NV_89104');
    await page.locator('tbody tr').first().waitFor();
    await settled(page);
    // Any collected kit but the two lab-orders.test.ts ships.
    await expectNoSeriousA11yViolations(page, 'manage lab order');
    const row = page
      .locator('tbody tr')
      .filter({ hasNotText: /KT0000050|KT0000080/ })
      .first();
    const kitId = await kitIdOf(row, 1);
    await page.getByRole('checkbox', { name: `Select this row ${kitId}` }).check();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve lab orders' });
    await dialog.getByLabel('Comment').fill('Double click (e2e)');
    const approves = countRequests(page, 'PATCH', '/secure/kit/approveLabOrderSamples');
    await dialog.getByRole('button', { name: 'Submit' }).dblclick();
    await page.getByText(KIT_TEXTS.success.approve, { exact: true }).first().waitFor();
    await noErrorShown(page);
    expect(approves).toHaveLength(1);
    await page.context().close();
  });
});

describe('live updates: two users at once', () => {
  it("a lab request one user assigns leaves the other user's Unassigned list within 2 s, without a reload", async () => {
    const [jane, admin] = await Promise.all([as('clinician@demo.test'), as('superadmin@demo.test')]);
    await openLabList(jane, '/request', { queryType: 'UNASSIGNED', myStates: true });
    const row = jane
      .locator('tbody tr')
      .filter({ has: jane.getByRole('button', { name: LAB_TEXT.assignToMe, disabled: false }) })
      .first();
    const kitId = await kitIdOf(row);
    const loads: string[] = [];
    jane.on('load', () => loads.push(jane.url()));
    await openLabList(admin, '/request', { queryType: 'UNASSIGNED', kitId });
    await admin.locator('tbody tr', { hasText: kitId }).getByRole('button', { name: LAB_TEXT.assignToMe }).click();
    await admin.getByText(LAB_TEXT.assignedToYou, { exact: true }).first().waitFor();
    await jane.locator('tbody tr', { hasText: kitId }).waitFor({ state: 'detached', timeout: 2000 });
    expect(loads).toEqual([]); // the list refetched; the page was not reloaded
    await Promise.all([jane.context().close(), admin.context().close()]);
  });
});
