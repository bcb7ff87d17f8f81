// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { clinicianProfile, renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, testDataProvider } from '../test-utils/labFixtures';
import { SendLabResultsDialog } from './SendLabResultsDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const INCONCLUSIVE = labRow({
  results: [
    { testName: 'Chlamydia trachomatis', result: 'Not Detected', units: '', summaryStatus: null },
    { testName: 'Neisseria gonorrhoeae', result: 'Inconclusive', units: '', summaryStatus: null },
  ],
});
const POSITIVE = labRow({ externalNotes: 'Saved draft text' });

function setup(record = POSITIVE, editable = true) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get(`${BASE}/secure/clinician/profile`, () => HttpResponse.json(clinicianProfile())),
    http.post(`${BASE}/secure/testResult/:kitId/notes`, async ({ request, params }) => {
      calls.push(`POST notes ${params.kitId}`);
      bodies.push(await request.json());
      return HttpResponse.json({ saved: true });
    }),
    http.put(`${BASE}/secure/testResult/:kitId/notes/release`, ({ params }) => {
      calls.push(`PUT release ${params.kitId}`);
      return HttpResponse.json({ status: 'RESULTS_RELEASED' });
    }),
  );
  const onClose = vi.fn();
  renderInAdmin(<SendLabResultsDialog record={record} editable={editable} onClose={onClose} />, { dataProvider: testDataProvider() });
  return { calls, bodies, onClose };
}

const notesField = () => screen.getByLabelText(LAB_TEXT.notesToPatient);

describe('Send Results: rejected-results notice', () => {
  it('lists the inconclusive result and needs "This has been resolved" before the message step', async () => {
    setup(INCONCLUSIVE);
    expect(await screen.findByText(LAB_TEXT.rejectedResultsNotice)).toBeInTheDocument();
    expect(screen.getByText('Neisseria gonorrhoeae')).toBeInTheDocument();
    expect(screen.queryByText('Chlamydia trachomatis')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.continue }));
    expect(screen.getByRole('alert')).toHaveTextContent(LAB_TEXT.mustResolve);
    expect(screen.queryByLabelText(LAB_TEXT.notesToPatient)).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(LAB_TEXT.thisHasBeenResolved));
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.continue }));
    expect(await screen.findByText(LAB_TEXT.releaseNotesTitle)).toBeInTheDocument();
    expect(notesField()).toBeInTheDocument();
  });

  it('goes straight to the release notes when every result is positive or negative', async () => {
    setup(POSITIVE);
    expect(await screen.findByText(LAB_TEXT.releaseNotesTitle)).toBeInTheDocument();
    expect(screen.queryByText(LAB_TEXT.rejectedResultsNotice)).not.toBeInTheDocument();
    expect(notesField()).toHaveValue('Saved draft text');
  });
});

describe('Send Results: release notes', () => {
  it('Save Draft saves the external notes and does not release', async () => {
    const { calls, bodies, onClose } = setup();
    await screen.findByText(LAB_TEXT.releaseNotesTitle);
    fireEvent.change(notesField(), { target: { value: 'Your results are ready.' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.saveDraft }));
    expect(await screen.findByText(LAB_TEXT.draftSaved)).toBeInTheDocument();
    expect(calls).toEqual(['POST notes KT0000001']);
    expect(bodies).toEqual([{ noteType: 'external', notes: 'Your results are ready.' }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Send asks "Are you sure ...?" first; cancelling sends nothing, confirming saves then releases', async () => {
    const { calls, onClose } = setup();
    await screen.findByText(LAB_TEXT.releaseNotesTitle);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    let confirm = await screen.findByRole('dialog', { description: LAB_TEXT.confirmSend });
    fireEvent.click(within(confirm).getByRole('button', { name: LAB_TEXT.cancel }));
    await waitFor(() => expect(screen.queryByText(LAB_TEXT.confirmSend)).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    confirm = await screen.findByRole('dialog', { description: LAB_TEXT.confirmSend });
    fireEvent.click(within(confirm).getByRole('button', { name: LAB_TEXT.send }));
    expect(await screen.findByText(LAB_TEXT.resultReleaseSuccess)).toBeInTheDocument();
    expect(calls).toEqual(['POST notes KT0000001', 'PUT release KT0000001']);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('does not send empty text', async () => {
    const { calls } = setup(labRow());
    await screen.findByText(LAB_TEXT.releaseNotesTitle);
    fireEvent.change(notesField(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAB_TEXT.makeSureAddText);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.saveDraft }));
    expect(screen.queryByText(LAB_TEXT.confirmSend)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('is read-only once released', async () => {
    setup(labRow({ status: 'RESULTS_RELEASED', externalNotes: 'Released text' }), false);
    expect(await screen.findByText('Released text')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LAB_TEXT.send })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LAB_TEXT.saveDraft })).not.toBeInTheDocument();
  });
});
