// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromBase64Utf8 } from '../../domain/messages/secure-messages';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { ComposeMessage } from './ComposeMessage';
import { fileOf, message, PATIENT_ID, recipient } from '../test-utils/messageFixtures';

vi.mock('../shared/RichNoteInput', async () => ({ default: (await import('../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 30_000 });

function setup(patientId?: string) {
  const dataProvider = fakeDataProvider({
    searchRecipients: vi.fn(async () => [recipient()]),
    messageRecipient: vi.fn(async () => recipient()),
    sendSecureMessage: vi.fn(async () => message('sent-1', { fromActorType: 'C' })),
    uploadMessageAttachment: vi.fn(async (f: File) => ({ url: `local://MESSAGE_ATTACHMENTS/${f.name}`, name: f.name, size: f.size })),
    deleteMessageAttachment: vi.fn(async () => ({ deleted: true })),
  });
  const onSent = vi.fn();
  renderInAdmin(<ComposeMessage patientId={patientId} onSent={onSent} />, {
    dataProvider,
    authProvider: fakeAuthProvider({ groups: ['clinicians'] }),
  });
  return { dataProvider, onSent };
}

const body = () => screen.getByRole('textbox', { name: 'Message' });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('New Message', () => {
  it('refuses to send without a patient from the list or with an empty message', async () => {
    const { dataProvider } = setup();
    await screen.findByRole('heading', { name: 'New Message' });
    send();
    expect(await screen.findByText(MESSAGE_TEXT.selectPatient)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGE_TEXT.messageEmpty)).toBeInTheDocument();
    expect(dataProvider.sendSecureMessage).not.toHaveBeenCalled();
  });

  it('asks for a search type before typing, then searches lowercased after 200 ms and picks a patient', async () => {
    const { dataProvider } = setup();
    const term = await screen.findByRole('textbox', { name: 'Search patient' });
    fireEvent.change(term, { target: { value: 'A' } });
    expect(await screen.findByText(MESSAGE_TEXT.patientSearchFailed)).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Search by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Name' }));
    fireEvent.change(term, { target: { value: 'ANN' } });
    await waitFor(() => expect(dataProvider.searchRecipients).toHaveBeenCalledWith('patient_name', 'ann', expect.anything()));
    fireEvent.click(await screen.findByText(/Ann Lee · ann\.lee@example\.com/));
    expect(await screen.findByText(/Recipient:/)).toBeInTheDocument();
  });

  it('?pid= preselects the patient; Send opens the review modal whose switch enables Send Message', async () => {
    const { dataProvider, onSent } = setup(PATIENT_ID);
    expect(await screen.findByText(/Recipient:/)).toBeInTheDocument();
    fireEvent.change(body(), { target: { value: '<p>Please call us</p>' } });
    send();
    const dialog = await screen.findByRole('dialog', { name: MESSAGE_TEXT.reviewRecipient });
    expect(within(dialog).getByText(/Ann Lee · ann\.lee@example\.com · DOB 1990-05-20 · NV/)).toBeInTheDocument();
    const sendMessage = within(dialog).getByRole('button', { name: 'Send Message' });
    expect(sendMessage).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('switch', { name: MESSAGE_TEXT.confirmRecipient }));
    fireEvent.click(sendMessage);
    await waitFor(() => expect(dataProvider.sendSecureMessage).toHaveBeenCalledTimes(1));
    const [sent, key] = vi.mocked(dataProvider.sendSecureMessage).mock.calls[0];
    expect(sent.patientId).toBe(PATIENT_ID);
    expect(fromBase64Utf8(sent.base64Message)).toBe('<p>Please call us</p>');
    expect(sent.rawMessage).toBe('Please call us');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(MESSAGE_TEXT.messageSent)).toBeInTheDocument();
    expect(onSent).toHaveBeenCalled();
  });

  it('warns before the page is left (reload, close) while the form holds an unsent draft, not when empty or once sent', async () => {
    setup(PATIENT_ID);
    expect(await screen.findByText(/Recipient:/)).toBeInTheDocument();
    // dispatchEvent answers false when a listener cancelled the unload (the browser then asks "Leave site?").
    const leave = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leave()).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Results' } });
    await waitFor(() => expect(leave()).toBe(false));
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: '  ' } });
    await waitFor(() => expect(leave()).toBe(true));
    fireEvent.change(body(), { target: { value: '<p>Please call us</p>' } });
    await waitFor(() => expect(leave()).toBe(false));
    send();
    const dialog = await screen.findByRole('dialog', { name: MESSAGE_TEXT.reviewRecipient });
    fireEvent.click(within(dialog).getByRole('switch', { name: MESSAGE_TEXT.confirmRecipient }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(MESSAGE_TEXT.messageSent)).toBeInTheDocument();
    await waitFor(() => expect(leave()).toBe(true));
  });

  it('attachments: sizes in B, KB and MB, at most 5 at a time, pdf/jpg/jpeg/png only, removable', async () => {
    const { dataProvider } = setup(PATIENT_ID);
    const input = (await screen.findByTestId('attachment-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: ['1', '2', '3', '4', '5', '6'].map((n) => fileOf(`${n}.pdf`, 10, 'application/pdf')) } });
    expect(await screen.findByText(MESSAGE_TEXT.tooManyFiles)).toBeInTheDocument();
    expect(dataProvider.uploadMessageAttachment).not.toHaveBeenCalled();
    fireEvent.change(input, {
      target: {
        files: [fileOf('a.pdf', 900, 'application/pdf'), fileOf('b.png', 1536, 'image/png'), fileOf('c.jpeg', 2 * 1024 * 1024, 'image/jpeg')],
      },
    });
    expect(await screen.findByText('a.pdf (900 B)')).toBeInTheDocument();
    expect(await screen.findByText('b.png (1.5 KB)')).toBeInTheDocument();
    expect(await screen.findByText('c.jpeg (2.0 MB)')).toBeInTheDocument();
    expect(dataProvider.uploadMessageAttachment).toHaveBeenCalledTimes(3);
    fireEvent.change(input, { target: { files: [fileOf('virus.exe', 10, 'application/octet-stream')] } });
    expect(dataProvider.uploadMessageAttachment).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByLabelText('Remove a.pdf'));
    await waitFor(() => expect(screen.queryByText('a.pdf (900 B)')).not.toBeInTheDocument());
    expect(dataProvider.deleteMessageAttachment).toHaveBeenCalledWith('local://MESSAGE_ATTACHMENTS/a.pdf');
  });
});
