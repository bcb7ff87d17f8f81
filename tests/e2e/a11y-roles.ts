import type { Page } from 'playwright-core';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { closeDialog, dialogOpen, loaded, openKitStep, pressForDialog, type ScreenStep, tickFirstRow, visit } from './a11y-screens';

/**
 * The screens of every role but the licensed clinician (a11y-screens.ts), with their dialogs open: support staff,
 * operation support, the auditor, the super admin, a user in no group, clinicians without a calendar link, without a
 * licence or INACTIVE, and no one signed in. A step opens and reads, never submits.
 */

/** A step that presses a button of the page for its dialog, once `first` has readied it (a row ticked, a dialog closed). */
const dialogStep = (name: string, button: string, dialog: string, first: (page: Page) => Promise<void>): ScreenStep => ({
  name,
  open: async (page) => {
    await first(page);
    await pressForDialog(page, button, dialog);
  },
});

/** A step that closes the dialog of the step before, then opens a Manage Lab Order step. */
const kitStep = (name: string, step: string): ScreenStep => ({
  name,
  open: async (page) => {
    await closeDialog(page);
    await openKitStep(page, step);
  },
});

/** Support staff's Manage Lab Order: the Las Vegas kits of each step, and each step's dialog open on one kit. */
const MANAGE_LAB_ORDER_STEPS: ScreenStep[] = [
  {
    name: 'manage lab order: Las Vegas, collected samples',
    open: async (page) => {
      await page.getByLabel('Care location').selectOption('CHARLESTON_NV_89104');
      await page.locator('main tbody tr').first().waitFor({ timeout: 30_000 });
      await loaded(page);
    },
  },
  {
    name: 'manage lab order: nothing selected',
    open: async (page) => {
      await page.locator('main').getByRole('button', { name: 'Approve', exact: true }).click();
      await page.locator('main').getByText('Please select atleast one order to approve').waitFor();
      await loaded(page);
    },
  },
  dialogStep('manage lab order: approve dialog', 'Approve', 'Approve lab orders', tickFirstRow),
  dialogStep('manage lab order: cancel dialog', 'Cancel Orders', 'Cancel lab orders', closeDialog),
  kitStep('manage lab order: approved samples', 'APPROVED'),
  dialogStep('manage lab order: create shipping manifest dialog', 'Create Shipping Manifest', 'Shipping Manifest', tickFirstRow),
  kitStep('manage lab order: confirm shipment', 'CONFIRM'),
  dialogStep('manage lab order: shipping manifest dialog', 'Shipping Manifest', 'Shipping Manifest', tickFirstRow),
  dialogStep('manage lab order: confirm shipment dialog', 'Confirm Shipment', 'Confirm shipment', closeDialog),
];

export const STAFF_STEPS: ScreenStep[] = [
  { name: 'dashboard', open: visit('/') },
  { name: 'lab requests', open: visit('/request') },
  { name: 'lab results', open: visit('/result') },
  { name: 'manage lab order', open: visit('/manage-lab-order') },
  ...MANAGE_LAB_ORDER_STEPS,
  { name: 'shipping manifests', open: visit('/shipping-manifest') },
  { name: 'inbox', open: visit('/inbox') },
  { name: 'find appointments', open: visit('/bookings') },
  { name: 'profile', open: visit('/profile') },
];

export const AUDITOR_STEPS: ScreenStep[] = [
  { name: 'dashboard', open: visit('/') },
  { name: 'access log', open: visit('/access-log') },
  { name: 'lab requests', open: visit('/request') },
  { name: 'inbox', open: visit('/inbox') },
  { name: 'booking detail', open: visit(`/BookingDetails?bookingId=${E2E_BOOKING_ID}`) },
];

export const SUPER_ADMIN_STEPS: ScreenStep[] = [
  { name: 'dashboard', open: visit('/') },
  { name: 'super admin panel', open: visit('/super-admin') },
  { name: 'super admin: create order', open: visit('/super-admin?page=CreateOrder') },
  { name: 'super admin: create PrEP order', open: visit('/super-admin?page=CreatePrepOrder') },
  { name: 'super admin: upload Labcorp results', open: visit('/super-admin?page=UploadLabcorpResults') },
  { name: 'break-glass review', open: visit('/break-glass') },
  { name: 'access log', open: visit('/access-log') },
  { name: 'licences of every clinician', open: visit('/license') },
];

/** Operation support: every screen its menu offers (the clinical ones say it reads no clinical data). */
export const OPS_STEPS: ScreenStep[] = [
  { name: 'dashboard', open: visit('/') },
  { name: 'inbox', open: visit('/inbox') },
  { name: 'find appointments', open: visit('/bookings') },
  { name: 'calendar', open: visit('/booking-calendar') },
  { name: 'lab requests', open: visit('/request') },
  { name: 'lab results', open: visit('/result') },
  { name: 'manage lab order', open: visit('/manage-lab-order') },
  {
    name: 'manage lab order: Las Vegas',
    open: async (page) => {
      await page.getByLabel('Care location').selectOption('CHARLESTON_NV_89104');
      await loaded(page);
    },
  },
  { name: 'shipping manifests', open: visit('/shipping-manifest') },
  { name: 'order report', open: visit('/report/orders') },
  { name: 'patient search', open: visit('/SearchPatient') },
  { name: 'profile', open: visit('/profile') },
  { name: 'licences', open: visit('/license') },
  { name: 'super admin panel: refused', open: visit('/super-admin') },
];

/** A clinician without a licence: the onboarding dialog on the dashboard, its form's errors, the empty licence list. */
export const NO_LICENCE_STEPS: ScreenStep[] = [
  {
    name: 'dashboard: licence onboarding dialog',
    open: async (page, b) => {
      await visit('/')(page, b);
      await dialogOpen(page, 'Add your licence');
    },
  },
  {
    name: 'licence onboarding dialog: errors',
    open: async (page) => {
      await page.getByRole('dialog', { name: 'Add your licence' }).getByRole('button', { name: 'Save' }).click();
      await loaded(page);
    },
  },
  {
    name: 'licences: none yet',
    open: async (page, b) => {
      await closeDialog(page);
      await visit('/license')(page, b);
    },
  },
];

/** An INACTIVE clinician: the disabled-account screen signs out to the sign-in page, which says why. */
export const INACTIVE_STEPS: ScreenStep[] = [
  {
    name: 'sign-in refused: account disabled',
    open: async (page) => {
      await page.waitForURL(/\/login\?reason=accountDisabled/, { timeout: 30_000 });
      await page.getByText('Your account is disabled, please contact support').first().waitFor();
      await page.getByLabel('Email').waitFor();
      await loaded(page);
    },
  },
];

export const PENDING_STEPS: ScreenStep[] = [
  {
    name: 'pending review',
    open: async (page) => {
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await loaded(page);
    },
  },
];

export const NO_CALENDAR_STEPS: ScreenStep[] = [
  { name: 'profile: add a calendar link', open: visit('/profile?reason=invalidOrNoCalendar') },
  { name: 'dashboard', open: visit('/') },
];

export const SIGNED_OUT_STEPS: ScreenStep[] = [
  { name: 'sign-in', open: visit('/login') },
  {
    name: 'sign-in: refused',
    open: async (page) => {
      await page.getByLabel('Email').fill('clinician@demo.test');
      await page.getByLabel('Password').fill('wrong-password-1!');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByText(/incorrect|failed|invalid/i)
        .first()
        .waitFor();
      await loaded(page);
    },
  },
  { name: 'sign-in: after the idle logoff', open: visit('/login?reason=idle') },
  { name: 'sign-up', open: visit('/sign-up') },
  {
    name: 'sign-up: errors',
    open: async (page) => {
      await page.getByRole('button', { name: 'Sign up' }).click();
      await loaded(page);
    },
  },
];
