import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_TEXTS } from '../../src/domain/i18n/en/kit';
import { openBrowser, portalUrl, signInToDashboard, type E2eBrowser } from './browser';

/**
 * Manage Lab Order end to end, against the demo data (src/server/db/seed/bulk.sql.ts): kit KT<i> is
 * SAMPLE_COLLECTED_PENDING_REVIEW when i % 10 == 0 and at the Las Vegas hub (CHARLESTON_NV_89104) when (i / 10) % 3 == 2,
 * with a patient unless i % 23 == 0. KT0000050 and KT0000080 are such kits; no other e2e file changes kit statuses.
 * Support staff approves both, creates their shipping manifest, prints it and confirms the shipment.
 */

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const KITS = ['KT0000050', 'KT0000080'];
const TRACKING = `1ZE2E${String(Date.now()).slice(-10)}`;

const row = (page: Page, kitId: string) => page.locator('tbody tr', { hasText: kitId });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function openStep(page: Page, step: 'COLLECTED' | 'APPROVED' | 'CONFIRM') {
  await page.getByTestId(`step-${step}`).click();
  await page.locator('tbody tr').first().waitFor();
}

async function selectKits(page: Page) {
  for (const kitId of KITS) {
    await row(page, kitId).waitFor();
    await page.getByRole('checkbox', { name: `Select this row ${kitId}` }).check();
  }
  await page.getByText(`${KITS.length} selected`).waitFor();
}

async function withComment(page: Page, dialogName: string, comment: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

describe('Manage Lab Order (staff at the Las Vegas hub)', () => {
  it('approves two collected samples, creates and prints their manifest, confirms shipment, and the kits leave the view', async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'staff@demo.test');
    await page.goto(`${portalUrl()}/manage-lab-order`);
    await page.getByText(KIT_TEXTS.selectCareLocation).waitFor();
    await page.getByLabel('Care location').selectOption('CHARLESTON_NV_89104');

    // 1. Collected Samples -> Approve
    await page.locator('tbody tr').first().waitFor();
    await selectKits(page);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await withComment(page, 'Approve lab orders', 'Samples look good (e2e)');
    await toast(page, KIT_TEXTS.success.approve);
    for (const kitId of KITS) await row(page, kitId).waitFor({ state: 'detached' });

    // 2. Approved Samples -> Shipping Manifest (UPS), print it
    await openStep(page, 'APPROVED');
    await selectKits(page);
    await page.getByRole('button', { name: 'Create Shipping Manifest', exact: true }).click();
    const manifest = page.getByRole('dialog', { name: 'Shipping Manifest' });
    await manifest.getByLabel(/Tracking number/).fill(TRACKING);
    await manifest.getByLabel('Shipping provider').selectOption('UPS');
    await manifest.getByRole('button', { name: 'Submit' }).click();
    await manifest.getByText(KIT_TEXTS.success.manifest).waitFor();
    expect(await manifest.getByLabel(/Tracking number/).isDisabled()).toBe(true);
    await manifest.getByRole('button', { name: 'Print manifest' }).click();
    const viewer = page.getByRole('dialog', { name: /^Shipping manifest MF-\d{6}$/ });
    await viewer.locator('canvas').first().waitFor();
    await viewer.getByText('Page 1 of 1').waitFor();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await manifest.getByRole('button', { name: 'Close' }).click();
    for (const kitId of KITS) await row(page, kitId).waitFor({ state: 'detached' });

    // 3. Confirm Shipment: the kits carry the tracking number; confirming clears them from every step
    await openStep(page, 'CONFIRM');
    for (const kitId of KITS) expect(await row(page, kitId).innerText()).toContain(TRACKING);
    await selectKits(page);
    await page.getByRole('button', { name: 'Confirm Shipment', exact: true }).click();
    await withComment(page, 'Confirm shipment', 'Picked up by UPS (e2e)');
    await toast(page, KIT_TEXTS.success.confirmShipment);
    for (const kitId of KITS) await row(page, kitId).waitFor({ state: 'detached' });
    for (const step of ['COLLECTED', 'APPROVED'] as const) {
      await openStep(page, step);
      for (const kitId of KITS) expect(await row(page, kitId).count()).toBe(0);
    }
    await context.close();
  });
});
