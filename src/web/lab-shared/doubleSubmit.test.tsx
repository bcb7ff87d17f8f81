// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { ApproveButton } from '../lab-requests/ApproveButton';
import { RejectNotesDialog } from '../lab-requests/RejectNotesDialog';
import { ReleaseNotesForm } from '../lab-results/ReleaseNotesForm';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { labRow } from '../test-utils/labFixtures';
import { AssignButton } from './AssignButton';

/**
 * Field test finding 2: a double click sent every write twice (the second answered 409 and the user saw only that
 * error). A second click while the first request runs is ignored, before React has re-rendered the disabled button.
 */
const slow = <T,>(value: T) => vi.fn(() => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30)));

describe('a write runs once however fast the user clicks', () => {
  it('Approve, double-clicked: one request, the success toast, no error', async () => {
    const labApprove = slow({});
    renderInAdmin(<ApproveButton kitId="KT1" enabled />, { dataProvider: fakeDataProvider({ labApprove }) });
    const button = screen.getByRole('button', { name: LAB_TEXT.approve });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(LAB_TEXT.approved)).toBeInTheDocument();
    expect(labApprove).toHaveBeenCalledTimes(1);
  });

  it('Assign To Me, double-clicked: one request', async () => {
    const labAssign = slow({});
    renderInAdmin(<AssignButton kind="result" kitId="KT1" enabled />, { dataProvider: fakeDataProvider({ labAssign }) });
    const button = screen.getByRole('button', { name: LAB_TEXT.assignToMe });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(LAB_TEXT.assignedToYou)).toBeInTheDocument();
    expect(labAssign).toHaveBeenCalledTimes(1);
  });

  it('Reject, submitted twice: one request', async () => {
    const labReject = slow({});
    renderInAdmin(<RejectNotesDialog record={labRow({ status: 'REGISTERED' })} onClose={() => undefined} />, {
      dataProvider: fakeDataProvider({ labReject }),
    });
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(new RegExp(LAB_TEXT.internalNote)), { target: { value: 'internal' } });
    const submit = within(dialog).getByRole('button', { name: LAB_TEXT.reject });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(LAB_TEXT.rejectNoteAdded)).toBeInTheDocument();
    expect(labReject).toHaveBeenCalledTimes(1);
  });

  it('Send Results, the confirmation clicked twice: the notes are saved and released once', async () => {
    const saveResultNotes = slow({});
    const releaseResultNotes = slow({});
    renderInAdmin(
      <ReleaseNotesForm
        record={labRow({ status: 'NEEDS_CLINICIAN_REVIEW', externalNotes: 'Your results are normal.' })}
        releasedMessage="lab.resultReleaseSuccess"
        onDone={() => undefined}
        onCancel={() => undefined}
      />,
      { dataProvider: fakeDataProvider({ saveResultNotes, releaseResultNotes, getTemplates: vi.fn(async () => []) } as never) },
    );
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.send }));
    const confirm = await screen.findByRole('dialog');
    const send = within(confirm).getByRole('button', { name: LAB_TEXT.send });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(releaseResultNotes).toHaveBeenCalled());
    expect(await screen.findByText(LAB_TEXT.resultReleaseSuccess)).toBeInTheDocument();
    expect(saveResultNotes).toHaveBeenCalledTimes(1);
    expect(releaseResultNotes).toHaveBeenCalledTimes(1);
  });
});
