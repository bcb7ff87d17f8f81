// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, bookingRow } from '../test-utils/bookingFixtures';
import { answerDetail, detail, detailServer, renderDetail } from '../test-utils/bookingDetailFixtures';
import { SendBookingResultsDialog } from './SendBookingResultsDialog';

const server = detailServer();
const content = () =>
  server.use(
    http.get(`${BASE}/secure/content/clinician-portal`, () =>
      HttpResponse.json({
        data: {
          data: {
            attributes: {
              bookingSummary: '<p>Dear {{patientName}}</p>',
            },
          },
        },
      }),
    ),
  );

describe('Calendar: send results or patient summary', () => {
  it('lists the booking kits as links to their results and opens the visit summary', async () => {
    answerDetail(server, detail({ kitIds: ['KB0000001', 'KB0000002'] }));
    content();
    renderDetail(<SendBookingResultsDialog booking={bookingRow('BK1')} onClose={() => undefined} onOpenDetails={() => undefined} />);
    expect(await screen.findByRole('link', { name: 'KB0000001' })).toHaveAttribute('href', '/result/KB0000001');
    expect(screen.getByRole('link', { name: 'KB0000002' })).toHaveAttribute('target', '_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Send patient summary' }));
    expect(await screen.findByRole('dialog', { name: 'Send visit summary to patient' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Dear Ann Lee')).toBeInTheDocument();
  });

  it('refuses the summary on a read-only booking with its reason', async () => {
    answerDetail(server, detail({ isReadOnly: true, readOnlyReason: 'Read-only role' }));
    renderDetail(<SendBookingResultsDialog booking={bookingRow('BK1')} onClose={() => undefined} onOpenDetails={() => undefined} />);
    expect(await screen.findByText('Action not permitted. Reason: Read-only role')).toBeInTheDocument();
    expect(screen.getByText('No kits on this booking')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send patient summary' })).toBeDisabled();
  });
});
