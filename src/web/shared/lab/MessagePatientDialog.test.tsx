// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../../domain/i18n/en/lab';
import { clinicianProfile, renderInAdmin } from '../../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, testDataProvider } from '../../test-utils/labFixtures';
import { MessagePatientDialog } from './MessagePatientDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup() {
  const sent: unknown[] = [];
  server.use(
    http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json(clinicianProfile())),
    http.post(`${BASE}/secure/testResult/patientMessage`, async ({ request }) => {
      sent.push(await request.json());
      await delay(300); // long enough to see the pending state on a loaded machine
      return HttpResponse.json({ messageId: 'm1' });
    }),
  );
  const onClose = vi.fn();
  renderInAdmin(<MessagePatientDialog record={labRow()} onClose={onClose} />, { dataProvider: testDataProvider() });
  return { sent, onClose };
}

describe('Message Patient', () => {
  it('an empty message shows "Make sure you add text" and is not sent', async () => {
    const { sent } = setup();
    const field = await screen.findByLabelText(LAB_TEXT.message);
    expect(field).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAB_TEXT.makeSureAddText);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.makeSureAddText));
    expect(sent).toEqual([]);
  });

  it('shows "Sending Message..." while it goes (button disabled), then "Message Sent!"', async () => {
    const { sent, onClose } = setup();
    fireEvent.change(await screen.findByLabelText(LAB_TEXT.message), { target: { value: 'Please call us.' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    expect(await screen.findByText(LAB_TEXT.sendingMessage)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: LAB_TEXT.send })).toBeDisabled();
    expect(await screen.findByText(LAB_TEXT.messageSent)).toBeInTheDocument();
    expect(sent).toEqual([{ kitId: 'KT0000001', message: 'Please call us.' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('Ctrl+Enter in the text sends it', async () => {
    const { sent, onClose } = setup();
    const field = await screen.findByLabelText(LAB_TEXT.message);
    fireEvent.change(field, { target: { value: 'Please call us.' } });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ kitId: 'KT0000001', message: 'Please call us.' }]);
  });
});
