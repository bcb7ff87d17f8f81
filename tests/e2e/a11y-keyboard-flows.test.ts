import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOOKING_DETAIL_UI as UI } from '../../src/domain/i18n/en/booking-detail-ui';
import { KIT_TEXTS } from '../../src/domain/i18n/en/kit';
import { LAB_TEXT } from '../../src/domain/i18n/en/lab';
import { MESSAGE_TEXT } from '../../src/domain/i18n/en/message';
import { PROFILE_TEXT, PROFILE_UI } from '../../src/domain/i18n/en/profile';
import { type E2eBrowser, openBrowser, openLabList, portalUrl, settled, signInToDashboard } from './browser';
import { escapeReturnsFocus, expectVisibleFocus, isFocused, tabTo, toast } from './keyboard';
import { dayIn, startedTodayIn } from './zoned-today';

/**
 * The main flows with the keyboard only (Tab, Shift+Tab, Enter, Space, the arrows, the worklists' row keys, typing; no
 * click): release a lab result, approve a lab request, move kits through Manage Lab Order to a confirmed shipment, find
 * a booking and complete it, reply to a message, edit a licence. Each ends with the spec's success text, and the focus
 * is visible on every control the walk stops on and somewhere sensible once a dialog or an edit row has closed (back on
 * the page, not lost on the document body); Escape closes a dialog and gives the focus back to its opener (no trap).
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

/** After a dialog closed: the focus is on the page (an element of it, visibly focused), not lost. */
async function focusKeptOnPage(page: Page) {
  await expect.poll(() => page.evaluate(() => !document.querySelector('[role="dialog"]'))).toBe(true);
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement && document.activeElement !== document.body), {
      message: 'focus back on the page after the dialog closed',
    })
    .toBe(true);
  await expectVisibleFocus(page);
}

/** Presses Tab until `box` (a checkbox) has the focus, then Space: it is ticked. */
async function tick(page: Page, box: Locator) {
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect.poll(() => box.isChecked()).toBe(true);
}

describe("a booking of today in the clinician's zone, at any hour", () => {
  // The walk below cannot fake the server's clock (PostgreSQL's now() decides Today's Bookings), so the placement it
  // relies on is checked here against a faked one: every quarter hour of a winter day, a summer day and both DST changes.
  it.each(['America/Los_Angeles', 'America/Denver', 'America/New_York'])('%s', (zone) => {
    for (const day of ['2026-01-15', '2026-03-08', '2026-07-01', '2026-11-01', '2026-11-29']) {
      for (let q = 0; q < 4 * 24; q++) {
        const now = Date.parse(`${day}T00:00:00Z`) + q * 15 * 60_000 + 7_000;
        const { waitMs, startMs } = startedTodayIn(zone, now);
        const at = now + waitMs;
        expect(waitMs, `${zone} ${new Date(now).toISOString()}`).toBeLessThanOrEqual(5 * 60_000);
        expect(dayIn(zone, startMs), `${zone} ${new Date(now).toISOString()}`).toBe(dayIn(zone, at));
        expect(dayIn(zone, at + 2 * 60_000), 'still today when the walk searches').toBe(dayIn(zone, at));
        expect(Math.floor(at / 60_000) * 60_000, 'the default actual end (this minute) is after the start').toBeGreaterThan(startMs);
        expect(startMs).toBeGreaterThanOrEqual(at - 10 * 60_000);
      }
    }
  });
});

describe('keyboard only', () => {
  it('clinician: release a lab result from the Lab Results table', { timeout: 180_000 }, async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    // Her assigned results in her states; the last one on the page that can be sent (the first ones stay for the other lab tests).
    await openLabList(page, '/result', { queryType: 'ASSIGNED', myStates: true });
    const sendable = page.locator('tbody tr').filter({ has: page.getByRole('button', { name: LAB_TEXT.sendResults, exact: true, disabled: false }) });
    const count = await sendable.count();
    expect(count, 'a result of hers that can be sent').toBeGreaterThan(0);
    const row = sendable.nth(count - 1);
    const kitId = /KT\d{7}/.exec(await row.innerText())![0];
    const target = page.locator('tbody tr', { hasText: kitId });
    const send = target.getByRole('button', { name: LAB_TEXT.sendResults, exact: true });
    // The worklist's row keys to its row (j, then ↓), then Tab into the row to its Send Results.
    const index = (await page.locator('tbody tr').allInnerTexts()).findIndex((t) => t.includes(kitId));
    for (let i = 0; i <= index; i++) await page.keyboard.press(i === 0 ? 'j' : 'ArrowDown');
    await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    await tabTo(page, send, { max: 40 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(LAB_TEXT.sendResultsTitle) });
    await dialog.waitFor();
    // A result neither positive nor negative asks first that it was resolved.
    const resolved = dialog.getByLabel(LAB_TEXT.thisHasBeenResolved);
    if (await dialog.getByText(LAB_TEXT.rejectedResultsNotice).isVisible()) {
      await dialog.getByRole('button', { name: LAB_TEXT.continue }).waitFor();
      await tick(page, resolved);
      await tabTo(page, dialog.getByRole('button', { name: LAB_TEXT.continue }));
      await page.keyboard.press('Enter');
    }
    const notes = dialog.getByLabel(LAB_TEXT.notesToPatient);
    await notes.waitFor();
    await expect.poll(() => isFocused(notes), { message: 'the notes field has the focus when the step opens' }).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Your results are ready; please book a consultation (keyboard).');
    await tabTo(page, dialog.getByRole('button', { name: LAB_TEXT.send, exact: true }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: LAB_TEXT.confirmSend });
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole('button', { name: LAB_TEXT.send, exact: true }));
    await page.keyboard.press('Enter');
    await toast(page, LAB_TEXT.resultReleaseSuccess);
    await focusKeptOnPage(page);
    await context.close();
  });

  it('support staff: approve two collected kits, create their manifest and confirm the shipment', { timeout: 240_000 }, async () => {
    const KITS = ['KT0000110', 'KT0000140']; // collected at the Las Vegas hub (seed), no other e2e file moves them
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'staff@demo.test');
    await page.goto(`${portalUrl()}/manage-lab-order`);
    const location = page.getByLabel('Care location');
    await tabTo(page, location);
    // A closed native select: the arrows step through its options (—, Online, Denver, Las Vegas).
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => location.inputValue()).toBe('CHARLESTON_NV_89104');
    const withComment = async (title: string, comment: string, success: string) => {
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await expect.poll(() => isFocused(dialog.getByLabel('Comment'))).toBe(true);
      await page.keyboard.type(comment);
      await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
      await page.keyboard.press('Enter');
      await toast(page, success);
      await focusKeptOnPage(page);
    };
    const selectBoth = async () => {
      for (const kitId of KITS) await tick(page, page.getByRole('checkbox', { name: `Select this row ${kitId}` }));
      await page.getByText(`${KITS.length} selected`).waitFor();
    };
    const openStep = async (step: string) => {
      await tabTo(page, page.getByTestId(`step-${step}`), { back: true });
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId(`step-${step}`).getAttribute('aria-pressed')).toBe('true');
      await page.locator('tbody tr').first().waitFor();
    };

    await page.locator('tbody tr', { hasText: KITS[1] }).waitFor({ timeout: 30_000 });
    await selectBoth();
    await tabTo(page, page.getByRole('button', { name: 'Approve', exact: true }));
    await page.keyboard.press('Enter');
    await withComment('Approve lab orders', 'Samples look good (keyboard)', KIT_TEXTS.success.approve);

    await openStep('APPROVED');
    await selectBoth();
    await tabTo(page, page.getByRole('button', { name: 'Create Shipping Manifest', exact: true }));
    await page.keyboard.press('Enter');
    const manifest = page.getByRole('dialog', { name: 'Shipping Manifest' });
    const tracking = manifest.getByLabel(/Tracking number/);
    await expect.poll(() => isFocused(tracking)).toBe(true);
    await page.keyboard.type(`1ZKEY${String(Date.now()).slice(-10)}`);
    await tabTo(page, manifest.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await manifest.getByText(KIT_TEXTS.success.manifest).waitFor();
    await tabTo(page, manifest.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await focusKeptOnPage(page);

    await openStep('CONFIRM');
    await selectBoth();
    await tabTo(page, page.getByRole('button', { name: 'Confirm Shipment', exact: true }));
    await page.keyboard.press('Enter');
    await withComment('Confirm shipment', 'Picked up by UPS (keyboard)', KIT_TEXTS.success.confirmShipment);
    for (const kitId of KITS) await page.locator('tbody tr', { hasText: kitId }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('clinician: find a booking of today, open it and complete it', { timeout: 600_000 }, async () => {
    // Her own booking of today in her own time zone (Today's Bookings is her day, not the UTC day), already begun.
    const {
      rows: [jane],
    } = await db.query<{ id: string; timezone: string }>(`SELECT id, timezone FROM clinicians WHERE email = 'clinician@demo.test'`);
    const { waitMs } = startedTodayIn(jane.timezone, Date.now());
    if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs)); // only within minutes of her midnight
    const { startMs } = startedTodayIn(jane.timezone, Date.now());
    expect(dayIn(jane.timezone, startMs)).toBe(dayIn(jane.timezone, Date.now()));
    const id = `BK-KBD-${Date.now().toString(36).toUpperCase()}`;
    await db.query(
      `INSERT INTO patients (id, first_name, last_name, email, phone, mobile, has_account, dob, gender, gender_at_birth, state, city, zip, street)
       VALUES (md5($1)::uuid, 'Kenna', 'Keys', lower($1) || '@example.com', '7025550190', '7025550190', true, date '1990-05-06',
               'female', 'female', 'NV', 'Las Vegas', '89104', '1 Keyboard Way')`,
      [id],
    );
    await db.query(
      `INSERT INTO bookings (id, patient_id, clinician_id, care_type, care_location, status, start_at, end_at, timezone, created_at)
       VALUES ($1, md5($1)::uuid, $2, 'STI_TESTING_VISIT', 'CHARLESTON_NV_89104', 'BOOKED_CONFIRMED', $3, $3::timestamptz + interval '30 minutes',
               $4, now() - interval '1 day')`,
      [id, jane.id, new Date(startMs), jane.timezone],
    );

    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/bookings`);
    const link = page.locator(`a[data-booking-link="${id}"]`); // Today's Bookings, searched on opening
    await link.waitFor({ timeout: 30_000 });
    await settled(page);
    await tabTo(page, link, { max: 200 });
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('bookingId') === id);
    await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
    await settled(page);

    const completeButton = page.getByRole('button', { name: UI.buttons.completeBooking, exact: true });
    await tabTo(page, completeButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: UI.titles.completeBooking });
    await dialog.waitFor();
    const field = async (target: Locator, text: string) => {
      await tabTo(page, target);
      await page.keyboard.press('Control+a');
      await page.keyboard.type(text);
    };
    await field(dialog.getByRole('spinbutton', { name: UI.fields.totalDurationMins }), '30');
    await field(dialog.getByRole('spinbutton', { name: UI.fields.paymentAmount }), '49');
    // The payment method: a select opened with the arrow key, its option chosen with the arrows and Enter.
    const mode = dialog.getByRole('combobox', { name: UI.fields.paymentMode });
    await tabTo(page, mode);
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option', { name: 'Square Terminal' });
    await option.waitFor();
    for (let i = 0; i < 6 && !(await isFocused(option)); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => mode.innerText()).toBe('Square Terminal');
    await field(dialog.getByRole('textbox', { name: UI.fields.closingNotes }), 'Visit complete (keyboard).');
    await tick(page, dialog.getByRole('checkbox', { name: UI.fields.ackPatientTbdAccCreated }));
    await tick(page, dialog.getByRole('checkbox', { name: UI.fields.ackPaymentCollected }));
    await tabTo(page, dialog.getByRole('button', { name: UI.submit }));
    await page.keyboard.press('Enter');
    await toast(page, 'Status changed to COMPLETED successfully');
    await focusKeptOnPage(page);
    await context.close();
  });

  it(
    'clinician: approve a lab request with its Approve button, and one with the row keys; the Reject dialog lets the focus go',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await b.newPage();
      await signInToDashboard(page, 'clinician@demo.test');
      await openLabList(page, '/request', { queryType: 'ASSIGNED', myStates: true });
      // The next-to-last request of hers that can be approved: the last one stays for the row-key walk below.
      const approvable = page.locator('tbody tr').filter({ has: page.getByRole('button', { name: LAB_TEXT.approve, exact: true, disabled: false }) });
      const count = await approvable.count();
      expect(count, 'a registered request of hers').toBeGreaterThan(0);
      const kitId = (
        await approvable
          .nth(Math.max(0, count - 2))
          .locator('td.column-kitId')
          .innerText()
      ).trim();
      const row = page.locator('tbody tr', { hasText: kitId });

      const reject = row.getByRole('button', { name: LAB_TEXT.reject, exact: true });
      await tabTo(page, reject, { max: 400 });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await escapeReturnsFocus(page, dialog, reject);

      await tabTo(page, row.getByRole('button', { name: LAB_TEXT.approve, exact: true }), { back: true });
      await page.keyboard.press('Enter');
      await toast(page, LAB_TEXT.approved);
      await expect.poll(() => row.innerText(), { timeout: 20_000 }).toMatch(/APPROVED/);

      // The row keys: j moves to the first row, ↓ to the next, a approves the focused one. The last registered request of
      // the page, so the first ones stay for the other lab tests.
      await openLabList(page, '/request', { queryType: 'ASSIGNED', myStates: true });
      const rows = page.locator('tbody tr');
      const target = (await rows.allInnerTexts())
        .map((t, i) => (/\bREGISTERED\b/.test(t) ? i : -1))
        .filter((i) => i >= 0)
        .at(-1);
      expect(target, 'a registered request').toBeDefined();
      for (let i = 0; i <= target!; i++) await page.keyboard.press(i === 0 ? 'j' : 'ArrowDown');
      const keyed = rows.nth(target!);
      await expect.poll(() => keyed.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectVisibleFocus(page);
      const keyedKit = (await keyed.locator('td.column-kitId').innerText()).trim();
      await page.keyboard.press('a');
      await expect.poll(() => page.locator('tbody tr', { hasText: keyedKit }).innerText(), { timeout: 20_000 }).toMatch(/APPROVED/);
      await context.close();
    },
  );

  it('clinician: reply to a message; the Update Status dialog lets the focus go', { timeout: 180_000 }, async () => {
    const { page, context } = await b.newPage();
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/inbox`);
    // Each toggle on and off again with Space (the other tests answer and reassign the seeded messages; the whole inbox
    // stays listed), the pressed state announced.
    for (const [group, on] of [
      ['Recipient', 'Sent to me'],
      ['Answered', 'Unanswered Messages'],
    ] as const) {
      const toggles = page.getByRole('group', { name: group });
      await tabTo(page, toggles.getByRole('button', { name: on }));
      await page.keyboard.press('Space');
      await expect.poll(() => toggles.getByRole('button', { name: on }).getAttribute('aria-pressed')).toBe('true');
      await tabTo(page, toggles.getByRole('button', { name: 'All Messages' }), { back: true });
      await page.keyboard.press('Space');
      await expect.poll(() => toggles.getByRole('button', { name: 'All Messages' }).getAttribute('aria-pressed')).toBe('true');
    }
    // My States (another test may have left All States): a message of one of her patients, unmasked.
    const states = page.getByRole('group', { name: 'States' });
    await tabTo(page, states.getByRole('button', { name: 'My States' }), { back: true });
    await page.keyboard.press('Space');
    await expect.poll(() => states.getByRole('button', { name: 'My States' }).getAttribute('aria-pressed')).toBe('true');
    await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    await settled(page);
    // The subject opens the message in its own tab with Enter; the second row's (the first stays as the seed left it).
    const subject = page.locator('tbody tr').nth(1).locator('td button').first();
    await tabTo(page, subject);
    const [detail] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await detail.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 30_000 });
    const reply = detail.getByRole('button', { name: 'Reply', exact: true });
    await tabTo(detail, reply);
    await detail.keyboard.press('Enter');
    const editor = detail.locator('.ProseMirror');
    await tabTo(detail, editor);
    await detail.keyboard.type('Thank you, we will call you tomorrow (keyboard).');
    await tabTo(detail, detail.getByRole('button', { name: 'Send Reply' }));
    await detail.keyboard.press('Enter');
    await toast(detail, MESSAGE_TEXT.messageSent);

    const updateStatus = detail.getByRole('button', { name: 'Update Status' });
    await expect.poll(() => updateStatus.isEnabled(), { timeout: 20_000 }).toBe(true);
    await tabTo(detail, updateStatus, { back: true });
    await detail.keyboard.press('Enter');
    const dialog = detail.getByRole('dialog', { name: 'Update Status' });
    await dialog.waitFor();
    await escapeReturnsFocus(detail, dialog, updateStatus);
    await context.close();
  });

  it('clinician: edit a licence (unchanged, discarded, then changed); the Delete confirmation lets the focus go', { timeout: 180_000 }, async () => {
    // Her CO licence, put back exactly as it was afterwards, even when the walk fails (a changed licence is unverified
    // again: CO would leave her states, and other files rely on it).
    const {
      rows: [before],
    } = await db.query<{ id: string; license_id: string; verified_at: Date | null; verified_by: string | null }>(
      `SELECT l.id, l.license_id, l.verified_at, l.verified_by FROM licences l JOIN clinicians c ON c.id = l.clinician_id
        WHERE c.email = 'clinician@demo.test' AND l.state = 'CO'`,
    );
    expect(before?.verified_at, 'her CO licence, verified').toBeTruthy();
    const number = `CO-RN-K${Date.now().toString(36).toUpperCase()}`;
    const { page, context } = await b.newPage();
    try {
      await signInToDashboard(page, 'clinician@demo.test');
      await page.goto(`${portalUrl()}/license`);
      const licence = page.getByRole('listitem', { name: /^CO / });
      const edit = (row: Locator) => row.getByRole('button', { name: PROFILE_UI.licence.edit, exact: true });
      const del = licence.getByRole('button', { name: PROFILE_UI.licence.delete, exact: true });
      await tabTo(page, del);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: PROFILE_UI.licence.deleteTitle.replace('%{state}', 'CO') });
      await confirm.waitFor();
      await escapeReturnsFocus(page, confirm, del);

      // Edit: the button gives way to the edit row, and the focus goes into the row (its first field), not lost.
      const openEditRow = async () => {
        await page.keyboard.press('Enter');
        await expect.poll(() => isFocused(licence.getByRole('combobox').first()), { message: 'focus on the edit row' }).toBe(true);
        await expectVisibleFocus(page);
      };
      /** The edit row closed with the focused button in it: the focus is back on the licence's Edit button. */
      const focusBackOnEdit = async (row: Locator) => {
        await expect.poll(() => isFocused(edit(row)), { message: 'focus back on the Edit button of the licence' }).toBe(true);
        await expectVisibleFocus(page);
      };
      await tabTo(page, edit(licence), { back: true });
      await openEditRow();
      // Update unchanged: the spec's "no change" answer, the row stays open. Discard (Space): nothing was changed.
      await tabTo(page, licence.getByRole('button', { name: PROFILE_UI.licence.update, exact: true }));
      await page.keyboard.press('Enter');
      await toast(page, PROFILE_TEXT.licenceNoChange);
      await tabTo(page, licence.getByRole('button', { name: PROFILE_UI.licence.discard, exact: true }), { back: true });
      await page.keyboard.press('Space');
      await toast(page, PROFILE_TEXT.licenceCancelledNoChange);
      await focusBackOnEdit(licence);

      // A new number, saved with Update.
      await openEditRow();
      await tabTo(page, licence.getByRole('textbox', { name: PROFILE_UI.licence.npiNumber }));
      await page.keyboard.press('Control+a');
      await page.keyboard.type(number);
      await tabTo(page, licence.getByRole('button', { name: PROFILE_UI.licence.update, exact: true }));
      await page.keyboard.press('Enter');
      await toast(page, PROFILE_TEXT.licenceUpdated);
      await focusBackOnEdit(page.getByRole('listitem', { name: `CO ${number}` }));
    } finally {
      await context.close().catch(() => undefined);
      await db.query(`UPDATE licences SET license_id = $2, verified_at = $3, verified_by = $4 WHERE id = $1`, [
        before.id,
        before.license_id,
        before.verified_at,
        before.verified_by,
      ]);
    }
  });
});
