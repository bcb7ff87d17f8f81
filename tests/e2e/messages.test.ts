import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXT } from '../../src/domain/i18n/en/message';
import { chooseOption, type E2eBrowser, expectNoSeriousA11yViolations, openBrowser, portalUrl, settled, signIn, signInToDashboard } from './browser';

/**
 * Secure messages end to end: Jane Doe goes from the dashboard's Unread Messages card to her inbox, opens an unread
 * message sent to her (a new tab), replies with a PDF attachment, marks it DONE with a reason, composes a new message
 * with an attachment to the same patient (review-recipient switch) and finds it in Sent; the patient's profile Message
 * tab shows the thread with its status. An auditor sees Sent - Other Clinicians and has no New Message.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b?.close();
});

describe('secure messages', () => {
  it(
    'dashboard card, open unread, reply with a PDF, DONE with a reason, compose with an attachment, Sent, profile Message tab',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await b.newPage();
      await signIn(page, 'clinician@demo.test');
      await page.getByTestId('dashboard-card-unreadMessages').getByRole('link').click();
      await page.waitForURL(/\/inbox$/);
      const nav = page.getByRole('navigation', { name: 'Messages menu' });
      await nav.getByRole('button', { name: /Inbox/ }).waitFor();

      // Only messages sent to me, in my states, unanswered: the first row is one Jane may answer.
      await page.getByRole('group', { name: 'States' }).getByRole('button', { name: 'My States' }).click();
      await page.getByRole('group', { name: 'Answered' }).getByRole('button', { name: 'Unanswered Messages' }).click();
      await page.getByRole('group', { name: 'Recipient' }).getByRole('button', { name: 'Sent to me' }).click();
      const firstRow = page.locator('tbody tr').first();
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const subject = ((await firstRow.locator('td').nth(2).textContent()) ?? '').trim();
      await expectNoSeriousA11yViolations(page, 'messages: inbox');
      const [detail] = await Promise.all([context.waitForEvent('page'), firstRow.locator('td').nth(2).click()]);
      await detail.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
      await detail.getByRole('heading', { name: subject, level: 2 }).waitFor({ timeout: 20_000 });
      await detail.getByText('To', { exact: true }).first().waitFor();
      await expectNoSeriousA11yViolations(detail, 'messages: message detail');

      // Reply with a PDF attachment.
      await detail.getByRole('button', { name: 'Reply', exact: true }).click();
      await detail.locator('.ProseMirror').click();
      await detail.keyboard.type('Your results look fine. Instructions attached.');
      await detail.getByTestId('attachment-input').setInputFiles({ name: 'instructions.pdf', mimeType: 'application/pdf', buffer: PDF });
      await detail.getByText(MESSAGE_TEXT.uploadSuccess).first().waitFor();
      await detail.getByText(/^instructions\.pdf \(\d+ B\)$/).waitFor();
      await detail.getByRole('button', { name: 'Send Reply' }).click();
      await detail.getByText(MESSAGE_TEXT.messageSent).first().waitFor();
      await detail.getByText('Your results look fine. Instructions attached.').waitFor();
      await detail
        .getByRole('button', { name: /instructions\.pdf/ })
        .first()
        .waitFor();

      // Update Status: a reason is required; DONE.
      const update = detail.getByRole('button', { name: 'Update Status' });
      await expect.poll(() => update.isEnabled(), { timeout: 20_000 }).toBe(true);
      await update.click();
      const dialog = detail.getByRole('dialog', { name: 'Update Status' });
      await dialog.getByRole('button', { name: 'Update Status' }).click();
      await dialog.getByText(MESSAGE_TEXT.enterReason).first().waitFor();
      await chooseOption(dialog.getByRole('combobox', { name: 'Status' }), detail.getByRole('option', { name: 'Done' }));
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Answered the patient');
      await dialog.getByRole('button', { name: 'Update Status' }).click();
      await detail.getByText('Status changed to DONE successfully').first().waitFor();
      await detail.getByText('Answered the patient - Jane Doe').waitFor();

      // New Message to the same patient from ?action=compose&pid=, with an attachment and the review switch.
      const profileHref = (await detail.getByRole('link', { name: 'View Profile' }).getAttribute('href')) ?? '';
      const patientId = new URL(profileHref, portalUrl()).searchParams.get('patientId');
      expect(patientId).toMatch(/^[0-9a-f-]{36}$/);
      await detail.goto(`${portalUrl()}/inbox?action=compose&pid=${patientId}`);
      await detail.getByRole('heading', { name: 'New Message', level: 2 }).waitFor();
      await detail.getByText(/^Recipient:/).waitFor({ timeout: 20_000 });
      await expectNoSeriousA11yViolations(detail, 'messages: new message');
      await detail.getByRole('button', { name: 'Send', exact: true }).click();
      await detail.getByText(MESSAGE_TEXT.messageEmpty).first().waitFor();
      await detail.getByLabel('Subject').fill('Your follow-up');
      await detail.locator('.ProseMirror').click();
      await detail.keyboard.type('Please book a follow-up visit.');
      await detail.getByTestId('attachment-input').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: PNG });
      await detail.getByText(/^diagram\.png \(\d+ B\)$/).waitFor();
      await detail.getByRole('button', { name: 'Send', exact: true }).click();
      const review = detail.getByRole('dialog', { name: MESSAGE_TEXT.reviewRecipient });
      const sendMessage = review.getByRole('button', { name: 'Send Message' });
      expect(await sendMessage.isDisabled()).toBe(true);
      await review.getByLabel(MESSAGE_TEXT.confirmRecipient).check();
      await sendMessage.click();
      await detail.getByText(MESSAGE_TEXT.messageSent).first().waitFor();
      await detail.waitForURL(/\/inbox\?view=sent$/);
      await detail.locator('tbody tr').first().getByText('Your follow-up').waitFor({ timeout: 20_000 });

      // The patient's profile Message tab shows the thread with its status.
      await detail.goto(`${portalUrl()}/PatientProfile?patientId=${patientId}&idType=sub&view=message`);
      const tab = detail.getByRole('tab', { name: 'Message' });
      await tab.waitFor({ timeout: 20_000 });
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      const exact = new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      const row = detail
        .locator('tbody tr')
        .filter({ has: detail.locator('td', { hasText: exact }) })
        .first();
      await row.getByText('Done').waitFor({ timeout: 20_000 });
      await row.locator('td').nth(2).click();
      await detail.getByRole('heading', { name: subject, level: 2 }).waitFor();
      await detail.getByText('Answered the patient - Jane Doe').waitFor();
    },
  );

  it('an auditor sees Sent - Other Clinicians and cannot send', { timeout: 90_000 }, async () => {
    const { page } = await b.newPage();
    await signInToDashboard(page, 'auditor@demo.test', { timeout: 20_000 });
    await page.goto(`${portalUrl()}/inbox?action=compose`);
    const nav = page.getByRole('navigation', { name: 'Messages menu' });
    await nav.getByRole('button', { name: 'Sent - Other Clinicians' }).click();
    expect(await nav.getByRole('button', { name: 'New Message' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'New Message' }).count()).toBe(0);
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });

  it('live: a message another user answers leaves my Unanswered list within 2 s, without a reload', { timeout: 60_000 }, async () => {
    const [jane, admin] = await Promise.all([b.newPage(), b.newPage()]);
    // Both signed in (their dashboards shown) before Jane leaves for the inbox.
    await Promise.all([signInToDashboard(jane.page, 'clinician@demo.test'), signInToDashboard(admin.page, 'superadmin@demo.test')]);
    await jane.page.goto(`${portalUrl()}/inbox`);
    await jane.page.getByRole('group', { name: 'Answered' }).getByRole('button', { name: 'Unanswered Messages' }).click();
    await jane.page.getByRole('group', { name: 'Recipient' }).getByRole('button', { name: 'Sent to me' }).click();
    await jane.page.getByRole('group', { name: 'States' }).getByRole('button', { name: 'My States' }).click();
    const row = jane.page.locator('tbody tr').nth(1);
    await row.waitFor({ timeout: 20_000 });
    await settled(jane.page);
    const texts = () => jane.page.locator('tbody tr').allTextContents();
    const rowText = (await texts())[1];
    const listed = async () => (await texts()).filter((t) => t === rowText).length;
    const before = await listed();
    const [tab] = await Promise.all([jane.context.waitForEvent('page'), row.locator('td').nth(2).click()]);
    await tab.waitForURL(/\/inbox\/[0-9a-f-]{36}$/);
    const id = new URL(tab.url()).pathname.split('/').pop();
    await tab.close();
    const loads: string[] = [];
    jane.page.on('load', () => loads.push(jane.page.url()));

    // The super admin answers it (Jane's screen still lists it as unanswered).
    await admin.page.goto(`${portalUrl()}/inbox/${id}`);
    await admin.page.getByRole('button', { name: 'Reply', exact: true }).click();
    await admin.page.locator('.ProseMirror').click();
    await admin.page.keyboard.type('Answered by the covering admin.');
    await admin.page.getByRole('button', { name: 'Send Reply' }).click();
    await admin.page.getByText(MESSAGE_TEXT.messageSent).first().waitFor();
    await expect.poll(listed, { timeout: 2000, interval: 50 }).toBe(before - 1);
    expect(loads).toEqual([]); // the list refetched; the page was not reloaded
    await Promise.all([jane.context.close(), admin.context.close()]);
  });
});
