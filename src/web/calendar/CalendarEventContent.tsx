import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EventProps } from 'react-big-calendar';
import { formatBookingClock } from '../../domain/booking-time';
import type { CalendarEventRow } from '../providers/bookingMethods';
import type { BookingEvent } from './calendarEvents';

export type OpenBookingActions = (booking: CalendarEventRow, anchor: HTMLElement) => void;

/**
 * An event's content: its title and an actions button. The button's click stays inside (a click anywhere
 * else on the event, or Enter on the focused event, opens the booking details in a new tab).
 */
export const CalendarEventContent = ({ event, title, openActions }: EventProps<BookingEvent> & { openActions: OpenBookingActions }) => {
  const translate = useTranslate();
  return (
    <Box data-booking-id={event.id} data-mine={event.mine ? 'true' : 'false'} sx={{ minWidth: 0, pr: '16px', overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {title}
      {/* The booking's own time, in its zone and labelled, as on the detail, the list and the CSV. */}
      <Box component="span" sx={{ display: 'block', fontSize: '0.7rem', opacity: 0.9 }}>
        {formatBookingClock(event.booking.appntStart, event.booking.eventTimeZone)}
      </Box>
      {/* The event itself is react-big-calendar's button, and a control inside a control is not allowed (axe
          nested-interactive): this is the pointer's way to the actions; the keyboard's is 'a' on the focused event
          (BookingCalendar's onKeyPressEvent, listed in the '?' help). */}
      <Box
        component="span"
        aria-hidden
        title={translate('booking.actionsFor', { name: event.booking.name })}
        data-testid="booking-actions"
        onMouseDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          openActions(event.booking, e.currentTarget);
        }}
        sx={{ position: 'absolute', top: 0, right: 0, display: 'flex', cursor: 'pointer', fontSize: 16, bgcolor: 'rgba(0,0,0,0.15)', borderRadius: 0.5 }}
      >
        <MoreVertIcon fontSize="inherit" />
      </Box>
    </Box>
  );
};
