import { bookingDetailsPath } from '../shared/bookings/bookingColumns';
import { openInNewTab } from '../providers/newTab';

export { openInNewTab };

/** The booking detail screen of a booking, in a new tab. */
export const openBookingDetails = (bookingId: string) => openInNewTab(bookingDetailsPath(bookingId));
