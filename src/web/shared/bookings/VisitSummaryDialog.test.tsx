// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE } from '../../test-utils/bookingFixtures';
import { answerDetail, detail, detailServer, keysSent, renderDetail } from '../../test-utils/bookingDetailFixtures';
import { VisitSummaryDialog } from './VisitSummaryDialog';

const server = detailServer();
const answerContent = () =>
  server.use(
    http.get(`${BASE}/secure/content/clinician-portal`, () =>
      HttpResponse.json({
        data: {
          data: {
            attributes: {
              bookingSummary: '<p>Hello {{patientName}},</p><p>thanks for visiting.<script>alert(1)</script></p><p>{{clinicianName}}</p>',
            },
          },
        },
      }),
    ),
  );

describe('Send visit summary', () => {
  it('prefills the content template with the names, strips line breaks and asks before sending', async () => {
    const writes = answerDetail(server, detail());
    const keys = keysSent(server);
    answerContent();
    renderDetail(<VisitSummaryDialog booking={detail()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Send visit summary to patient' });
    const field = within(dialog).getByRole('textbox', { name: 'Summary' });
    await screen.findByDisplayValue(/Hello Ann Lee,/);
    expect((field as HTMLTextAreaElement).value).toBe('Hello Ann Lee,\nthanks for visiting.\nJane Doe');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const confirm = await screen.findByText('Send this summary to ann.lee@example.com?');
    expect(writes).toEqual([]);
    fireEvent.click(within(confirm.closest('[role="dialog"]') as HTMLElement).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Summary report sent to patient successfully!')).toBeInTheDocument();
    expect(writes).toEqual([
      { method: 'POST', path: '/secure/booking/v1/sendPatientSummary/BK1', body: { summary: 'Hello Ann Lee, thanks for visiting. Jane Doe' } },
    ]);
    expect(keys).toEqual({ '/secure/booking/v1/sendPatientSummary/BK1': expect.stringMatching(/^[0-9a-f-]{36}$/) }); // a double click mails once
  });

  it('needs the patient account: "Patient Account Not found"', async () => {
    answerDetail(server, detail({ isOnboardTbd: false }));
    answerContent();
    renderDetail(<VisitSummaryDialog booking={detail({ isOnboardTbd: false })} onClose={() => undefined} />);
    expect(await screen.findByText('Patient Account Not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
