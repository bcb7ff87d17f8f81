import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { openBrowser, portalUrl, settled, signInToDashboard, type E2eBrowser } from './browser';

/** Field test finding 18: the lab tables' actions and pager are within reach without scrolling the page. */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

async function openRequests(page: Page) {
  await signInToDashboard(page, 'clinician@demo.test');
  await page.goto(`${portalUrl()}/request`);
  await page.locator('tbody tr').first().waitFor();
  await settled(page);
}

const inViewport = async (page: Page, selector: ReturnType<Page['locator']>) => {
  const box = await selector.boundingBox();
  const size = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
};

describe('lab table layout', () => {
  it('at 1400×900 the first row actions are visible without horizontal scrolling', async () => {
    const { page } = await b.newPage();
    await openRequests(page);
    const kitDetails = page.locator('tbody tr').first().getByRole('button', { name: LAB_TEXT.kitDetails });
    expect(await inViewport(page, kitDetails)).toBe(true);
    await page.context().close();
  });

  it('row shortcuts: j gives the first row a visible focus, Enter opens its kit details', async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    // In her states: no masked row (a masked row does not open)
    await page.goto(`${portalUrl()}/request?${new URLSearchParams({ filter: JSON.stringify({ queryType: 'ALL', myStates: true }) })}`);
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    await settled(page);
    await page.keyboard.press('j');
    expect(await first.evaluate((row) => row === document.activeElement && getComputedStyle(row).outlineStyle)).toBe('solid');
    // The row's own kit (seeded KT…, or LO… when the lab-order wizard's test ran first and its request is the newest)
    const kitId = (await first.innerText()).match(/\b(?:KT|LO)\d{7}\b/)?.[0];
    expect(kitId).toBeDefined();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/KitDetails' && url.searchParams.get('kitId') === kitId);
    await page.context().close();
  });

  it('at 1280×720 the pager is visible without scrolling the page', async () => {
    const { page } = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await openRequests(page);
    expect(await inViewport(page, page.getByText(/^1-\d+ of \d+$/).first())).toBe(true);
    await page.context().close();
  });
});
