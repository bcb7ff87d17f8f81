import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, IconButton } from '@mui/material';
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
      {/* Out of the tab order: the event itself is react-big-calendar's button (no control inside a control); with the
          event focused, 'a' opens these actions (BookingCalendar's onKeyPressEvent). */}
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={translate('booking.actionsFor', { name: event.booking.name })}
        onMouseDown={(e) => e.stopPropagation()}
        onClick={(e) => {
          e.stopPropagation();
          openActions(event.booking, e.currentTarget);
        }}
        sx={{ position: 'absolute', top: 0, right: 0, color: 'inherit', p: 0, fontSize: 16, bgcolor: 'rgba(0,0,0,0.15)', borderRadius: 0.5 }}
      >
        <MoreVertIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
};
