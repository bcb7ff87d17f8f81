// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../../test-utils/adminTestContext';
import { changedByRefusal, publishChange, useAnnounceChanges, useChangedByText, type ShownRecord } from './recordChanges';

const Shown = ({ records, except }: { records: ShownRecord[]; except?: string[] }) => {
  useAnnounceChanges(records, { except });
  return null;
};
const change = (o: Partial<Parameters<typeof publishChange>[0]> = {}) => ({
  resource: 'bookings',
  id: 'BK1',
  action: 'CONFIRM',
  by: 'Sarah Kim',
  mine: false,
  ...o,
});

describe('useAnnounceChanges', () => {
  it('another user\'s change to the record on screen: "Updated by <name> just now"; own changes and other records: nothing', async () => {
    renderInAdmin(<Shown records={[{ resource: 'bookings', id: 'BK1' }]} />);
    act(() => {
      publishChange(change({ mine: true }));
      publishChange(change({ id: 'BK2' }));
      publishChange(change({ resource: 'kits' }));
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Updated by/)).toBeNull();
    act(() => publishChange(change()));
    expect(await screen.findByText('Updated by Sarah Kim just now')).toBeTruthy();
  });
  it('not for the actions a screen leaves out (a colleague reading the message on screen)', async () => {
    renderInAdmin(<Shown records={[{ resource: 'messages', id: 'm1' }]} except={['READ']} />);
    act(() => publishChange(change({ resource: 'messages', id: 'm1', action: 'READ', by: 'Owen Price' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/Updated by/)).toBeNull();
    act(() => publishChange(change({ resource: 'messages', id: 'm1', action: 'REPLY', by: 'Owen Price' })));
    expect(await screen.findByText('Updated by Owen Price just now')).toBeTruthy();
  });
});

const conflict = (reason: string, status = 409) => new HttpError(`x.Reason: ${reason}`, status, { msg: 'x', reason });
const Texts = ({ error, failure, args }: { error: unknown; failure: string; args?: Record<string, unknown> }) => {
  const text = useChangedByText()(error, failure, args);
  return <p>{text ?? 'none'}</p>;
};

describe('refusals that name who changed the record', () => {
  it('only 409s whose reason names the change', () => {
    const named = 'Booking already cancelled or completed; changed by Sarah Kim (CANCEL)';
    expect(changedByRefusal(conflict(named))).toBe(named);
    expect(changedByRefusal(conflict('nothing was changed: approve needs X: KT1 is Y (changed by Sarah Kim (APPROVE_SAMPLES))'))).toBeTruthy();
    expect(changedByRefusal(conflict('Booking already cancelled or completed'))).toBeNull();
    expect(changedByRefusal(conflict(named, 400))).toBeNull();
    expect(changedByRefusal(new Error(named))).toBeNull();
  });
  it("the screen's failure text followed by who changed what, the reason once", async () => {
    const named = 'Booking already cancelled or completed; changed by Sarah Kim (CANCEL)';
    renderInAdmin(
      <>
        <Texts error={conflict(named)} failure="bookingDetail.cancelFailed" />
        <Texts error={conflict(named)} failure="bookingDetail.confirmFailed" args={{ reason: named }} />
        <Texts error={conflict('Booking already cancelled or completed')} failure="bookingDetail.cancelFailed" />
      </>,
    );
    expect(await screen.findByText(`Failed to cancel booking. ${named}`)).toBeTruthy();
    expect(screen.getByText(`Failed to mark booking as confirmed. Reason: ${named}`)).toBeTruthy();
    expect(screen.getByText('none')).toBeTruthy();
  });
});
