import {
  actionRefusal,
  BOOKING_ACTIONS,
  confirmRefusal,
  isActionHidden,
  type BookingActionKey,
  type PermissionFacts,
} from '../../domain/booking-detail/booking-actions';

export interface ActionItem {
  key: BookingActionKey;
  label: string;
  number: number;
  refusal: string | null;
}

/**
 * The Select Action list (spec 2 §2.3): the actions sorted by label, hidden ones left out, numbered from 1;
 * each with the shared permission check's refusal (Mark Confirmed also needs a pending status), or the
 * screen's own reason (`extra`: a setting the action needs and the screen knows is missing).
 */
export function bookingActionItems(b: PermissionFacts, extra: Partial<Record<BookingActionKey, string | null>> = {}): ActionItem[] {
  return BOOKING_ACTIONS.filter((a) => !isActionHidden(a.key, b.bookingStatus))
    .slice()
    .sort((x, y) => x.label.localeCompare(y.label))
    .map((a, i) => ({
      key: a.key,
      label: a.label,
      number: i + 1,
      refusal: actionRefusal(b, a) ?? (a.key === 'markConfirmed' ? confirmRefusal(b.bookingStatus) : null) ?? extra[a.key] ?? null,
    }));
}
