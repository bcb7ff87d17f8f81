import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';
import { errorReason } from '../providers/errorReason';
import { queryRange, type CalendarView } from './calendarRange';
import type { LocationFilter, TypeFilter } from './calendarState';

/** The bookings of the visible range only (dataProvider.calendarBookings, cached under ['bookings'] so booking writes invalidate it) (GET /bookings?from&to&location&type), refetched on navigation. */
export function useCalendarBookings(view: CalendarView, date: Date, zone: string, location: LocationFilter, type: TypeFilter) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const { from, to } = queryRange(view, date, zone);
  return useQuery({
    queryKey: ['bookings', 'calendar', from, to, location, type],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.calendarBookings({ from, to, location, type }, signal);
      } catch (error) {
        if (!signal.aborted) {
          notify('booking.calendarLoadFailed', { type: 'error', messageArgs: { reason: errorReason(error) ?? translate('booking.unknown') } });
        }
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
