import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AUDITOR_STEPS,
  INACTIVE_STEPS,
  NO_CALENDAR_STEPS,
  NO_LICENCE_STEPS,
  OPS_STEPS,
  PENDING_STEPS,
  SIGNED_OUT_STEPS,
  STAFF_STEPS,
  SUPER_ADMIN_STEPS,
} from './a11y-roles';
import { CLINICIAN_STEPS, type ScreenStep } from './a11y-screens';
import { seriousA11yViolations } from './axe';
import { type E2eBrowser, openBrowser, portalUrl, signIn } from './browser';

/**
 * axe-core's default rules on every screen of the portal, each dialog and drawer open, as every role sees it: no
 * serious or critical node anywhere. One browser context per role visits its screens in sequence (a11y-screens.ts,
 * a11y-roles.ts).
 */
let b: E2eBrowser;
let db: pg.Pool;
beforeAll(async () => {
  b = await openBrowser();
  db = new pg.Pool({ connectionString: inject('portalDatabaseUrl'), max: 1 });
});
afterAll(async () => {
  await b?.close();
  await db?.end();
});

/**
 * The clinician's licences removed for the walk and put back (same rows) afterwards, whatever happened: the onboarding
 * dialog shows only without a licence, and another file adds one to this clinician.
 */
async function withoutLicences(email: string): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ row: unknown }>(
    `DELETE FROM licences WHERE clinician_id = (SELECT id FROM clinicians WHERE email = $1) RETURNING row_to_json(licences.*) AS row`,
    [email],
  );
  return async () => {
    for (const { row } of rows)
      await db.query(`INSERT INTO licences SELECT * FROM json_populate_record(NULL::licences, $1::json)`, [JSON.stringify(row)]);
  };
}

interface Role {
  email: string | null;
  steps: ScreenStep[];
  /** The user never gets past the sign-in (an INACTIVE clinician is signed out again). */
  refused?: true;
  /** Puts the data the screens need in place; returns what puts it back. */
  prepare?: () => Promise<() => Promise<void>>;
}

const ROLES: Array<[string, Role]> = [
  ['clinician', { email: 'clinician@demo.test', steps: CLINICIAN_STEPS }],
  ['support staff', { email: 'staff@demo.test', steps: STAFF_STEPS }],
  ['operation support', { email: 'ops@demo.test', steps: OPS_STEPS }],
  ['auditor', { email: 'auditor@demo.test', steps: AUDITOR_STEPS }],
  ['super admin', { email: 'superadmin@demo.test', steps: SUPER_ADMIN_STEPS }],
  ['pending user', { email: 'pending@demo.test', steps: PENDING_STEPS }],
  ['clinician without a calendar link', { email: 'clinician.nocalendar@demo.test', steps: NO_CALENDAR_STEPS }],
  [
    'clinician without a licence',
    { email: 'clinician.nolicense@demo.test', steps: NO_LICENCE_STEPS, prepare: () => withoutLicences('clinician.nolicense@demo.test') },
  ],
  ['inactive clinician', { email: 'clinician.inactive@demo.test', steps: INACTIVE_STEPS, refused: true }],
  ['signed out', { email: null, steps: SIGNED_OUT_STEPS }],
];

describe('accessibility: axe on every screen', () => {
  it.each(ROLES)('%s: 0 serious and 0 critical nodes', { timeout: 300_000 }, async (_role, { email, steps, refused, prepare }) => {
    const restore = await prepare?.();
    const { page, context } = await b.newPage();
    const found: string[] = [];
    try {
      if (email) {
        await signIn(page, email);
        if (!refused) await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
      }
      for (const step of steps) {
        await step.open(page, portalUrl());
        const { report } = await seriousA11yViolations(page);
        if (report.length) found.push(`${step.name}:\n${report.join('\n')}`);
      }
    } finally {
      await context.close().catch(() => undefined);
      await restore?.();
    }
    expect(found).toEqual([]);
  });
});
