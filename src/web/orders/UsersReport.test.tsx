// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KIT_UI_TEXT } from '../../domain/i18n/en/kit';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { UsersReport } from './UsersReport';

const row = (clinicianId: string, firstName: string) => ({
  clinicianId,
  firstName,
  lastName: 'Doe',
  email: `${firstName.toLowerCase()}@demo.test`,
  status: 'ACTIVE',
  state: 'NV',
  assignedLabRequests: 4,
  openLabRequests: 1,
  assignedTestResults: 3,
  resultsNeedingReview: 2,
});

describe('Users report (GET /secure/report/users, spec 1 §7) beside the Order Report', { timeout: 30_000 }, () => {
  it('loads only when opened, then lists each clinician with the assigned lab requests and test results', async () => {
    const usersReport = vi.fn(async () => ({ items: [row('c-1', 'Jane'), row('c-2', 'Mark')], total: 2 }));
    renderInAdmin(<UsersReport />, {
      authProvider: fakeAuthProvider({ groups: ['staff'] }),
      dataProvider: fakeDataProvider({ usersReport } as never),
    });
    const open = await screen.findByRole('button', { name: KIT_UI_TEXT.usersReport.title });
    expect(usersReport).not.toHaveBeenCalled();
    fireEvent.click(open);
    const table = await screen.findByRole('table', { name: KIT_UI_TEXT.usersReport.title });
    const jane = within(table).getByText('Jane Doe').closest('tr')!;
    expect([...jane.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Jane Doe', 'jane@demo.test', 'ACTIVE', '4', '1', '3', '2']);
    expect(usersReport).toHaveBeenCalledWith(1, 50, expect.anything());
  });

  it('a failure says so with the reason', async () => {
    const usersReport = vi.fn(async () => {
      throw Object.assign(new Error('boom'), { status: 500, body: { msg: 'Internal server error', reason: 'boom' } });
    });
    renderInAdmin(<UsersReport />, {
      authProvider: fakeAuthProvider({ groups: ['staff'] }),
      dataProvider: fakeDataProvider({ usersReport } as never),
    });
    fireEvent.click(await screen.findByRole('button', { name: KIT_UI_TEXT.usersReport.title }));
    expect(await screen.findByText('Failed to get the users report. boom')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('no clinician: says so where the rows would be, as every list does', async () => {
    const usersReport = vi.fn(async () => ({ items: [], total: 0 }));
    renderInAdmin(<UsersReport />, {
      authProvider: fakeAuthProvider({ groups: ['staff'] }),
      dataProvider: fakeDataProvider({ usersReport } as never),
    });
    fireEvent.click(await screen.findByRole('button', { name: KIT_UI_TEXT.usersReport.title }));
    expect(await screen.findByText(KIT_UI_TEXT.usersReport.none)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages on the server: the pager shows the total and Next asks for page 2', async () => {
    const usersReport = vi.fn(async (page: number) => ({ items: [row(`c-${page}`, page === 1 ? 'Jane' : 'Mark')], total: 51 }));
    renderInAdmin(<UsersReport />, {
      authProvider: fakeAuthProvider({ groups: ['staff'] }),
      dataProvider: fakeDataProvider({ usersReport } as never),
    });
    fireEvent.click(await screen.findByRole('button', { name: KIT_UI_TEXT.usersReport.title }));
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(screen.getByText('1-50 of 51')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('Mark Doe')).toBeInTheDocument();
    expect(usersReport).toHaveBeenLastCalledWith(2, 50, expect.anything());
  });
});
