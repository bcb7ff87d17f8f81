import { useEffect, useState } from 'react';

/**
 * A dialog gives the focus back to the control that opened it when it closes. If that control was refused meanwhile
 * (the action is done: Complete Booking of a completed booking, now disabled) the focus would be lost to the page:
 * the control's refusal wrapper (`data-refusal`, which says why) or the control itself gets it instead.
 */
export function useFocusBackToOpener() {
  // Read while rendering: the dialog's own focus trap moves the focus in its effect.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      setTimeout(() => {
        if (document.activeElement !== document.body || !(opener instanceof HTMLElement) || !opener.isConnected) return;
        (opener.closest<HTMLElement>('[data-refusal]') ?? opener).focus();
      });
    },
    [opener],
  );
}
