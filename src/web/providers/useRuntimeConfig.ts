import { useQuery } from '@tanstack/react-query';
import { loadRuntimeConfig } from './runtimeConfig';

/** /config.json (read once and kept): the calendar needs its bookingPublicUrl for reschedule. */
export const useRuntimeConfig = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: ['portal', 'runtimeConfig'], queryFn: () => loadRuntimeConfig(), enabled, staleTime: Infinity, retry: 1 });
