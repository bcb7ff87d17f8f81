import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CARDS, showsAttention } from '../../src/domain/dashboard/dashboard';
import { apiHeaders, expectNoSeriousA11yViolations, openBrowser, signIn, type E2eBrowser } from './browser';

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

describe('home dashboard Overview', () => {
  it('demo clinician: each of the nine cards shows the count its table reports', async () => {
    const { page, context } = await b.newPage();
    const summaryRequest = page.waitForRequest((r) => r.url().includes('/secure/dashboard/summary'));
    await signIn(page, 'clinician@demo.test');
    const authorization = (await summaryRequest).headers().authorization;
    await expect.poll(() => page.getByTestId('card-count').count(), { timeout: 20_000 }).toBe(9);
    await expectNoSeriousA11yViolations(page, 'dashboard');

    let linkedRows = 0;
    for (const card of DASHBOARD_CARDS) {
      const el = page.getByTestId(`dashboard-card-${card.key}`);
      const count = Number(await el.getByTestId('card-count').textContent());
      expect(Number.isInteger(count), card.title).toBe(true);
      expect(await el.getByRole('img', { name: 'Needs attention' }).count(), card.title).toBe(showsAttention(card, count) ? 1 : 0);

      if (card.link === 'inbox') {
        // Unread Messages goes to /inbox: compare with the card endpoint, called from the page with its own token.
        expect(await el.getByRole('link').getAttribute('href')).toBe('/inbox');
        const path = `/secure/dashboard/card/${card.key}`;
        const headers = apiHeaders(path, authorization);
        const total = await page.evaluate(
          async ({ url, headers }) => {
            const res = await fetch(url, { headers });
            return ((await res.json()) as { total: number }).total;
          },
          { url: `${path}?careLocation=ALL&stateMode=MY&page=1&perPage=1`, headers },
        );
        expect(total, card.title).toBe(count);
        continue;
      }

      await el.getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: card.title });
      const totalText = (await dialog.getByTestId('card-total').textContent()) ?? '';
      if (card === DASHBOARD_CARDS.find((c) => c.link !== 'inbox')) await expectNoSeriousA11yViolations(page, `dashboard: ${card.title} dialog`);
      expect(Number(/^(\d+) records?$/.exec(totalText)?.[1]), card.title).toBe(count);
      const links = dialog.getByRole('link');
      for (const link of await links.all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('href')).toMatch(card.link === 'booking' ? /^\/BookingDetails\?bookingId=/ : /^\/KitDetails\?kitId=KT/);
        linkedRows++;
      }
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(linkedRows).toBeGreaterThan(0);
    await context.close();
  });
});
