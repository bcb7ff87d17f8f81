import { CONFIRMED_STATUSES, PENDING_STATUSES } from '../../../domain/bookings/bookings';

/** Colour groups of the booking statuses (spec 2 §4), shared by the table's status and the calendar legend. */
export type StatusGroup = 'pending' | 'confirmed' | 'clinicalDone' | 'completed' | 'cancelled' | 'noShow' | 'unknown';

/** Pending amber, confirmed blue, completed green (clinical service done teal), cancelled red, no-show grey. */
export const STATUS_COLORS: Record<StatusGroup, string> = {
  pending: '#a35200', // amber dark enough for white text (WCAG AA 4.5:1)
  confirmed: '#1565c0',
  clinicalDone: '#00796b',
  completed: '#2e7d32',
  cancelled: '#c62828',
  noShow: '#616161',
  unknown: '#6d6d6d',
};

export const STATUS_GROUPS = Object.keys(STATUS_COLORS) as StatusGroup[];

export function statusGroup(status: string | null | undefined): StatusGroup {
  const s = status ?? '';
  if ((PENDING_STATUSES as readonly string[]).includes(s)) return 'pending';
  if ((CONFIRMED_STATUSES as readonly string[]).includes(s)) return 'confirmed';
  if (s === 'CLINICAL_SERVICE_COMPLETED') return 'clinicalDone';
  if (s === 'COMPLETED') return 'completed';
  if (s === 'CANCELLED') return 'cancelled';
  if (s === 'CANCELLED_NO_SHOW') return 'noShow';
  return 'unknown';
}

/** Ownership borders of the calendar's events (spec 2 §2.2): the user's own green, the others amber. */
export const OWNER_BORDER = { mine: '#00c853', others: '#ffab00' } as const;
