/**
 * Portal pages opened in a new tab keep the signed-in session: tokens live in sessionStorage (they end with the tab),
 * which a browser copies only into a tab opened with an opener. So same-origin portal pages open through
 * window.open (the opener is cleared right after), and portal links use `rel="opener"` (PORTAL_TAB_REL). Links to
 * other sites keep `rel="noopener noreferrer"`.
 */
export const PORTAL_TAB_REL = 'opener';

/** Opens a portal URL in a new tab that shares this tab's session; false when the browser blocked it. */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  try {
    tab.opener = null;
  } catch {
    // cross-origin: nothing to clear
  }
  return true;
}
