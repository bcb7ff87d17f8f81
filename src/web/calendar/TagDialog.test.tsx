// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASE, bookingMswServer, bookingRow, renderBookingScreen } from '../test-utils/bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import { TagDialog } from './TagDialog';

vi.setConfig({ testTimeout: 20_000 });

const server = bookingMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function answerTag(status = 200) {
  const bodies: unknown[] = [];
  server.use(
    http.patch(`${BASE}${BOOKING_API}/addTagOrLabel/BK1`, async ({ request }) => {
      bodies.push(await request.json());
      return status === 200 ? HttpResponse.json({ id: 'BK1' }) : HttpResponse.json({ msg: 'Forbidden', reason: 'Read-only role' }, { status });
    }),
  );
  return bodies;
}

async function chooseTag(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tag' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('Tag dialog', () => {
  it('offers the tags of the spec and Custom Label', async () => {
    renderBookingScreen(<TagDialog booking={bookingRow('BK1')} onClose={() => undefined} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tag' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Pending_Confirm',
      'Confirmed',
      'Done',
      'No-Show',
      'Paid',
      'Running_Late',
      'Rescheduled',
      'Need Reminder',
      'Reminder-Call-Done',
      'Reminder-SMS-Done',
      'Self-Checkin-Pending',
      'Self-Checkin-Complete',
      'Custom Label',
    ]);
  });

  it('refuses an empty custom label with "Please enter a valid Tag" and sends nothing', async () => {
    const bodies = answerTag();
    const onClose = vi.fn();
    renderBookingScreen(<TagDialog booking={bookingRow('BK1')} onClose={onClose} />);
    await chooseTag('Custom Label');
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid Tag')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(bodies).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says the 64-character limit of a custom label', async () => {
    const bodies = answerTag();
    renderBookingScreen(<TagDialog booking={bookingRow('BK1')} onClose={() => undefined} />);
    await chooseTag('Custom Label');
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'x'.repeat(65) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid Tag: at most 64 characters')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('saves a custom label: "Tag {x} saved successfully..."', async () => {
    const bodies = answerTag();
    const onClose = vi.fn();
    renderBookingScreen(<TagDialog booking={bookingRow('BK1')} onClose={onClose} />);
    await chooseTag('Custom Label');
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: ' VIP ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tag VIP saved successfully...')).toBeInTheDocument();
    expect(bodies).toEqual([{ label: 'VIP' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('saves a listed tag, and shows "Error saving Tag..." when the server refuses', async () => {
    const bodies = answerTag(403);
    renderBookingScreen(<TagDialog booking={bookingRow('BK1', { tagOrLabel: 'Paid' })} onClose={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveTextContent('Paid');
    await chooseTag('Running_Late');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving Tag...')).toBeInTheDocument();
    expect(bodies).toEqual([{ label: 'Running_Late' }]);
  });
});
