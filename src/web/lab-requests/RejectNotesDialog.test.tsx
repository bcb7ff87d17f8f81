// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { BASE, labMswServer, labRow, testDataProvider } from '../test-utils/labFixtures';
import { RejectNotesDialog } from './RejectNotesDialog';

const server = labMswServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Reject Notes', () => {
  it('prefills the patient note "Hi {first name},", needs both notes, then rejects: "Reject Note Added"', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(`${BASE}/secure/labRequest/reject`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: 'REJECTED_BY_CLINICIAN' });
      }),
    );
    const onClose = vi.fn();
    renderInAdmin(<RejectNotesDialog record={labRow({ status: 'REGISTERED' })} onClose={onClose} />, { dataProvider: testDataProvider() });
    const external = (await screen.findByLabelText(new RegExp(LAB_TEXT.externalNote))) as HTMLTextAreaElement;
    expect(external.value.startsWith('Hi Ann,')).toBe(true);
    expect(screen.getByLabelText(new RegExp(LAB_TEXT.internalNote))).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.reject }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAB_TEXT.enterRequiredValues);
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText(new RegExp(LAB_TEXT.internalNote)), { target: { value: 'Hemolysed sample' } });
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.reject }));
    expect(await screen.findByText(LAB_TEXT.rejectNoteAdded)).toBeInTheDocument();
    expect(sent).toEqual([{ kitId: 'KT0000001', internalNote: 'Hemolysed sample', externalNote: external.value.trim() }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the notes of a rejected request read-only', async () => {
    renderInAdmin(
      <RejectNotesDialog
        record={labRow({ status: 'REJECTED_BY_CLINICIAN', internalNote: 'Hemolysed', externalNote: 'Hi Ann, please recollect.' })}
        readOnly
        onClose={() => undefined}
      />,
      { dataProvider: testDataProvider() },
    );
    expect(await screen.findByText('Hemolysed')).toBeInTheDocument();
    expect(screen.getByText('Hi Ann, please recollect.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LAB_TEXT.reject })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
