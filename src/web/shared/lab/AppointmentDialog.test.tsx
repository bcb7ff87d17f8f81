// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../../domain/i18n/en/lab';
import { clinicianProfile, renderInAdmin } from '../../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, testDataProvider } from '../../test-utils/labFixtures';
import { AppointmentDialog } from './AppointmentDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Appointment Details', () => {
  it('prefills the request to book through the meeting link, signed "<clinician>, NP", and sends it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json(clinicianProfile({ calendarLink: 'https://cal.example/jane' }))),
      http.post(`${BASE}/secure/testResult/appointmentRequest`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ messageId: 'm1' });
      }),
    );
    const onClose = vi.fn();
    const record = labRow();
    renderInAdmin(<AppointmentDialog record={record} onClose={onClose} />, { dataProvider: testDataProvider() });
    const field = await screen.findByLabelText(LAB_TEXT.message);
    const text = (field as HTMLTextAreaElement).value;
    expect(text.startsWith('Hi Ann Lee,')).toBe(true);
    expect(text).toContain('https://cal.example/jane');
    expect(text.endsWith('Jane Doe, NP')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    expect(await screen.findByText(LAB_TEXT.appointmentRequested)).toBeInTheDocument();
    expect(sent).toEqual([{ testResultId: record.testResultId, message: text }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
