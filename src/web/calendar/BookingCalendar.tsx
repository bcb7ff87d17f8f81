import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { Box } from '@mui/material';
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Calendar, dateFnsLocalizer, type EventProps, type Formats, type Messages, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { CALENDAR_KEYS } from '../../domain/shared/row-shortcuts';
import { CALENDAR_VIEWS, type CalendarView } from './calendarRange';
import { eventStyle, type BookingEvent } from './calendarEvents';
import { AgendaEventContent, CalendarEventContent, ShowMoreCell, type OpenBookingActions } from './CalendarEventContent';
import { columnLayout } from './dayLayout';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

/** Calendar height (spec 2 §2.2, §9). */
export const CALENDAR_HEIGHT_PX = 750;
const SCROLL_TO = new Date(1970, 0, 1, 6, 0);
/** The day view's label carries the year; times are written as 'h:mm AM' in every view (the agenda too). */
const FORMATS: Formats = {
  dayHeaderFormat: 'cccc MMM dd, yyyy',
  agendaTimeFormat: 'h:mm a',
  agendaTimeRangeFormat: ({ start, end }, culture, loc) => `${loc?.format(start, 'h:mm a', culture)} – ${loc?.format(end, 'h:mm a', culture)}`,
};

export interface BookingCalendarProps {
  events: BookingEvent[];
  view: CalendarView;
  date: Date;
  /** "Now" in the chosen zone, as a wall-clock Date. */
  getNow: () => Date;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  onSelectEvent: (event: BookingEvent) => void;
  /** An event's actions button: opens the booking's actions menu at it. */
  onActions: OpenBookingActions;
}

const DayHeader = ({ label }: { label: string }) => <span>{label}</span>;

/** react-big-calendar with the date-fns localizer: day, week, month and agenda views, events coloured by status and owner. */
export const BookingCalendar = ({ events, view, date, getNow, onView, onNavigate, onSelectEvent, onActions }: BookingCalendarProps) => {
  const translate = useTranslate();
  const components = useMemo(
    () => ({
      event: (props: EventProps<BookingEvent>) => <CalendarEventContent {...props} openActions={onActions} />,
      agenda: { event: (props: EventProps<BookingEvent>) => <AgendaEventContent {...props} openActions={onActions} /> },
      // The day and week headers sit in no table row, so their label is plain text (the library marks it a column header).
      week: { header: DayHeader },
      day: { header: DayHeader },
      showMore: ({ count, slotDate }: { count: number; slotDate: Date }) => (
        <ShowMoreCell
          count={count}
          slotDate={slotDate}
          onShowDay={(day) => {
            onNavigate(day);
            onView('day');
          }}
        />
      ),
    }),
    [onActions, onNavigate, onView],
  );
  const messages = useMemo<Messages>(
    () => ({
      date: translate('booking.date'),
      time: translate('booking.time'),
      event: translate('booking.event'),
      allDay: translate('booking.allDay'),
      day: translate('booking.views.day'),
      week: translate('booking.views.week'),
      month: translate('booking.views.month'),
      agenda: translate('booking.views.agenda'),
      today: translate('booking.today'),
      previous: translate('booking.previous'),
      next: translate('booking.next'),
      noEventsInRange: translate('booking.noEventsInRange'),
      showMore: (count: number) => translate('booking.showMore', { count }),
    }),
    [translate],
  );
  return (
    // The week and day views' all-day row is not shown: bookings always have times (showMultiDayTimes), so it stays
    // empty, and react-big-calendar marks it up as a table row group outside any table.
    // The month view's days of the neighbouring months: react-big-calendar's grey (#999 on #e6e6e6) is 2.2:1.
    <Box sx={{ '& .rbc-allday-cell': { display: 'none' }, '& .rbc-off-range': { color: '#595959' } }}>
      <Calendar<BookingEvent>
        localizer={localizer}
        culture="en-US"
        events={events}
        views={[...CALENDAR_VIEWS]}
        view={view}
        date={date}
        getNow={getNow}
        onView={(v: View) => onView(v as CalendarView)}
        onNavigate={onNavigate}
        onSelectEvent={onSelectEvent}
        // The focused event by keyboard: Enter opens it, 'a' its actions (CALENDAR_KEYS, listed in the '?' help).
        onKeyPressEvent={(event, e) => {
          const { key, currentTarget } = e as KeyboardEvent<HTMLElement>;
          if (key === CALENDAR_KEYS.open) onSelectEvent(event);
          else if (key === CALENDAR_KEYS.actions) onActions(event.booking, currentTarget);
        }}
        eventPropGetter={(event) => ({ style: eventStyle(event) })}
        components={components}
        messages={messages}
        scrollToTime={SCROLL_TO}
        popup
        // Overlapping appointments side by side: each event's actions button stays visible and clickable.
        dayLayoutAlgorithm={columnLayout}
        // An appointment across midnight (23:45-00:15) is drawn at its times in each day's grid, not as an all-day event.
        showMultiDayTimes
        formats={FORMATS}
        style={{ height: CALENDAR_HEIGHT_PX }}
      />
    </Box>
  );
};
