// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../domain/i18n/en/break-glass';
import { eligibility } from '../../domain/lab-actions';
import { bookingCell } from '../bookings/bookingColumns';
import { rowFacts } from '../shared/lab/labRow';
import { LabRequestRowActions } from '../lab-requests/LabRequestRowActions';
import type { BookingRow } from '../providers/bookingMethods';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { labRow, maskedRow, ME } from '../test-utils/labFixtures';

vi.setConfig({ testTimeout: 20_000 });
const GRANT = {
  id: '22222222-2222-4222-8222-222222222222',
  patientId: '33333333-3333-4333-8333-333333333333',
  startedAt: '2099-01-01T11:00:00.000Z',
  expiresAt: '2099-01-01T12:00:00.000Z',
};
const viewer = { sub: ME, validStates: ['NV'], clinicalWrite: true, licenceExempt: false };

function setup(groups: string[]) {
  const dataProvider = fakeDataProvider({
    getMyBreakGlass: vi.fn(async () => ({ items: [], minutes: 60 })),
    startBreakGlass: vi.fn(async () => GRANT),
  });
  const paths: string[] = [];
  return {
    dataProvider,
    paths,
    options: {
      dataProvider,
      authProvider: fakeAuthProvider({ groups }),
      onLocation: (l: { pathname: string; search: string }) => paths.push(l.pathname + l.search),
    },
  };
}

async function giveReason(reason: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(new RegExp(BREAK_GLASS_TEXTS.reasonLabel)), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: BREAK_GLASS_TEXTS.confirm }));
}

describe('Emergency access on masked rows', () => {
  it('a masked lab row sends only its kit id and a reason, then opens the kit details', async () => {
    const { dataProvider, paths, options } = setup(['clinicians']);
    renderInAdmin(
      <RecordContextProvider value={maskedRow('KT0000099')}>
        <LabRequestRowActions viewer={viewer} />
      </RecordContextProvider>,
      options,
    );
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    await giveReason('Seizure in the waiting room');
    await vi.waitFor(() => expect(paths.at(-1)).toBe('/KitDetails?kitId=KT0000099'));
    expect(dataProvider.startBreakGlass).toHaveBeenCalledWith({ kitId: 'KT0000099', reason: 'Seizure in the waiting room' });
  });
  it('a masked booking row sends only its booking id, then opens the booking detail', async () => {
    const { dataProvider, paths, options } = setup(['clinicians']);
    const row = { id: 'bk-42', masked: true } as unknown as BookingRow;
    renderInAdmin(<>{bookingCell('id', row, 'Unassigned')}</>, options);
    expect(screen.getByText('bk-42')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    await giveReason('Chest pain');
    await vi.waitFor(() => expect(paths.at(-1)).toBe('/BookingDetails?bookingId=bk-42'));
    expect(dataProvider.startBreakGlass).toHaveBeenCalledWith({ bookingId: 'bk-42', reason: 'Chest pain' });
  });
  it('staff and auditors are never offered it; rows in clear never show it', async () => {
    for (const groups of [['staff'], ['auditor_read_only']]) {
      const { options } = setup(groups);
      const { unmount } = renderInAdmin(
        <RecordContextProvider value={maskedRow()}>
          <LabRequestRowActions viewer={viewer} />
        </RecordContextProvider>,
        options,
      );
      await screen.findByRole('button', { name: /kit details/i });
      expect(screen.queryByRole('button', { name: BREAK_GLASS_TEXTS.action })).toBeNull();
      unmount();
    }
    const { options } = setup(['clinicians']);
    renderInAdmin(
      <RecordContextProvider value={labRow({ patientState: 'NV' })}>
        <LabRequestRowActions viewer={viewer} />
      </RecordContextProvider>,
      options,
    );
    await screen.findByRole('button', { name: /kit details/i });
    expect(screen.queryByRole('button', { name: BREAK_GLASS_TEXTS.action })).toBeNull();
  });
  it('a row of a break-glass patient is eligible like one in a licence state; another out-of-state patient is not', () => {
    const row = labRow({ patientState: 'TX' });
    const glass = { ...viewer, breakGlass: [row.user!.userId] };
    expect(eligibility(rowFacts(row), viewer).licenceEligible).toBe(false);
    expect(eligibility(rowFacts(row), glass).licenceEligible).toBe(true);
    expect(eligibility(rowFacts(labRow({ patientState: 'TX', user: { ...row.user!, userId: 'someone-else' } })), glass).licenceEligible).toBe(false);
    // A masked row never counts, whatever the session (its ids are XXXXXX).
    expect(eligibility(rowFacts(maskedRow()), { ...viewer, breakGlass: ['XXXXXX'] }).licenceEligible).toBe(false);
  });
});
