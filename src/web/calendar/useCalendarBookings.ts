import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { calendarBookings, reasonOf, useBookingsApi } from '../bookings/bookingsApi';
import { queryRange, type CalendarView } from './calendarRange';
import type { LocationFilter, TypeFilter } from './calendarState';

/** The bookings of the visible range only (GET /bookings?from&to&location&type), refetched on navigation. */
export function useCalendarBookings(view: CalendarView, date: Date, zone: string, location: LocationFilter, type: TypeFilter) {
  const api = useBookingsApi();
  const notify = useNotify();
  const translate = useTranslate();
  const { from, to } = queryRange(view, date, zone);
  return useQuery({
    queryKey: ['bookings', 'calendar', from, to, location, type],
    queryFn: async ({ signal }) => {
      try {
        return await calendarBookings(api, { from, to, location, type }, signal);
      } catch (error) {
        if (!signal.aborted) {
          notify('booking.calendarLoadFailed', { type: 'error', messageArgs: { reason: reasonOf(error) ?? translate('booking.unknown') } });
        }
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
