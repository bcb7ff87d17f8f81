import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { MANAGE_LAB_ORDER_STEPS } from '../../domain/kits';
import { kitsByStatus, useKitsApi } from '../kits/kitsApi';
import type { StepKey } from './StepCards';

const statusOf = (step: StepKey) => MANAGE_LAB_ORDER_STEPS.find((s) => s.key === step)!.status;

/** One page of the active step's kits, and the count of every step, for a chosen care location (all under ['kits']). */
export function useStepKits(careLocation: string, step: StepKey, page: number, perPage: number) {
  const api = useKitsApi();
  const enabled = careLocation !== '';
  const list = useQuery({
    queryKey: ['kits', 'status', statusOf(step), careLocation, page, perPage],
    queryFn: ({ signal }) => kitsByStatus(api, statusOf(step), { careLocation, page, perPage }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const counts = useQueries({
    queries: MANAGE_LAB_ORDER_STEPS.map((s) => ({
      queryKey: ['kits', 'status', s.status, careLocation, 1, 1],
      queryFn: ({ signal }: { signal: AbortSignal }) => kitsByStatus(api, s.status, { careLocation, page: 1, perPage: 1 }, signal),
      enabled,
    })),
  });
  return {
    list,
    status: statusOf(step),
    counts: Object.fromEntries(MANAGE_LAB_ORDER_STEPS.map((s, i) => [s.key, counts[i].data?.total])) as Partial<Record<StepKey, number>>,
  };
}
