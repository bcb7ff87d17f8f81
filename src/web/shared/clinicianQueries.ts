import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';

/** Query keys of the clinician's own data; invalidate CLINICIAN_QUERY_KEY after a change. */
export const CLINICIAN_QUERY_KEY = ['clinician'] as const;
export const PROFILE_QUERY_KEY = ['clinician', 'profile'] as const;
const CALENDAR_LINK_QUERY_KEY = ['clinician', 'calendarLink'] as const;

const STALE_MS = 5 * 60_000;

/** The signed-in clinician's profile, fetched once and shared (react-query cache); null when none exists. */
export function useClinicianProfile({ enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => dataProvider.getClinicianProfile(),
    enabled,
    staleTime: STALE_MS,
    retry: 1,
  });
}

export function useCalendarLink({ enabled = true }: { enabled?: boolean } = {}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: CALENDAR_LINK_QUERY_KEY,
    queryFn: () => dataProvider.getCalendarLink(),
    enabled,
    staleTime: STALE_MS,
    retry: 1,
  });
}
