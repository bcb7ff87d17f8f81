import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { findBookings, reasonOf, useBookingsApi, type QueryType, type SearchCriteria } from './bookingsApi';
import { searchBody } from './searchForm';

/** A search as submitted: its criteria, and whether its outcome is announced ('Booking(s) found'). */
export interface SubmittedSearch {
  id: number;
  criteria: SearchCriteria;
  announce: boolean;
}

/**
 * One page of a search (POST /findBookings), refetched when the filter or the page changes. A submitted
 * search announces its outcome once; every failure shows 'Booking search failed. Reason: {reason or unknown}'.
 */
export function useFindBookings(search: SubmittedSearch | null, queryType: QueryType, page: number, perPage: number) {
  const api = useBookingsApi();
  const notify = useNotify();
  const translate = useTranslate();
  const announced = useRef<number | null>(null);
  return useQuery({
    queryKey: ['bookings', 'find', search?.id, search?.criteria, queryType, page, perPage],
    enabled: !!search,
    queryFn: async ({ signal }) => {
      const current = search as SubmittedSearch;
      try {
        const result = await findBookings(api, searchBody(current.criteria, queryType, page, perPage), signal);
        if (current.announce && announced.current !== current.id) {
          announced.current = current.id;
          if (result.total > 0) notify('booking.found', { type: 'success' });
          else notify('booking.noneFound', { type: 'info' });
        }
        return result;
      } catch (error) {
        if (!signal.aborted) {
          notify('booking.searchFailed', { type: 'error', messageArgs: { reason: reasonOf(error) ?? translate('booking.unknown') } });
        }
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}
