import type { BookingDetail } from '../booking-detail/booking-detail';
import type { KitDetail } from '../kits/kit-responses';
import type { PatientDetail } from '../patients/patients';
import type { MessageDetail } from '../messages/secure-messages';

/**
 * Tells a detail record from a list row of the same resource. The portal's record cache is seeded with list rows, so a
 * detail screen may be given a row first; these guards name the fields only the detail carries (its lists and nested
 * objects), which the screen reads without checking.
 */
const carries = (record: unknown, arrays: readonly string[], objects: readonly string[] = []): boolean => {
  if (typeof record !== 'object' || record === null) return false;
  const r = record as Record<string, unknown>;
  return arrays.every((k) => Array.isArray(r[k])) && objects.every((k) => typeof r[k] === 'object' && r[k] !== null);
};

/** Clinical fields (clinicalNotes, medications…) are left out for roles without clinical access: not checked here. */
export const isBookingDetail = (record: unknown): record is BookingDetail =>
  carries(record, ['products', 'appntNotes', 'timeline', 'kitIds', 'selfCheckInCompletedSteps'], ['documentS3UrlMap', 'careType', 'careLocation']);

export const isMessageDetail = (record: unknown): record is MessageDetail => carries(record, ['thread', 'annotations', 'toUsers'], ['fromUser']);

export const isPatientDetail = (record: unknown): record is PatientDetail =>
  carries(record, [], ['address']) && typeof (record as { userId?: unknown }).userId === 'string';

export const isKitDetail = (record: unknown): record is KitDetail =>
  carries(record, []) &&
  typeof (record as { registrationDateTime?: unknown }).registrationDateTime === 'string' &&
  typeof (record as { labName?: unknown }).labName === 'string';
