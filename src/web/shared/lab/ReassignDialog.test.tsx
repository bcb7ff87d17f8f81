// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../../domain/i18n/en/lab';
import { renderInAdmin } from '../../test-utils/adminTestContext';
import { BASE, labMswServer, testDataProvider } from '../../test-utils/labFixtures';
import { ReassignDialog } from './ReassignDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ACKS = [LAB_TEXT.reassignAckReviewed, LAB_TEXT.reassignAckNoRepeat, LAB_TEXT.reassignAckMessages];

function setup() {
  const onClose = vi.fn();
  const calls: unknown[] = [];
  server.use(
    http.put(`${BASE}/secure/testResult/assign`, async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json({ kitId: 'KT1', clinicianId: 'sub-1' });
    }),
  );
  renderInAdmin(<ReassignDialog kind="result" kitId="KT1" onClose={onClose} />, { dataProvider: testDataProvider() });
  return { onClose, calls };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.reassignConfirm }));

describe('Re-assign Kit to Me dialog', () => {
  it('has the title, focuses the reason and shows the three acknowledgements', async () => {
    setup();
    expect(await screen.findByRole('dialog', { name: LAB_TEXT.reassignTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(new RegExp(LAB_TEXT.reassignReason))).toHaveFocus();
    for (const ack of ACKS) expect(screen.getByLabelText(ack)).toBeInTheDocument();
  });

  it('needs the reason and all three switches: "Please confirm and select all checkboxes", nothing sent', async () => {
    const { calls } = setup();
    await screen.findByRole('dialog');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(LAB_TEXT.confirmAllCheckboxes);
    fireEvent.change(screen.getByLabelText(new RegExp(LAB_TEXT.reassignReason)), { target: { value: 'Covering for Mark' } });
    fireEvent.click(screen.getByLabelText(ACKS[0]));
    fireEvent.click(screen.getByLabelText(ACKS[1]));
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.confirmAllCheckboxes);
    // all three switches but no reason
    fireEvent.click(screen.getByLabelText(ACKS[2]));
    fireEvent.change(screen.getByLabelText(new RegExp(LAB_TEXT.reassignReason)), { target: { value: '  ' } });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.confirmAllCheckboxes);
    expect(calls).toEqual([]);
  });

  it('re-assigns with the reason when all four are given, then "Assigned to You!" (spec 1 §8: the re-assign spelling) and closes', async () => {
    const { calls, onClose } = setup();
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText(new RegExp(LAB_TEXT.reassignReason)), { target: { value: 'Covering for Mark' } });
    for (const ack of ACKS) fireEvent.click(screen.getByLabelText(ack));
    submit();
    expect(await screen.findByText('Assigned to You!')).toBeInTheDocument();
    expect(calls).toEqual([{ kitId: 'KT1', reason: 'Covering for Mark' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a failure as an alert with the server message', async () => {
    setup();
    server.use(
      http.put(`${BASE}/secure/testResult/assign`, () => HttpResponse.json({ msg: 'Conflict', reason: 'someone else won' }, { status: 409 })),
    );
    await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText(new RegExp(LAB_TEXT.reassignReason)), { target: { value: 'r' } });
    for (const ack of ACKS) fireEvent.click(screen.getByLabelText(ack));
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Conflict.Reason: someone else won'));
  });
});
