import { keepPreviousData } from '@tanstack/react-query';
import { useGetList } from 'react-admin';
import { MANAGE_LAB_ORDER_STEPS, type KitRow } from '../../domain/kits';
import type { StepKey } from './StepCards';

const statusOf = (step: StepKey) => MANAGE_LAB_ORDER_STEPS.find((s) => s.key === step)!.status;
const SORT = { field: 'created', order: 'DESC' } as const;

/** The `lab-order-kits` of one step at a care location: a page of them, or (perPage 1) their count. */
const useStatusKits = (status: string, careLocation: string, page: number, perPage: number) =>
  useGetList<KitRow & { id: string }>(
    'lab-order-kits',
    { filter: { status, careLocation }, pagination: { page, perPage }, sort: SORT },
    { enabled: careLocation !== '', placeholderData: keepPreviousData },
  );

/** One page of the active step's kits, and the count of every step, for a chosen care location (resource lab-order-kits). */
export function useStepKits(careLocation: string, step: StepKey, page: number, perPage: number) {
  const list = useStatusKits(statusOf(step), careLocation, page, perPage);
  const counts = [
    useStatusKits(MANAGE_LAB_ORDER_STEPS[0].status, careLocation, 1, 1),
    useStatusKits(MANAGE_LAB_ORDER_STEPS[1].status, careLocation, 1, 1),
    useStatusKits(MANAGE_LAB_ORDER_STEPS[2].status, careLocation, 1, 1),
  ];
  return {
    list,
    status: statusOf(step),
    counts: Object.fromEntries(MANAGE_LAB_ORDER_STEPS.map((s, i) => [s.key, counts[i].total])) as Partial<Record<StepKey, number>>,
  };
}
