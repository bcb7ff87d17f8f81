import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits (at most 3 s) for the page's CSS transitions and animations that end (not spinners or skeleton pulses), as a
 * person waits for an opening panel or dialog before using it: an element inside an accordion still expanding moves
 * (the page's scroll anchoring follows the growing panel), so a click may press on it and release elsewhere.
 */
export async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))); // transitions started
    await Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity) // not spinners or skeleton pulses
          .map((a) => a.finished),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

export interface SeriousViolations {
  /** Serious and critical nodes in all. */
  nodes: number;
  /** One line per violated rule with its first offending elements. */
  report: string[];
}

/**
 * axe-core's default rules (WCAG 2.x A/AA and best practices) on the whole page as shown, nothing excluded: the serious
 * and critical violations.
 */
export async function seriousA11yViolations(page: Page): Promise<SeriousViolations> {
  // A dialog or menu still fading in is half transparent: axe would measure the blend of its colours with the backdrop.
  await transitionsDone(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    nodes: serious.reduce((n, v) => n + v.nodes.length, 0),
    report: serious.map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`)
          .join('\n')}`,
    ),
  };
}
