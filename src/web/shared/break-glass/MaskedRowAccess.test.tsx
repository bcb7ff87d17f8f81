// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BREAK_GLASS_TEXTS } from '../../../domain/i18n/en/break-glass';
import { eligibility } from '../../../domain/lab/lab-actions';
import type { BookingRow } from '../../providers/bookingMethods';
import { renderInAdmin } from '../../test-utils/adminTestContext';
import { giveReason, setupBreakGlass, viewer } from '../../test-utils/breakGlassFixtures';
import { labRow, maskedRow } from '../../test-utils/labFixtures';
import { bookingCell } from '../bookings/bookingColumns';
import { rowFacts } from '../lab/labRow';

vi.setConfig({ testTimeout: 20_000 });

describe('Emergency access on masked rows', () => {
  it('a masked booking row sends only its booking id, then opens the booking detail', async () => {
    const { dataProvider, paths, options } = setupBreakGlass(['clinicians']);
    const row = { id: 'bk-42', masked: true } as unknown as BookingRow;
    renderInAdmin(<>{bookingCell('id', row, 'Unassigned')}</>, options);
    expect(screen.getByText('bk-42')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: BREAK_GLASS_TEXTS.action }));
    await giveReason('Chest pain');
    await vi.waitFor(() => expect(paths.at(-1)).toBe('/BookingDetails?bookingId=bk-42'));
    expect(dataProvider.startBreakGlass).toHaveBeenCalledWith({ bookingId: 'bk-42', reason: 'Chest pain' });
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
