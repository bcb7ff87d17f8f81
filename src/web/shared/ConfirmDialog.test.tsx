// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { ConfirmDialog } from './ConfirmDialog';

vi.setConfig({ testTimeout: 20_000 });

const Opener = ({ onConfirm }: { onConfirm: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send
      </button>
      <button type="button">Elsewhere</button>
      <ConfirmDialog
        open={open}
        title="lab.confirmSend"
        content="lab.confirmSend"
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
};

/** The shared confirmation (MUI Dialog) takes the focus, keeps it inside, and gives it back on close. */
describe('ConfirmDialog focus', () => {
  it('focuses its confirm button, traps the focus, and restores it to the opener on Escape and on confirm', async () => {
    const onConfirm = vi.fn();
    // MUI's focus trap only acts while the document has the focus, which jsdom never reports.
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    renderInAdmin(<Opener onConfirm={onConfirm} />);
    const opener = await screen.findByRole('button', { name: 'Send' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    const ok = screen.getByRole('button', { name: 'OK' });
    await waitFor(() => expect(document.activeElement).toBe(ok));

    // The page behind is out of reach: focusing it brings the focus back into the dialog.
    const behind = screen.getByRole('button', { name: 'Elsewhere', hidden: true });
    expect(behind.closest('[aria-hidden="true"]')).not.toBeNull();
    behind.focus();
    // (to the modal's own container, from which Tab goes on to the dialog's buttons)
    await waitFor(() => expect(document.activeElement?.closest('.MuiDialog-root')).toBe(dialog.closest('.MuiDialog-root')));
    expect(document.activeElement).not.toBe(behind);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
