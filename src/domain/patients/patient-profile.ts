import { z } from 'zod';
import { PATIENT_ORDERS_VENDOR, PATIENT_PAGE_SIZE } from './patient-search';

/**
 * The patient profile (spec 2 §4, spec 3 §2, §4, §7, §9): kit tab grouping, upcoming/past appointments, dates and
 * times, follow-up and reminder, completeness, tabs and URL, and the profile lists' queries and rows.
 */

/** Spec 3 §4 kit tab grouping: COMPLETE or REPORT_READY -> Previous; anything not COMPLETE -> Active (REPORT_READY in both). */
export const KIT_GROUPS = ['all', 'active', 'previous'] as const;
export type KitGroup = (typeof KIT_GROUPS)[number];
export const isPreviousKit = (status: string) => status === 'COMPLETE' || status === 'REPORT_READY';
export const isActiveKit = (status: string) => status !== 'COMPLETE';
export const kitInGroup = (group: KitGroup, status: string) => group === 'all' || (group === 'active' ? isActiveKit(status) : isPreviousKit(status));

/** Spec 3 §4: an appointment is upcoming if its end is after now, otherwise past (no end: its start). */
export const APPOINTMENT_WHEN = ['upcoming', 'past'] as const;
export type AppointmentWhen = (typeof APPOINTMENT_WHEN)[number];
export const isUpcoming = (a: { appntStart: string; appntEnd: string | null }, now = new Date()) =>
  new Date(a.appntEnd ?? a.appntStart).getTime() > now.getTime();

/** Spec 3 §9: dates as 'D Mon 'YY' and times 12-hour am/pm (UTC unless a zone is given). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function displayDate(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? 'UTC', year: '2-digit', month: 'numeric', day: 'numeric' }).formatToParts(
    new Date(iso),
  );
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${Number(get('day'))} ${MONTHS[Number(get('month')) - 1]} '${get('year')}`;
}
export function displayTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? 'UTC', hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(iso))
    .replace(' AM', ' am')
    .replace(' PM', ' pm');
}

/** Follow-up locations (spec 3 §9): NV (Vegas), CO (Denver), and the online Reminder. */
export const FOLLOW_UP_OPTIONS = [
  { key: 'vegas', label: 'Vegas', state: 'NV' },
  { key: 'denver', label: 'Denver', state: 'CO' },
  { key: 'reminder', label: 'Reminder', state: null },
] as const;
export const DEFAULT_FOLLOW_UP_STATE = 'NV';

/**
 * The reminder appointment's calendar-link query {name, email, phone, notes, patientId} (spec 3 §5, §7): needs the
 * patient's first name and the clinician's first name, last name and tbdEmail; appointments need the patient e-mail.
 */
export function reminderQuery(
  patient: { id: string; firstName?: string | null; lastName?: string | null; email?: string | null; phoneNumber?: string | null },
  clinician: { firstName?: string | null; lastName?: string | null; tbdEmail?: string | null } | null,
): { error: 'patientDetailsMissing' | 'clinicianDetailsMissing' | 'noEmail' } | { query: Record<string, string> } {
  if (!patient.firstName) return { error: 'patientDetailsMissing' };
  if (!clinician?.firstName || !clinician.lastName || !clinician.tbdEmail) return { error: 'clinicianDetailsMissing' };
  if (!patient.email) return { error: 'noEmail' };
  return {
    query: {
      name: `${patient.firstName} ${patient.lastName ?? ''}`.trim(),
      email: patient.email,
      phone: patient.phoneNumber ?? '',
      notes: `Reminder appointment with ${clinician.firstName} ${clinician.lastName} (${clinician.tbdEmail})`,
      patientId: patient.id,
    },
  };
}

/** A lab requisition needs the patient's sex at birth (spec 1 §5, spec 2 §5). */
export const hasSexAtBirth = (genderAtBirth: string | null | undefined) => !!genderAtBirth?.trim();

/**
 * The profile completeness message (spec 2 §4): complete only with a State, a DOB and a Sex at Birth; otherwise a warning
 * naming what is missing, in that order ('Missing State and DOB in Patient Account').
 */
export type ProfileCompleteness = { severity: 'success' | 'warning' | 'error'; text: string };
export function profileCompleteness(
  patient: { dob?: string | null; state?: string | null; genderAtBirth?: string | null; hasAccount?: boolean } | null,
): ProfileCompleteness {
  if (!patient || patient.hasAccount === false) return { severity: 'error', text: 'No customer account found.' };
  const missing = [!patient.state && 'State', !patient.dob && 'DOB', !hasSexAtBirth(patient.genderAtBirth) && 'Sex at Birth'].filter(
    (m): m is string => !!m,
  );
  if (!missing.length) return { severity: 'success', text: 'Patient Profile is complete' };
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing[missing.length - 1]}`;
  return { severity: 'warning', text: `Missing ${names} in Patient Account` };
}

/** The profile's `view` query parameter: the tab name lowercased, spaces turned to hyphens (spec 3 §2). */
export const PROFILE_TABS = ['Appointment', 'Kit Detail', 'History', 'Health Status', 'Message', 'Charting Notes', 'Prescriptions'] as const;
export const viewOfTab = (tab: string) => tab.toLowerCase().replace(/ /g, '-');
export const tabOfView = (view: string | null | undefined) => PROFILE_TABS.find((t) => viewOfTab(t) === view) ?? PROFILE_TABS[0];

/** Spec URLs. */
export const patientProfileUrl = (patientId: string) => `/PatientProfile?patientId=${encodeURIComponent(patientId)}&idType=sub`;

// The profile's lists.
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(500).default(PATIENT_PAGE_SIZE),
};
export const bookingsQuerySchema = z.strictObject({
  patientId: z.guid(),
  when: z.enum(APPOINTMENT_WHEN).optional(),
  ...paging,
  sort: z.literal('appntStart').optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
});
export const kitsQuerySchema = z.strictObject({
  patientId: z.guid(),
  group: z.enum(KIT_GROUPS).default('all'),
  ...paging,
  sort: z.literal('registrationDateTime').optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export const ordersQuerySchema = z.strictObject({
  patientId: z.guid(),
  vendor: z.enum([PATIENT_ORDERS_VENDOR]).optional(),
  ...paging,
  sort: z.literal('createdAt').optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});
export const eventsQuerySchema = z.strictObject({
  patientId: z.guid(),
  ...paging,
  sort: z.literal('created').optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
});

export const profileBookingSchema = z.object({
  id: z.string(),
  appntStart: z.string(),
  appntEnd: z.string().nullable(),
  products: z.array(z.object({ name: z.string() })),
  primaryClinicianId: z.string().nullable(),
  primaryClinicianName: z.string().nullable(),
  status: z.string(),
  careType: z.string(),
  careLocation: z.string(),
  timezone: z.string(),
});
export const profileKitSchema = z.object({
  id: z.string(),
  kitId: z.string(),
  kitStatus: z.string(),
  clinicianId: z.string().nullable(),
  clinician: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  registrationDateTime: z.string(),
  patientId: z.string().nullable(),
  productName: z.string(),
  hasResult: z.boolean(),
});
export const kitResultSchema = z.object({
  kitId: z.string(),
  productName: z.string(),
  createDateTime: z.string().nullable(),
  results: z.array(z.object({ testName: z.string(), result: z.string() })),
});
export const profileOrderSchema = z.object({
  id: z.string(),
  kitId: z.string().nullable(),
  productName: z.string().nullable(),
  fulfillmentStatus: z.string(),
  outboundTrackingUrl: z.string().nullable(),
  inboundTrackingUrl: z.string().nullable(),
  vendor: z.string(),
  clinicianName: z.string().nullable(),
  createdAt: z.string(),
  line_item: z.object({ name: z.string().nullable() }),
});
export const patientEventSchema = z.object({
  id: z.string(),
  created: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  eventType: z.string(),
  actorType: z.string(),
});
export type ProfileBooking = z.infer<typeof profileBookingSchema>;
export type ProfileKit = z.infer<typeof profileKitSchema>;
export type KitResult = z.infer<typeof kitResultSchema>;
export type ProfileOrder = z.infer<typeof profileOrderSchema>;
export type PatientEvent = z.infer<typeof patientEventSchema>;
