import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BookingDetail } from '../../../domain/booking-detail/booking-detail';
import { isBookingDetail } from '../../../domain/shared/detail-records';
import { useDetailRecord } from '../detailRecord';
import { BOOKING_TOAST_MS } from '../../../domain/bookings/booking-texts';
import { bookingPartKey } from '../../providers/bookingMethods';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { errorReason, statusOf } from '../../providers/errorReason';
import { usePortalPermissions } from '../../providers/permissions';
import { useAction } from '../useAction';
import { useChangedByText } from '../live/recordChanges';

/**
 * The `bookings` resource's record (GET get/{id} through the dataProvider); 404 counts as 'No booking found'. A row of
 * Find Appointments stands in as loading until the detail arrives.
 */
export const useBookingDetail = (id: string) => useDetailRecord<BookingDetail>('bookings', id, isBookingDetail, { enabled: !!id, retry: false });

/**
 * A read of the screen beside the booking (documents, order summary, outbox...): a dataProvider method under the
 * `bookings` query key, so every booking action's invalidation refreshes it with the booking.
 */
export function useBookingPart<T>(
  id: string,
  part: string,
  read: (dataProvider: PortalDataProvider, signal: AbortSignal) => Promise<T>,
  enabled = true,
  staleTime = 0,
) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: bookingPartKey(id, part),
    queryFn: ({ signal }) => read(dataProvider, signal),
    enabled: enabled && !!id,
    retry: false,
    staleTime,
  });
}

/** A toast as an i18n key with its values. */
export interface Toast {
  key: string;
  args?: Record<string, unknown>;
}

export interface BookingMutationOptions<V, R> {
  success?: string | ((result: R, vars: V) => Toast);
  /** Failure toast; the server's message (the generic formatter's text) when left out. */
  failure?: (error: Error, vars: V) => Toast;
  autoHideDuration?: number;
  onSuccess?: (result: R, vars: V) => void;
}

/** Invalidates the `bookings` resource: the booking (getOne), its parts (bookingPartKey) and the booking lists. */
export const invalidateBookings = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: ['bookings'] });

/**
 * A booking action on the one action hook (shared/useAction): a named dataProvider method (providers/bookingMethods.ts),
 * pessimistic: nothing shows as done before the server answers (isPending disables the buttons; a second call while
 * one runs is ignored); then the spec's toast (6 s by default), the `bookings` queries are invalidated, then onSuccess.
 */
export function useBookingMutation<V = void, R = unknown>(
  run: (dataProvider: PortalDataProvider, vars: V) => Promise<R>,
  options: BookingMutationOptions<V, R> = {},
) {
  const changedByText = useChangedByText();
  const queryClient = useQueryClient();
  return useAction<V, R>(run, {
    success: options.success,
    failure: (error, vars) => {
      const toast = options.failure?.(error, vars) ?? { key: error.message || 'bookingDetail.somethingWrong' };
      // Overtaken by another change: the failure text says who changed the booking, and how (the 409's reason).
      const changed = changedByText(error, toast.key, toast.args);
      return changed ? { key: changed, args: { _: changed } } : toast;
    },
    invalidate: ['bookings'],
    autoHideDuration: options.autoHideDuration ?? BOOKING_TOAST_MS.default,
    onSuccess: options.onSuccess,
    // A conflict means the booking changed meanwhile (another tab, another clinician): show what it is now.
    onError: (error) => {
      if (statusOf(error) === 409) void invalidateBookings(queryClient);
    },
  });
}

/** "... Reason: {reason or unknown}" failure toasts. */
export const withReason =
  (key: string) =>
  (error: Error): Toast => ({ key, args: { reason: errorReason(error) ?? 'unknown' } });

/** The viewer's role flags (product/order data, clinician or super admin). */
export function useViewer() {
  const { permissions } = usePortalPermissions();
  return {
    productOrderAccess: !!permissions?.productOrderAccess,
    clinicianOrSuperAdmin: !!(permissions?.clinician || permissions?.superAdmin),
    loaded: !!permissions,
  };
}
