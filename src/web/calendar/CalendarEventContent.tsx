import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, ButtonBase, IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { EventProps } from 'react-big-calendar';
import { formatBookingClock } from '../../domain/bookings/booking-time';
import type { CalendarEventRow } from '../providers/bookingMethods';
import type { BookingEvent } from './calendarEvents';

export type OpenBookingActions = (booking: CalendarEventRow, anchor: HTMLElement) => void;

/** The booking's own time, in its zone and labelled, as on the detail, the list and the CSV. */
const clockOf = (event: BookingEvent) => formatBookingClock(event.booking.appntStart, event.booking.eventTimeZone);

/**
 * An event's content: its title and an actions button. The button's click stays inside (a click anywhere
 * else on the event, or Enter on the focused event, opens the booking details in a new tab).
 */
export const CalendarEventContent = ({ event, title, openActions }: EventProps<BookingEvent> & { openActions: OpenBookingActions }) => {
  const translate = useTranslate();
  return (
    <Box
      data-booking-id={event.id}
      data-mine={event.mine ? 'true' : 'false'}
      sx={{
        minWidth: 0,
        pr: '16px',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        // A month cell has room for one line per event (react-big-calendar measures one): the time first, then the title.
        '.rbc-month-view &': { display: 'flex', gap: 0.5, whiteSpace: 'nowrap' },
      }}
    >
      <Box component="span" sx={{ '.rbc-month-view &': { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 } }}>
        {title}
      </Box>
      <Box component="span" sx={{ display: 'block', fontSize: '0.7rem', '.rbc-month-view &': { order: -1, flexShrink: 0 } }}>
        {clockOf(event)}
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
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          display: 'flex',
          cursor: 'pointer',
          fontSize: 16,
          bgcolor: 'rgba(0,0,0,0.15)',
          borderRadius: 0.5,
        }}
      >
        <MoreVertIcon fontSize="inherit" />
      </Box>
    </Box>
  );
};

/**
 * An agenda row's event: the agenda's cells are not controls, so the title is a real button (its click reaches the
 * cell, which opens the booking) and the actions are a named button, both reached with Tab.
 */
export const AgendaEventContent = ({ event, title, openActions }: EventProps<BookingEvent> & { openActions: OpenBookingActions }) => {
  const translate = useTranslate();
  return (
    <Box data-booking-id={event.id} data-mine={event.mine ? 'true' : 'false'} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <ButtonBase sx={{ font: 'inherit', color: 'inherit', textAlign: 'left', '&:hover, &.Mui-focusVisible': { textDecoration: 'underline' } }}>
        {title}
      </ButtonBase>
      <Box component="span" sx={{ fontSize: '0.7rem' }}>
        {clockOf(event)}
      </Box>
      <IconButton
        size="small"
        color="inherit"
        aria-label={translate('booking.actionsFor', { name: event.booking.name })}
        onClick={(e) => {
          e.stopPropagation();
          openActions(event.booking, e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
};

/**
 * The month view's "+N more" of a crowded day, as a table cell of its week row (ARIA: a row holds cells) with a button
 * that opens that day.
 */
export const ShowMoreCell = ({ count, slotDate, onShowDay }: { count: number; slotDate: Date; onShowDay: (day: Date) => void }) => {
  const translate = useTranslate();
  return (
    <Box component="span" role="cell" sx={{ display: 'block' }}>
      <ButtonBase
        className="rbc-button-link rbc-show-more"
        onClick={(e) => {
          e.stopPropagation();
          onShowDay(slotDate);
        }}
      >
        {translate('booking.showMore', { count })}
      </ButtonBase>
    </Box>
  );
};
