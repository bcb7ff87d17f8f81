import type { MouseEvent } from 'react';
import { Confirm, type ConfirmProps } from 'react-admin';

/**
 * react-admin's Confirm for a write the user confirms: it closes by Cancel or Escape, not by a click outside it. The
 * second click of a double-clicked Submit (or Send) lands outside the confirmation that the first click just opened,
 * and must not close it again.
 */
export const ActionConfirm = ({ onClose, ...props }: ConfirmProps) => (
  <Confirm
    {...props}
    onClose={(event: MouseEvent, reason?: string) => {
      if (reason !== 'backdropClick') onClose(event);
    }}
  />
);
