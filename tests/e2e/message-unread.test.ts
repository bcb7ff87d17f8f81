import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loaded } from './a11y-screens';
import { type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Unread messages look unread in every cell of their row (spec 3 §2: unread rows are bold and grey): a cell with a
 * background of its own (a column kept in view while the table scrolls sideways) shows the row's grey too.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

/**
 * Each row's cells (or each card) as painted: the colour each shows (its own and its ancestors' backgrounds composited over white,
 * a solid gradient counted once) and whether the row is bold (unread).
 */
const paintedRows = (page: Page, rowSelector: string, cellSelector: string) =>
  page.locator(rowSelector).evaluateAll((rows, cellSel) => {
    const rgba = (c: string) => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const [r, g, bl, a = '1'] = m[1].split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(bl), Number(a)];
    };
    const painted = (el: Element) => {
      const layers: number[][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        const image = rgba(s.backgroundImage);
        if (image) layers.push(image);
        const colour = rgba(s.backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      let out = [255, 255, 255];
      for (const [r, g, bl, a] of layers.reverse()) out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), bl * a + out[2] * (1 - a)];
      return out.map(Math.round).join(',');
    };
    return rows.map((row) => {
      const cells = cellSel ? [...row.querySelectorAll(cellSel)] : [row];
      return {
        text: (row as HTMLElement).innerText,
        bold: cells.some((td) => Number(getComputedStyle(td).fontWeight) >= 700),
        cells: cells.map(painted),
        sticky: cells.map((td) => getComputedStyle(td).position === 'sticky'),
      };
    });
  }, cellSelector);

async function openInbox(page: Page, row: string) {
  await page.goto(`${portalUrl()}/inbox`);
  await page.getByRole('group', { name: 'States' }).getByRole('button', { name: 'All States' }).click();
  await page.locator(row).first().waitFor({ timeout: 30_000 });
  await loaded(page);
  await page.mouse.move(0, 0); // no row under the pointer (a hovered row is grey too)
}

describe('unread messages in the message lists', () => {
  it('at 1400 px every cell of an unread row, a sticky one too, shows the unread grey', { timeout: 120_000 }, async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test', { timeout: 30_000 });
    await openInbox(page, 'main tbody tr');
    const rows = await paintedRows(page, 'main tbody tr', 'td');
    await context.close();
    const unread = rows.filter((r) => r.bold);
    const read = rows.filter((r) => !r.bold);
    expect(unread.length, 'unread rows in the inbox').toBeGreaterThan(0);
    expect(read.length, 'read rows in the inbox').toBeGreaterThan(0);
    // Column by column (the page and a cell kept in view have different plain backgrounds): an unread cell is grey.
    for (const row of unread) {
      row.cells.forEach((colour, i) => {
        expect(colour, `column ${i + 1}${row.sticky[i] ? ' (sticky)' : ''} of an unread row: grey, not the read rows' ${read[0].cells[i]}`).not.toBe(
          read[0].cells[i],
        );
      });
    }
  });

  it('at 390 px an unread message is a bold, grey card labelled Unread', { timeout: 120_000 }, async () => {
    const { page, context } = await b.newPage({ width: 390, height: 844 });
    await signInToDashboard(page, 'clinician@demo.test', { timeout: 30_000 });
    await openInbox(page, 'main li.MuiCard-root');
    const cards = await paintedRows(page, 'main li.MuiCard-root', '');
    await context.close();
    const unread = cards.filter((c) => c.bold);
    const read = cards.filter((c) => !c.bold);
    expect(unread.length, 'unread cards in the inbox').toBeGreaterThan(0);
    expect(read.length, 'read cards in the inbox').toBeGreaterThan(0);
    for (const card of unread) {
      expect(card.text).toMatch(/\bUnread\b/);
      expect(card.cells[0], 'an unread card is grey').not.toBe(read[0].cells[0]);
    }
    for (const card of read) expect(card.text).not.toMatch(/\bUnread\b/);
  });
});
