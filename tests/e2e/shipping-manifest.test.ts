import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_UI_TEXT } from '../../src/domain/i18n/en/kit';
import { type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, portalUrl, settled, signInToDashboard } from './browser';

/** Shipping Manifest as a react-admin List with the date-range check of field test finding 14. */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

describe('Shipping Manifest (staff)', () => {
  it('lists the seeded manifests with Print; a From after To is explained and never sent', async () => {
    const { page } = await b.newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/secure/kit/manifests') && r.status() >= 400) refused.push(r.url());
    });
    await signInToDashboard(page, 'staff@demo.test');
    await page.goto(`${portalUrl()}/shipping-manifest`);
    // Seeded ids are MF-<location>-<nnnn>, those made in the portal MF-<number>.
    await page
      .locator('tbody tr', { hasText: /MF-[A-Z0-9-]+/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: KIT_UI_TEXT.print }).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'shipping manifest');
    await page.getByLabel(KIT_UI_TEXT.fromDate).fill('2026-11-20');
    await page.getByLabel(KIT_UI_TEXT.toDate).fill('2026-11-10');
    await page.getByText(KIT_UI_TEXT.fromAfterTo).waitFor();
    await settled(page);
    expect(refused).toEqual([]);
    expect(await page.getByText(/querystring/).count()).toBe(0);
    await page.context().close();
  });
});
