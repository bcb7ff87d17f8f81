// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TEXT } from '../../domain/i18n/en/message';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { InboxPage } from './InboxPage';
import { message } from '../test-utils/messageFixtures';

vi.mock('../shared/RichNoteInput', async () => ({ default: (await import('../test-utils/noteFixtures')).PlainNoteInput }));
vi.setConfig({ testTimeout: 30_000 });
const saved = vi.hoisted(() => ({ saveBlob: vi.fn() }));
vi.mock('../providers/saveBlob', () => saved);

function setup(groups: string[], rows: ReturnType<typeof message>[] = [], url = '/inbox') {
  const dataProvider = fakeDataProvider({
    getList: vi.fn(async () => ({ data: rows, total: rows.length })) as never,
    newMessageCount: vi.fn(async () => ({ count: 3 })),
    messageRecipient: vi.fn(async () => ({ id: 'p', firstName: 'Ann', lastName: 'Lee', email: null, dob: null, state: 'NV' })),
    exportList: vi.fn(async () => new Blob(['Sender\r\n'])),
  });
  renderInAdmin(<InboxPage />, { dataProvider, authProvider: fakeAuthProvider({ groups }), initialEntries: [url] });
  return dataProvider;
}

const menu = () => screen.findByRole('navigation', { name: 'Messages menu' });

describe('My Messages', () => {
  it('an empty inbox says No messages found; the menu shows the unread badge; lists are paged on the server (100, newest first)', async () => {
    const dataProvider = setup(['clinicians']);
    expect(await screen.findByText(MESSAGE_TEXT.noMessages)).toBeInTheDocument();
    const nav = await menu();
    expect(await within(nav).findByText('3')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /New Message/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /Sent - Other Clinicians/ })).not.toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'messages',
      expect.objectContaining({
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'createdDateTime', order: 'DESC' },
      }),
    );
  });

  it("Export saves the server's CSV of every row matching the toggles (full export, spec 3 §9)", async () => {
    const dataProvider = setup(['clinicians'], [message('m-1')]);
    fireEvent.click(await screen.findByRole('button', { name: 'My States' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'messages',
        expect.objectContaining({ filter: expect.objectContaining({ myStates: true }) }),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved.saveBlob).toHaveBeenCalledTimes(1));
    expect(dataProvider.exportList).toHaveBeenCalledWith(
      'messages',
      expect.objectContaining({ filter: expect.objectContaining({ myStates: true }) }),
    );
  });

  it('the toggles filter on the server', async () => {
    const dataProvider = setup(['clinicians']);
    fireEvent.click(await screen.findByRole('button', { name: 'My States' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'messages',
        expect.objectContaining({ filter: expect.objectContaining({ myStates: true }) }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unanswered Messages' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'messages',
        expect.objectContaining({ filter: expect.objectContaining({ myStates: true, unanswered: true }) }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sent to me' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'messages',
        expect.objectContaining({ filter: expect.objectContaining({ sentToMe: true }) }),
      ),
    );
  });

  it('two toggles changed at once both reach the server (react-admin filter form, nothing lost)', async () => {
    const dataProvider = setup(['clinicians']);
    const myStates = await screen.findByRole('button', { name: 'My States' });
    fireEvent.click(myStates);
    fireEvent.click(screen.getByRole('button', { name: 'Unanswered Messages' }));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'messages',
        expect.objectContaining({
          filter: expect.objectContaining({ myStates: true, unanswered: true }),
        }),
      ),
    );
  });

  it('rows: the inbox columns, unread bold, the shared mailbox as All with its tooltip; a click opens the message in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setup(['clinicians'], [message('m-1'), message('m-2', { unread: false, toUsers: [], toNames: '', to: null, subject: 'Refill request' })]);
    for (const col of ['Sender', 'Subject', 'Date/Time', 'Status', 'Dob', 'State', 'Recipients']) {
      expect(await screen.findByRole('columnheader', { name: new RegExp(col) })).toBeInTheDocument();
    }
    const all = screen.getByRole('button', { name: MESSAGE_TEXT.allRecipients });
    fireEvent.mouseOver(all);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(MESSAGE_TEXT.allRecipientsTooltip);
    const unreadRow = screen.getByText('Question about my results').closest('tr')!;
    const weight = (row: Element) => getComputedStyle(row.querySelector('td')!).fontWeight;
    expect(['700', 'bold']).toContain(weight(unreadRow));
    expect(['700', 'bold']).not.toContain(weight(screen.getByText('Refill request').closest('tr')!));
    fireEvent.click(screen.getByText('Refill request'));
    // With an opener, so the new tab gets this tab's session (tokens live in sessionStorage); the opener is cleared after.
    expect(open).toHaveBeenCalledWith('/inbox/m-2', '_blank');
    open.mockRestore();
  });

  it('super admins and auditors see Sent - Other Clinicians; auditors have no New Message, also not by ?action=compose', async () => {
    setup(['auditor_read_only'], [], '/inbox?action=compose&pid=p');
    const nav = await menu();
    expect(await within(nav).findByRole('button', { name: /Sent - Other Clinicians/ })).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByRole('button', { name: /New Message/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'New Message' })).not.toBeInTheDocument();
  });

  it('?action=compose&pid= opens New Message for that patient', async () => {
    const dataProvider = setup(['clinicians'], [], '/inbox?action=compose&pid=p');
    expect(await screen.findByRole('heading', { name: 'New Message', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.messageRecipient).toHaveBeenCalledWith('p'));
    expect(await screen.findByText(/Recipient:/)).toBeInTheDocument();
  });
});
