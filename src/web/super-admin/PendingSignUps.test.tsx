// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_UP_TEXT as T } from '../../domain/i18n/en/sign-ups';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { SuperAdminPage } from './SuperAdminPage';

vi.setConfig({ testTimeout: 20_000 });
const PENDING = [
  {
    id: '0e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a11',
    email: 'nia@example.com',
    firstName: 'Nia',
    lastName: 'Okafor',
    hasProfile: true,
    createdAt: '2026-11-23T10:00:00.000Z',
  },
  { id: '1e5b7c1a-2f4d-4c7e-9a51-3b6f0d2e8a12', email: 'tom@example.com', firstName: null, lastName: null, hasProfile: false, createdAt: null },
];

function renderPanel(pending = PENDING, slowList = false) {
  let list = pending;
  let listReads = 0;
  const getList = vi.fn(async (resource: string) => {
    if (resource !== 'pending-sign-ups') return { data: [], total: 0 };
    const rows = list;
    // the list read after an addition is slow, so the added row is still on screen meanwhile
    if (slowList && listReads++ > 0) await new Promise((r) => setTimeout(r, 500));
    return { data: rows, total: rows.length };
  });
  const addToGroup = vi.fn(async (id: string, group: string) => {
    // the server adds a pending sign-up once; the account is in a group afterwards, so a repeat is refused
    if (!list.some((p) => p.id === id))
      throw new HttpError('Conflict.Reason: the account is already in a group', 409, {
        msg: 'Conflict',
        reason: 'the account is already in a group',
      });
    list = list.filter((p) => p.id !== id);
    return { id, group };
  });
  renderInAdmin(<SuperAdminPage />, {
    authProvider: fakeAuthProvider({ groups: ['super_admin'] }),
    dataProvider: fakeDataProvider({ getList, addToGroup } as never),
    initialEntries: ['/super-admin'],
  });
  return { addToGroup, getList };
}

describe('pending sign-ups on the super-admin landing', () => {
  it('lists the pending accounts; Add to group asks first, then adds the chosen group and the row goes', async () => {
    const { addToGroup } = renderPanel();
    expect(await screen.findByRole('heading', { name: T.title })).toBeInTheDocument();
    const row = (await screen.findByText('Nia Okafor')).closest('tr')!;
    expect(within(row).getByText('nia@example.com')).toBeInTheDocument();
    expect(screen.getAllByText('tom@example.com')[0].closest('tr')).toHaveTextContent(T.noProfile);

    fireEvent.mouseDown(within(row).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: T.groups.staff }));
    fireEvent.click(within(row).getByRole('button', { name: T.addToGroup }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Add Nia Okafor (nia@example.com) to the group Staff?');
    expect(addToGroup).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(addToGroup).toHaveBeenCalledWith(PENDING[0].id, 'staff'));
    expect(await screen.findByText('nia@example.com was added to Staff')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Nia Okafor')).not.toBeInTheDocument());
  });

  it('every column has a header that names it: the full name under Name', async () => {
    renderPanel();
    await screen.findByText('Nia Okafor');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      T.columns.name,
      T.columns.email,
      T.columns.profile,
      T.columns.action,
    ]);
  });

  it('a double-clicked Confirm adds once, says so with no failure, and the row offers Add to group no more', async () => {
    const { addToGroup } = renderPanel(PENDING, true);
    const row = (await screen.findByText('Nia Okafor')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: T.addToGroup }));
    // the second click of a double-clicked Add to group lands outside the confirmation it opened: it stays open
    const outside = (await screen.findByRole('dialog')).closest('.MuiDialog-container')!;
    fireEvent.mouseDown(outside);
    fireEvent.click(outside);
    await new Promise((r) => setTimeout(r, 300));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: /confirm/i });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('nia@example.com was added to Clinician')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // until the list is read again the row stays, without its action
    expect(screen.getByText('Nia Okafor')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: T.addToGroup })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Nia Okafor')).not.toBeInTheDocument());
    expect(addToGroup).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Adding to the group failed/)).not.toBeInTheDocument();
  });

  it('cancelling the confirmation adds nothing; an empty list says so', async () => {
    const { addToGroup } = renderPanel();
    const row = (await screen.findByText('Nia Okafor')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: T.addToGroup }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(addToGroup).not.toHaveBeenCalled();
  });

  it('says when nobody is waiting', async () => {
    renderPanel([]);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('a list that cannot be read says so with the reason, not that nobody is waiting', async () => {
    const getList = vi.fn(async (resource: string) => {
      if (resource !== 'pending-sign-ups') return { data: [], total: 0 };
      throw new HttpError('Service Unavailable.Reason: identity service down', 503, { msg: 'Service Unavailable', reason: 'identity service down' });
    });
    renderInAdmin(<SuperAdminPage />, {
      authProvider: fakeAuthProvider({ groups: ['super_admin'] }),
      dataProvider: fakeDataProvider({ getList } as never),
      initialEntries: ['/super-admin'],
    });
    expect(await screen.findByText('Pending sign-ups could not be read. Service Unavailable.Reason: identity service down')).toBeInTheDocument();
    expect(screen.queryByText(T.empty)).not.toBeInTheDocument();
  });
});
