// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TEXT } from '../../../domain/i18n/en/message';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { UpdateStatusDialog } from './UpdateStatusDialog';

vi.setConfig({ testTimeout: 30_000 });

function setup() {
  const annotateMessages = vi.fn(async () => ({ status: 'DONE' }));
  renderInAdmin(<UpdateStatusDialog open msgIds={['m-1', 'm-2']} onClose={() => undefined} />, {
    dataProvider: fakeDataProvider({ annotateMessages } as never),
  });
  return annotateMessages;
}

describe('Update Status dialog', () => {
  it('submitted empty: "Please enter a reason" under the reason only, no second "form is not valid" toast, nothing sent', async () => {
    const annotate = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText(MESSAGE_TEXT.enterReason)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getAllByText(MESSAGE_TEXT.enterReason)).toHaveLength(1);
    expect(screen.queryByText(/The form is not valid/)).not.toBeInTheDocument();
    expect(annotate).not.toHaveBeenCalled();
  });

  it('the status list has no blank option: a status is chosen from the start', async () => {
    setup();
    const select = await screen.findByRole('combobox', { name: /Status/ });
    expect(select.textContent?.replace(/\u200b/g, '').trim()).not.toBe('');
    fireEvent.mouseDown(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent?.replace(/\u200b/g, '').trim())).not.toContain('');
  });

  it('a status and a reason are sent for every selected message', async () => {
    const annotate = setup();
    fireEvent.change(await screen.findByRole('textbox', { name: /Reason/ }), { target: { value: ' answered ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(annotate).toHaveBeenCalledWith(expect.objectContaining({ comment: 'answered', msgIds: 'm-1,m-2' })));
  });
});
