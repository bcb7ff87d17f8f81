import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDITOR_STEPS,
  CLINICIAN_STEPS,
  NO_CALENDAR_STEPS,
  PENDING_STEPS,
  type ScreenStep,
  SIGNED_OUT_STEPS,
  STAFF_STEPS,
  SUPER_ADMIN_STEPS,
} from './a11y-screens';
import { seriousA11yViolations } from './axe';
import { type E2eBrowser, openBrowser, portalUrl, signIn } from './browser';

/**
 * axe-core's default rules on every screen of the portal, each dialog and drawer open, as every role sees it: no
 * serious or critical node anywhere. One browser context per role visits its screens in sequence (a11y-screens.ts).
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

const ROLES: Array<[string, string | null, ScreenStep[]]> = [
  ['clinician', 'clinician@demo.test', CLINICIAN_STEPS],
  ['support staff', 'staff@demo.test', STAFF_STEPS],
  ['auditor', 'auditor@demo.test', AUDITOR_STEPS],
  ['super admin', 'superadmin@demo.test', SUPER_ADMIN_STEPS],
  ['pending user', 'pending@demo.test', PENDING_STEPS],
  ['clinician without a calendar link', 'clinician.nocalendar@demo.test', NO_CALENDAR_STEPS],
  ['signed out', null, SIGNED_OUT_STEPS],
];

describe('accessibility: axe on every screen', () => {
  it.each(ROLES)('%s: 0 serious and 0 critical nodes', { timeout: 300_000 }, async (_role, email, steps) => {
    const { page, context } = await b.newPage();
    if (email) {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    }
    const found: string[] = [];
    for (const step of steps) {
      await step.open(page, portalUrl());
      const { report } = await seriousA11yViolations(page);
      if (report.length) found.push(`${step.name}:\n${report.join('\n')}`);
    }
    await context.close();
    expect(found).toEqual([]);
  });
});
