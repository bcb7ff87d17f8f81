import type { Page } from 'playwright-core';
import { E2E_BOOKING_ID, E2E_PAYMENT_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { transitionsDone } from './axe';
import { settled } from './browser';

/**
 * Every screen of the portal as each role sees it, with each dialog and drawer open: the steps the accessibility
 * suite walks in sequence, one browser context per role (the clinician's here, the other roles' in a11y-roles.ts). A step reads only (it opens, never submits), so the demo
 * data the other e2e files rely on is left as it was. `base` is the portal's URL.
 */
export interface ScreenStep {
  name: string;
  open: (page: Page, base: string) => Promise<void>;
}

/** No request in flight for a moment and no loading indicator in the page: the screen has its data. */
export async function loaded(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await settled(page, 300);
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          'main .MuiCircularProgress-indeterminate, [role="dialog"] .MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate, .MuiSkeleton-root',
        ),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // a screen that keeps a spinner is checked as it is
  await transitionsDone(page);
}

/** Goes to `path` and waits for its main heading (or content) to load. */
export const visit =
  (path: string): ScreenStep['open'] =>
  async (page, base) => {
    await page.goto(base + path);
    await page.locator('main, [role="main"], form, h1').first().waitFor({ timeout: 30_000 });
    await loaded(page);
  };

export const dialogOpen = async (page: Page, name?: string | RegExp) => {
  await page
    .getByRole('dialog', name ? { name } : {})
    .last()
    .waitFor({ timeout: 20_000 });
  await loaded(page);
};

/** Ticks the first row of the page's table that can be selected (a masked row cannot). */
export const tickFirstRow = (page: Page) => page.locator('main tbody tr input[type="checkbox"]:not([disabled])').first().check();

/** Presses the page's `button` (e.g. an action on the ticked kits) and waits for its dialog `dialog`. */
export async function pressForDialog(page: Page, button: string, dialog: string) {
  await page.locator('main').getByRole('button', { name: button, exact: true }).click();
  await dialogOpen(page, dialog);
}

/** Opens a Manage Lab Order step (APPROVED, CONFIRM, ...) and waits for its kits. */
export async function openKitStep(page: Page, step: string) {
  await page.getByTestId(`step-${step}`).click();
  await page.locator(`[data-testid="step-${step}"][aria-pressed="true"]`).waitFor();
  await page.locator('main tbody tr').first().waitFor({ timeout: 30_000 });
  await loaded(page);
}

/** Escape closes the open dialog, as a person closes it (a dialog that stays open fails the step). */
export const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').last().waitFor({ state: 'hidden', timeout: 5_000 });
};

/** The booking detail's "Select Action" entry whose label starts with `label`. */
const bookingAction = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Select Action' }).getByRole('button', { name: new RegExp(`^\\d+\\. ${label}`) });

/**
 * The kit of the first row of her assigned lab requests or results in her states: Case Details and Older Lab Results
 * list only the clinician's assigned request or result of a kit (the lists' default, All, starts with others' kits).
 */
async function firstKitId(page: Page, path: '/request' | '/result'): Promise<string> {
  await page.goto(`${base(page)}${path}?${new URLSearchParams({ filter: JSON.stringify({ queryType: 'ASSIGNED', myStates: true }) })}`);
  const cell = page.locator('tbody tr td.column-kitId').first();
  await cell.waitFor({ timeout: 30_000 });
  return (await cell.innerText()).trim().split(/\s/)[0];
}
const base = (page: Page) => new URL(page.url()).origin;

/** The screens and dialogs of a clinician with licences and a calendar link (Jane Doe). */
export const CLINICIAN_STEPS: ScreenStep[] = [
  { name: 'dashboard', open: visit('/') },
  {
    name: 'dashboard: card dialog',
    open: async (page) => {
      await page.locator('[data-testid^="dashboard-card-"] button').first().click();
      await dialogOpen(page);
    },
  },
  {
    name: 'command palette',
    open: async (page) => {
      await closeDialog(page);
      await page.keyboard.press('Control+k');
      await dialogOpen(page);
    },
  },
  {
    name: 'keyboard shortcuts help',
    open: async (page) => {
      await closeDialog(page);
      await page.keyboard.press('Shift+Slash');
      await dialogOpen(page);
    },
  },
  {
    name: 'inbox',
    open: async (page, b) => {
      await closeDialog(page);
      await visit('/inbox')(page, b);
      await page.locator('tbody tr').first().waitFor();
      await loaded(page);
    },
  },
  {
    name: 'inbox: update status dialog',
    open: async (page) => {
      await page.locator('tbody tr input[type="checkbox"]:not([disabled])').first().check();
      await page.getByRole('button', { name: 'Update Status' }).first().click();
      await dialogOpen(page, 'Update Status');
    },
  },
  {
    name: 'inbox: sent',
    open: async (page) => {
      await closeDialog(page);
      await page.getByRole('navigation', { name: 'Messages menu' }).getByRole('button', { name: /Sent/ }).first().click();
      await loaded(page);
    },
  },
  { name: 'inbox: compose', open: visit('/inbox?action=compose') },
  {
    name: 'message detail',
    open: async (page, b) => {
      await visit('/inbox')(page, b);
      const subject = page.locator('tbody tr td button').first();
      await subject.waitFor();
      const [detail] = await Promise.all([page.context().waitForEvent('page'), subject.click()]);
      const url = detail.url();
      await detail.close();
      await page.goto(url);
      await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
      await loaded(page);
    },
  },
  {
    name: 'message detail: reply',
    open: async (page) => {
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await loaded(page);
    },
  },
  { name: 'find appointments', open: visit('/bookings') },
  {
    name: 'calendar: week',
    open: async (page, b) => {
      await visit('/booking-calendar')(page, b);
      await page.locator('.rbc-calendar').waitFor();
      await loaded(page);
    },
  },
  ...(['Month', 'Day', 'Agenda'] as const).map((view): ScreenStep => ({
    name: `calendar: ${view.toLowerCase()}`,
    open: async (page) => {
      await page.getByRole('button', { name: view, exact: true }).click();
      await loaded(page);
    },
  })),
  {
    name: 'booking detail',
    open: async (page, b) => {
      await page.goto(`${b}/BookingDetails?bookingId=${E2E_BOOKING_ID}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
      await loaded(page);
    },
  },
  {
    name: 'booking detail: collect payment',
    open: async (page) => {
      await page.locator('[data-section="orderSummary"]').getByRole('button', { name: 'Collect Payment' }).click();
      await dialogOpen(page, 'Collect Payment');
    },
  },
  {
    name: 'booking detail: lab order wizard',
    open: async (page) => {
      await closeDialog(page);
      await bookingAction(page, 'Lab order request').click();
      await dialogOpen(page);
    },
  },
  {
    name: 'booking detail: follow-up',
    open: async (page) => {
      await closeDialog(page);
      await bookingAction(page, 'Schedule Follow-up Appointment').click();
      await dialogOpen(page);
    },
  },
  {
    name: 'booking detail: transcription',
    open: async (page) => {
      await closeDialog(page);
      const section = page.locator('[data-section="transcription"]');
      const toggle = section.getByRole('button', { name: 'Transcription', exact: true });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
      await section.getByRole('button', { name: 'New Transcription' }).click();
      await dialogOpen(page, /Transcription/);
    },
  },
  {
    name: 'payment',
    open: async (page, b) => {
      // The transcription dialog ignores Escape (a visit being recorded is not lost to a stray key): its Close button.
      const transcription = page.getByRole('dialog', { name: /Transcription/ });
      await transcription.getByRole('button', { name: 'Close', exact: true }).click();
      await transcription.waitFor({ state: 'hidden' });
      await visit(`/Payment?ref=booking&id=${E2E_PAYMENT_BOOKING_ID}`)(page, b);
    },
  },
  {
    name: 'lab requests',
    open: async (page, b) => {
      await visit('/request')(page, b);
      await page.locator('tbody tr').first().waitFor();
      await loaded(page);
    },
  },
  {
    name: 'lab requests: break-glass',
    open: async (page, b) => {
      const query = new URLSearchParams({ filter: JSON.stringify({ queryType: 'ALL', myStates: false }) });
      await visit(`/request?${query}`)(page, b);
      await page.getByRole('button', { name: 'Emergency access' }).first().click();
      await dialogOpen(page);
    },
  },
  {
    name: 'case details',
    open: async (page, b) => {
      await closeDialog(page);
      const kit = await firstKitId(page, '/request');
      await visit(`/userrequest/${kit}`)(page, b);
      await page.locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'lab results',
    open: async (page, b) => {
      await visit('/result')(page, b);
      await page.locator('tbody tr').first().waitFor();
      await loaded(page);
    },
  },
  {
    name: 'older lab results',
    open: async (page, b) => {
      const kit = await firstKitId(page, '/result');
      await visit(`/result/${kit}`)(page, b);
      await page.locator('tbody tr').first().waitFor();
    },
  },
  {
    name: 'kit details',
    open: async (page, b) => {
      await visit('/KitDetails?kitId=KT0001153')(page, b);
      await page.getByRole('button', { name: 'Send Prescription' }).first().waitFor();
    },
  },
  {
    name: 'kit details: prescription',
    open: async (page) => {
      await page.getByRole('button', { name: 'Send Prescription' }).first().click();
      await dialogOpen(page, 'Send prescription');
    },
  },
  {
    name: 'kit details: chart note',
    open: async (page) => {
      await closeDialog(page);
      await page.getByRole('button', { name: 'Create Chart Note' }).click();
      await dialogOpen(page, /Charting Notes/);
      await page.locator('[role=dialog] .ProseMirror').waitFor();
      await loaded(page);
    },
  },
  {
    name: 'manage lab order',
    open: async (page, b) => {
      await closeDialog(page);
      await visit('/manage-lab-order')(page, b);
    },
  },
  { name: 'shipping manifest', open: visit('/shipping-manifest') },
  { name: 'order report', open: visit('/report/orders') },
  {
    name: 'patient search',
    open: async (page, b) => {
      await visit('/SearchPatient')(page, b);
      await page.getByLabel('Kit Id', { exact: true }).fill('KT0000655');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: 'View Details' }).first().waitFor();
      await loaded(page);
    },
  },
  {
    name: 'patient profile',
    open: async (page) => {
      await page.getByRole('link', { name: 'View Details' }).first().click();
      await page.waitForURL(/PatientProfile/);
      await loaded(page);
    },
  },
  ...['Kit Detail', 'Past Appointments', 'Message', 'Charting Notes', 'Prescriptions', 'History'].map((tab): ScreenStep => ({
    name: `patient profile: ${tab}`,
    open: async (page) => {
      const t = page.getByRole('tab', { name: tab, exact: true });
      if ((await t.count()) === 0) return;
      await t.click();
      await loaded(page);
    },
  })),
  { name: 'profile', open: visit('/profile') },
  { name: 'licences', open: visit('/license') },
  { name: 'calendar link', open: visit('/calendar') },
  { name: 'unauthorized', open: visit('/401-page') },
];
