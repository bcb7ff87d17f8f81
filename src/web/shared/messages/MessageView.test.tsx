// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatMessageTime, type MessageStatus } from '../../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../../domain/i18n/en/message';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { detail } from '../../test-utils/messageFixtures';
import { MessageView } from './MessageView';

vi.mock('../RichNoteInput', async () => ({ default: (await import('../../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 30_000 });
const saved: string[] = [];
vi.mock('../../providers/saveBlob', () => ({ saveBlob: (_blob: Blob, name: string) => saved.push(name) }));

function setup(o: Parameters<typeof detail>[1] = {}, groups = ['clinicians']) {
  const dataProvider = fakeDataProvider({
    annotateMessages: vi.fn(async (b: { status: MessageStatus; msgIds: string }) => ({ msgIds: [b.msgIds], status: b.status })),
    replyToMessage: vi.fn(),
    downloadMessageAttachment: vi.fn(async () => new Blob(['%PDF'], { type: 'application/pdf' })),
  });
  renderInAdmin(<MessageView message={detail('m-1', o)} />, { dataProvider, authProvider: fakeAuthProvider({ groups }) });
  return dataProvider;
}

describe('message detail', () => {
  it('header, To badge, sanitised body, time, attachments named after the first underscore, status with latest comment', async () => {
    setup({
      content: '<p>Hello <b>doctor</b><img src="x" onerror="alert(1)"><script>alert(2)</script></p>',
      latestStatus: 'DONE',
      latestComment: 'Answered',
      latestCommentBy: 'Jane Doe',
      repliedBy: 'Jane Doe',
      attachmentUrls: [{ name: '0d0c-11_lab_report.pdf', size: 900, url: '/secure/file/download/MESSAGE_ATTACHMENTS/0d0c-11.pdf' }],
    });
    expect(await screen.findByRole('heading', { name: 'Question about my results', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('To', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByText('doctor').tagName).toBe('B');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(new RegExp(formatMessageTime('2026-11-23T14:05:00.000Z')))).toBeInTheDocument();
    expect(screen.getByText('lab_report.pdf')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByText('Answered - Jane Doe')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('target', '_blank');
    expect(screen.queryByText(MESSAGE_TEXT.readOnly)).not.toBeInTheDocument();
  });

  it('a link in the body shows its real destination and opens in a new tab; remote images are not loaded', async () => {
    setup({
      content: '<p><a href="https://evil.example/login">Portal session expired — sign in again</a><img src="https://tracker.example.com/p.png"></p>',
    });
    const link = await screen.findByRole('link', { name: 'https://evil.example/login' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Portal session expired/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Portal session expired — sign in again/)).toBeInTheDocument();
    expect(document.querySelector('img[src^="https://tracker"]')).toBeNull();
  });

  it('read only without the reply right: the badge with its tooltip, Reply disabled; CC badge for CC-only threads', async () => {
    setup({ canReply: false, readOnlyReason: 'licence' });
    const badge = await screen.findByText(MESSAGE_TEXT.readOnly);
    fireEvent.mouseOver(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(MESSAGE_TEXT.readOnlyTooltip);
    expect(screen.getByRole('button', { name: 'Reply' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled();
  });

  it('a click on the attachment chip itself (its name) downloads the file, as does Enter on the focused chip', async () => {
    saved.length = 0;
    const dataProvider = setup({
      attachmentUrls: [{ name: '0d0c-11_lab_report.pdf', size: 900, url: '/secure/file/download/MESSAGE_ATTACHMENTS/0d0c-11.pdf' }],
    });
    fireEvent.click(await screen.findByText('lab_report.pdf'));
    await waitFor(() => expect(saved).toEqual(['lab_report.pdf']));
    expect(dataProvider.downloadMessageAttachment).toHaveBeenCalledWith('/secure/file/download/MESSAGE_ATTACHMENTS/0d0c-11.pdf');
    const chip = screen.getByRole('button', { name: /lab_report\.pdf/ });
    fireEvent.keyDown(chip, { key: 'Enter' });
    await waitFor(() => expect(saved).toEqual(['lab_report.pdf', 'lab_report.pdf']));
  });

  it('CC-only: the CC badge', async () => {
    setup({ ccOnly: true, canReply: false, readOnlyReason: 'ccOnly' });
    expect(await screen.findByText('CC', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it('Update Status needs a status and a reason, then reports the change', async () => {
    const dataProvider = setup({ repliedBy: 'Jane Doe' });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    expect((await within(dialog).findAllByText(MESSAGE_TEXT.enterReason)).length).toBeGreaterThan(0);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Done' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Answered the patient' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Status' }));
    await waitFor(() =>
      expect(dataProvider.annotateMessages).toHaveBeenCalledWith({ status: 'DONE', comment: 'Answered the patient', msgIds: 'm-1' }),
    );
    expect(await screen.findByText('Status changed to DONE successfully')).toBeInTheDocument();
  });

  it('a double-clicked Update Status changes the status once, with no failure', async () => {
    const dataProvider = setup({ repliedBy: 'Jane Doe' });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'In Progress' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Looking into it' } });
    const save = within(dialog).getByRole('button', { name: 'Update Status' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('Status changed to IN_PROGRESS successfully')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(dataProvider.annotateMessages).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(MESSAGE_TEXT.somethingWrong)).not.toBeInTheDocument();
  });

  it('an auditor sees Update Status disabled with the read-only reason', async () => {
    const dataProvider = setup({ repliedBy: 'Jane Doe', canReply: false, readOnlyReason: 'readOnlyRole' }, ['auditor_read_only']);
    // (the permissions arrive after the first render)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Status' })).toBeDisabled());
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Update Status' }).parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('read-only');
    expect(dataProvider.annotateMessages).not.toHaveBeenCalled();
  });
});
