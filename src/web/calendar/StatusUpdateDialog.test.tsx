// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE, bookingMswServer, bookingRow, renderBookingScreen } from '../test-utils/bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import { StatusUpdateDialog } from './StatusUpdateDialog';

vi.setConfig({ testTimeout: 20_000 });

const server = bookingMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function answerStatus(status = 200, reason = 'Booking already cancelled or completed') {
  const bodies: unknown[] = [];
  server.use(
    http.patch(`${BASE}${BOOKING_API}/updateStatus/BK1`, async ({ request }) => {
      bodies.push(await request.json());
      return status === 200 ? HttpResponse.json({ id: 'BK1' }) : HttpResponse.json({ msg: 'Conflict', reason }, { status });
    }),
  );
  return bodies;
}

describe('Confirm status update dialog', () => {
  it('requires a reason before sending', async () => {
    const bodies = answerStatus();
    renderBookingScreen(<StatusUpdateDialog booking={bookingRow('BK1')} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter a reason')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toEqual([]);
  });

  it('sends the status and the reason: "Status {x} saved successfully..."', async () => {
    const bodies = answerStatus();
    const onClose = vi.fn();
    renderBookingScreen(<StatusUpdateDialog booking={bookingRow('BK1')} onClose={onClose} />);
    expect(screen.getByRole('combobox', { name: 'New status' })).toHaveTextContent('Booked Confirmed');
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'Patient called' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Status BOOKED_CONFIRMED saved successfully...')).toBeInTheDocument();
    expect(bodies).toEqual([{ bookingStatus: 'BOOKED_CONFIRMED', reasonOrComments: 'Patient called' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows "Error saving status..." and the server reason when refused', async () => {
    answerStatus(409);
    renderBookingScreen(<StatusUpdateDialog booking={bookingRow('BK1')} onClose={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error saving status...')).toBeInTheDocument();
    expect(screen.getByText('Booking already cancelled or completed')).toBeInTheDocument();
  });

  it('refused because someone else changed the booking meanwhile: the toast says who changed what', async () => {
    const reason = 'Booking already cancelled or completed; changed by Sarah Kim (CANCEL)';
    answerStatus(409, reason);
    renderBookingScreen(<StatusUpdateDialog booking={bookingRow('BK1')} onClose={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(`Error saving status... ${reason}`)).toBeInTheDocument();
  });
});
