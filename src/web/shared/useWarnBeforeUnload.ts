import { useEffect } from 'react';

/**
 * While `active`, leaving the page (reload, close, typing another address) first asks the browser's "Leave site?"
 * question, so unsent work is not lost silently. Navigation inside the portal is asked about by the screen itself
 * (react-router's useBlocker, e.g. messages/DraftLeaveGuard).
 */
export function useWarnBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return undefined;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show the question.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
