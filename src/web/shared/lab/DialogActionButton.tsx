import { useState, type ReactNode } from 'react';
import { ActionButton, type ActionButtonProps } from './ActionButton';
import { DialogSlot } from './DialogSlot';

export interface DialogActionButtonProps extends Omit<ActionButtonProps, 'onClick' | 'pending'> {
  /** The (lazily loaded) dialog, mounted only while open; `close` closes it. */
  dialog: (close: () => void) => ReactNode;
}

/** A row action that opens a dialog. */
export const DialogActionButton = ({ dialog, ...button }: DialogActionButtonProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton {...button} onClick={() => setOpen(true)} />
      <DialogSlot open={open}>{dialog(() => setOpen(false))}</DialogSlot>
    </>
  );
};
