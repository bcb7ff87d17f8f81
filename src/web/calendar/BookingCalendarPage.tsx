import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import { format, startOfDay } from 'date-fns';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { formatBookingClock } from '../../domain/bookings/booking-time';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { useClinicianProfile } from '../shared/clinicianQueries';
import { PageHeading } from '../layout/PageHeading';
import { usePortalPermissions } from '../providers/permissions';
import { BookingActionsMenu, type BookingDialog } from './BookingActionsMenu';
import { RescheduleDialog } from './RescheduleDialog';
import { useRuntimeConfig } from '../providers/useRuntimeConfig';
import { BookingCalendar } from './BookingCalendar';
import { byClinician, cliniciansOf, toEvents } from './calendarEvents';
import { loadCalendarState, saveCalendarState, type CalendarState } from './calendarState';
import { CalendarFilters } from './CalendarFilters';
import { openBookingDetails } from './openInNewTab';
import { SendBookingResultsDialog } from './SendBookingResultsDialog';
import { StatusLegend } from './StatusLegend';
import { StatusUpdateDialog } from './StatusUpdateDialog';
import { TagDialog } from './TagDialog';
import { useAssignToMe } from './useAssignToMe';
import { useCalendarBookings } from './useCalendarBookings';
import { isValidTimeZone, resolveTimeZone, toZonedWallClock, type TimeZoneChoice } from '../shared/zonedTime';

/** Taller hours (a 30-minute booking shows its time and name), the time and name on one line, room for the actions button. */
const CALENDAR_SX = {
  p: 1,
  '& .rbc-timeslot-group': { minHeight: 64 },
  '& .rbc-day-slot .rbc-event': { flexFlow: 'row wrap', alignContent: 'flex-start', pr: '18px' },
  '& .rbc-event-label': { fontSize: '0.7rem' },
  '& .rbc-event-content': { fontSize: '0.8rem' },
  '& .rbc-month-view .rbc-event, & .rbc-agenda-event-cell': { position: 'relative' },
  // Readable in the dark theme too: toolbar buttons and the grid follow the MUI palette.
  '& .rbc-toolbar button': { color: 'text.primary', borderColor: 'divider' },
  '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:hover, & .rbc-toolbar button:focus': { bgcolor: 'action.selected', color: 'text.primary' },
  '& .rbc-today': { bgcolor: 'action.hover' },
  '& .rbc-off-range-bg': { bgcolor: 'action.disabledBackground' },
  // The agenda's date cell is the day's, not the first event's status colour.
  '& .rbc-agenda-view .rbc-agenda-date-cell, & .rbc-agenda-view .rbc-agenda-time-cell': { bgcolor: 'background.paper', color: 'text.primary' },
  // The agenda writes times as every other view does ('6:00 AM'): the library's stylesheet lower-cases them.
  '& .rbc-agenda-view table.rbc-agenda-table .rbc-agenda-time-cell, & .rbc-agenda-time-cell': { textTransform: 'none' },
} as const;

/** The calendar's zone as the filter names it, with its short name: "Pacific (PST)". */
function zoneLabel(choice: TimeZoneChoice, zone: string, translate: (key: string, args?: object) => string) {
  const short = formatBookingClock(new Date(), zone).split(' ').pop();
  const name = choice === 'OWN' ? zone : translate(`booking.timeZones.${choice}`);
  return `${name} (${short})`;
}

const parseDay = (ymd: string) => {
  const [y, m, d] = ymd.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/**
 * Booking Calendar (/booking-calendar, spec 2 §2.2): filters, status legend, react-big-calendar showing the
 * visible range's bookings in the chosen time zone, the actions of a booking and their modals. The view,
 * date and filters are kept in local storage.
 */
export const BookingCalendarPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  // Only clinicians (and super admins) have a clinician profile: others use the browser's zone, without a failing read.
  const { permissions } = usePortalPermissions();
  const profile = useClinicianProfile({ enabled: !!(permissions?.clinician || permissions?.superAdmin) });
  const [stored, setState] = useState<CalendarState>(() => loadCalendarState());
  useEffect(() => saveCalendarState(stored), [stored]);
  const patch = useCallback((p: Partial<CalendarState>) => setState((s) => ({ ...s, ...p })), []);
  // The shown day is in the URL: Back returns to it, a new visit opens today.
  const [search, setSearch] = useSearchParams();
  const shownDay = search.get('date');
  const state = { ...stored, date: shownDay && /^\d{4}-\d{2}-\d{2}$/.test(shownDay) ? shownDay : null };
  const showDay = (day: string) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('date', day);
        return next;
      },
      { replace: true },
    );

  const ownZone = resolveTimeZone('OWN', profile.data?.timezone);
  const zone = resolveTimeZone(state.timeZone, profile.data?.timezone);
  const getNow = useCallback(() => toZonedWallClock(new Date(), zone), [zone]);
  const date = state.date ? parseDay(state.date) : startOfDay(getNow());
  const query = useCalendarBookings(state.view, date, zone, state.location, state.type);
  const converted = useMemo(() => toEvents(query.data ?? [], zone, identity?.id ? String(identity.id) : null), [query.data, zone, identity?.id]);
  const events = useMemo(() => byClinician(converted.events, state.clinician), [converted, state.clinician]);
  const clinicians = useMemo(() => cliniciansOf(query.data ?? [], state.clinician), [query.data, state.clinician]);
  useEffect(() => {
    if (converted.unreadable > 0) notify('booking.calendarParseFailed', { type: 'error' });
  }, [converted, notify]);

  const changeTimeZone = (choice: TimeZoneChoice) => {
    if (!isValidTimeZone(resolveTimeZone(choice, profile.data?.timezone))) {
      notify('booking.timeZoneFailed', { type: 'error' });
      return;
    }
    patch({ timeZone: choice });
    notify('booking.timeZoneChanged', { type: 'success' });
  };

  const [menu, setMenu] = useState<{ booking: CalendarEventRow; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<{ kind: BookingDialog; booking: CalendarEventRow } | null>(null);
  const openMenu = useCallback((booking: CalendarEventRow, anchor: HTMLElement) => setMenu({ booking, anchor }), []);
  const assign = useAssignToMe();
  const openDetails = (id: string) => {
    if (!openBookingDetails(id)) notify('booking.openDetailsFailed', { type: 'error' });
  };
  const closeDialog = () => setDialog(null);
  const runtimeConfig = useRuntimeConfig({ enabled: dialog?.kind === 'reschedule' });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/booking-calendar" />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <CalendarFilters state={state} clinicians={clinicians} ownZone={ownZone} onChange={patch} onTimeZoneChange={changeTimeZone} />
        <StatusLegend />
      </Paper>
      {query.isFetching ? <LinearProgress aria-label={translate('booking.loading')} /> : <Box sx={{ height: 4 }} />}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ my: 0.5 }}>
        {translate('booking.timesShownIn', { zone: zoneLabel(state.timeZone, zone, translate) })}
      </Typography>
      {converted.masked > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ my: 0.5 }}>
          {translate('booking.hiddenMasked', { smart_count: converted.masked })}
        </Typography>
      )}
      <Paper variant="outlined" sx={CALENDAR_SX} data-testid="booking-calendar" data-time-zone={zone}>
        <BookingCalendar
          events={events}
          view={state.view}
          date={date}
          getNow={getNow}
          onView={(view) => patch({ view })}
          onNavigate={(d) => showDay(format(d, 'yyyy-MM-dd'))}
          onSelectEvent={(e) => openDetails(e.id)}
          onActions={openMenu}
        />
      </Paper>
      <BookingActionsMenu
        anchor={menu?.anchor ?? null}
        booking={menu?.booking ?? null}
        userId={identity?.id ? String(identity.id) : null}
        onClose={() => setMenu(null)}
        onDialog={(kind, booking) => setDialog({ kind, booking })}
        onAssign={(booking) => assign.mutate(booking)}
      />
      {dialog?.kind === 'status' && <StatusUpdateDialog booking={dialog.booking} onClose={closeDialog} />}
      {dialog?.kind === 'tag' && <TagDialog booking={dialog.booking} onClose={closeDialog} />}
      {dialog?.kind === 'send' && (
        <SendBookingResultsDialog booking={dialog.booking} onClose={closeDialog} onOpenDetails={() => openDetails(dialog.booking.id)} />
      )}
      {dialog?.kind === 'reschedule' && runtimeConfig.data?.bookingPublicUrl && (
        <RescheduleDialog
          booking={dialog.booking}
          publicUrl={runtimeConfig.data.bookingPublicUrl}
          actor={identity?.fullName ?? ''}
          onClose={closeDialog}
        />
      )}
    </Box>
  );
};

export default BookingCalendarPage;
