import { z } from 'zod';
import { MASK } from '../shared/masking';

/**
 * GET /secure/booking/v1/summaryForClinician (spec 2 §7): the calling clinician's own bookings (the ones assigned to
 * them) as booking dashboard rows (spec 2 §3: bookingId, bookingStatus, careStateRegion, email, name,
 * selfcheckinComplete, dob, products, careLocation) — today's and the upcoming ones — with their counts by status.
 * "Today" is the day in the clinician's profile time zone; upcoming are the following UPCOMING_DAYS days.
 */
export const SUMMARY_UPCOMING_DAYS = 7;
/** At most this many rows of each list are returned (the counts are over all of them). */
export const SUMMARY_MAX_ROWS = 100;

const text = z.string().nullable();
/** A booking dashboard row; outside the viewer's licence scope every value reads XXXXXX and products is empty (masked: true). */
export const bookingDashboardRowSchema = z.object({
  bookingId: z.string(),
  bookingStatus: text,
  careStateRegion: text,
  email: text,
  name: text,
  selfcheckinComplete: z.union([z.boolean(), z.literal(MASK)]),
  dob: text,
  products: z.array(z.object({ name: z.string() })),
  careLocation: text,
  appntStart: text,
  masked: z.boolean(),
});
export type BookingDashboardRow = z.infer<typeof bookingDashboardRowSchema>;

const listSchema = z.object({
  total: z.number().int(),
  /** Count of the list's bookings by bookingStatus (every booking of the list, not only the rows returned). */
  statusCounts: z.record(z.string(), z.number().int()),
  rows: z.array(bookingDashboardRowSchema),
});

export const clinicianSummarySchema = z.object({
  /** The zone "today" is taken in (the clinician profile's, else UTC). */
  timeZone: z.string(),
  today: listSchema,
  upcoming: listSchema,
});
export type ClinicianSummary = z.infer<typeof clinicianSummarySchema>;

/** The summary takes no parameters: whose bookings is always the caller's. */
export const clinicianSummaryQuerySchema = z.strictObject({});
