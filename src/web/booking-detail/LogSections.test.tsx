// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { LogList, OutboxSection } from './LogSections';

const entry = (note: string, created: string) => ({ kind: 'REASSIGNED' as const, note, created, authorName: 'Mark Lee' });

describe('Timeline', () => {
  it('a re-assignment reads "Patient Re-Assigned" once, with from and to', () => {
    renderInAdmin(
      <LogList
        label="bookingDetail.sections.timeline"
        zone="America/Los_Angeles"
        entries={[
          entry('From Jane Doe to Mark Lee', '2026-11-21T18:00:00.000Z'),
          entry('Patient Re-Assigned', '2026-11-20T18:00:00.000Z'), // an older entry that names no one
        ]}
      />,
    );
    const [newest, older] = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(within(newest!).getByText('Patient Re-Assigned')).toBeInTheDocument();
    expect(within(newest!).getByText('From Jane Doe to Mark Lee')).toBeInTheDocument();
    expect(within(older!).getAllByText('Patient Re-Assigned')).toHaveLength(1);
  });

  it("each entry's time is in the booking's zone, labelled, whatever the browser's zone", () => {
    renderInAdmin(
      <LogList
        label="bookingDetail.sections.timeline"
        zone="America/Los_Angeles"
        entries={[entry('From Jane Doe to Mark Lee', '2026-11-28T19:01:00.000Z')]}
      />,
    );
    expect(screen.getByText('Nov 28, 2026 11:01 AM PST · Mark Lee')).toBeInTheDocument();
  });
});

describe('Sent e-mails', () => {
  it('a table of the mails (Sent At, To, Subject with its kind), labelled as its section', () => {
    renderInAdmin(
      <OutboxSection
        mails={[{ id: 'm1', kind: 'PAY_LINK', to: 'ann@example.com', subject: 'Your payment link', sentAt: '2026-11-28T19:01:00.000Z' }]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sent e-mails' }));
    const table = screen.getByRole('table', { name: 'Sent e-mails' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sent At', 'To', 'Subject']);
    const row = within(table).getByText('ann@example.com').closest('tr')!;
    expect(row).toHaveTextContent('Payment link: Your payment link');
  });

  it('none: says so where the rows would be', () => {
    renderInAdmin(<OutboxSection mails={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sent e-mails' }));
    expect(screen.getByText('No e-mails sent')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
