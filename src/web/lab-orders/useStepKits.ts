import { useGetList } from 'react-admin';
import { MANAGE_LAB_ORDER_STEPS } from '../../domain/kits/kits';
import type { StepKey } from './StepCards';

/** The kit status of a Manage Lab Order step. */
export const statusOfStep = (step: StepKey) => MANAGE_LAB_ORDER_STEPS.find((s) => s.key === step)!.status;

/** The count of kits of a status at a care location: a page of one of `lab-order-kits`, its total. */
const useStatusCount = (status: string, careLocation: string) =>
  useGetList(
    'lab-order-kits',
    {
      filter: { status, careLocation },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created', order: 'DESC' },
    },
    { enabled: careLocation !== '' },
  ).total;

/** The count of every step at a chosen care location (the step cards). */
export function useStepCounts(careLocation: string): Partial<Record<StepKey, number>> {
  const counts = [
    useStatusCount(MANAGE_LAB_ORDER_STEPS[0].status, careLocation),
    useStatusCount(MANAGE_LAB_ORDER_STEPS[1].status, careLocation),
    useStatusCount(MANAGE_LAB_ORDER_STEPS[2].status, careLocation),
  ];
  return Object.fromEntries(MANAGE_LAB_ORDER_STEPS.map((s, i) => [s.key, counts[i]]));
}
