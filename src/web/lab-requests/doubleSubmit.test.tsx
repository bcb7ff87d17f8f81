// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { fakeDataProvider, renderInAdmin } from '../test-utils/adminTestContext';
import { labRow } from '../test-utils/labFixtures';
import { ApproveButton } from './ApproveButton';
import { RejectNotesDialog } from './RejectNotesDialog';

/** A second click while the first request runs is ignored, before React has re-rendered the disabled button. */
const slow = <T,>(value: T) => vi.fn(() => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30)));

describe('a lab request write runs once however fast the user clicks', () => {
  it('Approve, double-clicked: one request, the success toast, no error', async () => {
    const labApprove = slow({});
    renderInAdmin(<ApproveButton kitId="KT1" enabled />, { dataProvider: fakeDataProvider({ labApprove }) });
    const button = screen.getByRole('button', { name: LAB_TEXT.approve });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(LAB_TEXT.approved)).toBeInTheDocument();
    expect(labApprove).toHaveBeenCalledTimes(1);
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
});
