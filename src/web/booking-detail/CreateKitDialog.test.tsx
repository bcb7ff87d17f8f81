// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/shared/headers';
import { BASE } from '../test-utils/bookingFixtures';
import { BOOKING_API } from '../providers/bookingMethods';
import { CreateKitDialog } from './CreateKitDialog';
import { answerDetail, detail, detailServer, renderDetail } from '../test-utils/bookingDetailFixtures';

const server = detailServer();

async function choose(dialog: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Create Kit', () => {
  it('names the missing values (the Lifescan number only for LIFESCAN), then creates the kit', async () => {
    answerDetail(server, detail());
    const bodies: unknown[] = [];
    const keys: Array<string | null> = [];
    server.use(
      http.post(`${BASE}${BOOKING_API}/orderKit/BK1`, async ({ request }) => {
        bodies.push(await request.json());
        keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
        return HttpResponse.json({ kitId: 'KB0000009' });
      }),
    );
    renderDetail(<CreateKitDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Kit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Missing required value for Panel Name, Medications, Notes, Lifescan Req Num. Enter "none" if nothing to enter',
    );
    await choose(dialog, 'Lab Name', 'CDD');
    await choose(dialog, 'Panel Name', 'The VIP Panel');
    expect(within(dialog).queryByRole('textbox', { name: 'Lifescan Req Num' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Missing required value for Medications, Notes. Enter "none" if nothing to enter'),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Medications' }), { target: { value: 'none' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'none' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Kit created successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({ labName: 'CDD', panelName: 'The VIP Panel', medications: 'none', notes: 'none', symptoms: 'none' }),
    ]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]); // the server creates one kit for a repeated key
  });
});
