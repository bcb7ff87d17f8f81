import { bookingDetailsPath } from '../bookings/bookingsApi';

/** Opens a URL in a new tab without giving it this window (opener); false when the browser blocked it. */
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

/** The booking detail screen of a booking, in a new tab. */
export const openBookingDetails = (bookingId: string) => openInNewTab(bookingDetailsPath(bookingId));
