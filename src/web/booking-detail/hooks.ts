import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { BOOKING_TOAST_MS } from '../../domain/booking-texts';
import { reasonOf, useBookingsApi } from '../bookings/bookingsApi';
import { usePortalPermissions } from '../providers/permissions';
import { useSingleFlight } from '../providers/useSingleFlight';
import { detailApi, detailKey, type DetailApi } from './api';

export const useDetailApi = (): DetailApi => detailApi(useBookingsApi());

/** GET get/{id}: the booking; 404 counts as 'No booking found'. */
export function useBookingDetail(id: string) {
  const api = useDetailApi();
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api.get(id, signal),
    enabled: !!id,
    retry: false,
  });
}

/** A read of the screen that hangs off the booking (documents, order summary, outbox...), refreshed with it. */
export function useDetailQuery<T>(id: string, part: string, fetcher: (api: DetailApi, signal: AbortSignal) => Promise<T>, enabled = true,
  staleTime = 0) {
  const api = useDetailApi();
  return useQuery({ queryKey: detailKey(id, part), queryFn: ({ signal }) => fetcher(api, signal), enabled: enabled && !!id, retry: false, staleTime });
}

/** A toast as an i18n key with its values. */
export interface Toast { key: string; args?: Record<string, unknown> }

export interface DetailMutationOptions<V, R> {
  success?: string | ((result: R, vars: V) => Toast);
  /** Failure toast; the server's message (the generic formatter's text) when left out. */
  failure?: (error: Error, vars: V) => Toast;
  autoHideDuration?: number;
  onSuccess?: (result: R, vars: V) => void;
}

/**
 * A change to the booking, pessimistic: nothing shows as done before the server answers (isPending disables
 * the buttons; a second call while one runs is ignored); then the spec's toast (6 s by default), the booking and its parts are re-fetched, then onSuccess.
 */
export function useDetailMutation<V = void, R = unknown>(bookingId: string, run: (api: DetailApi, vars: V) => Promise<R>,
  options: DetailMutationOptions<V, R> = {}) {
  const api = useDetailApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const autoHideDuration = options.autoHideDuration ?? BOOKING_TOAST_MS.default;
  return useSingleFlight(useMutation<R, Error, V>({
    mutationFn: (vars) => run(api, vars),
    onSuccess: async (result, vars) => {
      const toast = typeof options.success === 'function' ? options.success(result, vars) : options.success ? { key: options.success } : null;
      if (toast) notify(toast.key, { type: 'success', messageArgs: toast.args, autoHideDuration });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: detailKey(bookingId) }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      ]);
      options.onSuccess?.(result, vars);
    },
    onError: (error, vars) => {
      const toast = options.failure?.(error, vars) ?? { key: error.message || 'bookingDetail.somethingWrong' };
      notify(toast.key, { type: 'error', messageArgs: toast.args, autoHideDuration });
      // A conflict means the booking changed meanwhile (another tab, another clinician): show what it is now.
      if ((error as { status?: number }).status === 409) void queryClient.invalidateQueries({ queryKey: detailKey(bookingId) });
    },
  }));
}

/** "... Reason: {reason or unknown}" failure toasts. */
export const withReason = (key: string) => (error: Error): Toast => ({ key, args: { reason: reasonOf(error) ?? 'unknown' } });

/** The viewer's role flags (product/order data, clinician or super admin). */
export function useViewer() {
  const { permissions } = usePortalPermissions();
  return {
    productOrderAccess: !!permissions?.productOrderAccess,
    clinicianOrSuperAdmin: !!(permissions?.clinician || permissions?.superAdmin),
    loaded: !!permissions,
  };
}
