import { DEFAULT_FOLLOW_UP_STATE, FOLLOW_UP_OPTIONS, reminderQuery } from '../patients/patient-profile';

/**
 * Schedule Follow-up Appointment (spec 2 §2.3, §9; spec 3 §2, §5, §7, §9): the choices Vegas (NV), Denver (CO) and
 * Reminder open the calendar link configured for a city in a new tab with the query {name, email, phone, notes,
 * patientId}. Vegas and Denver are their cities; the Reminder goes to the city of the booking's (or patient's) state,
 * NV when it has none or another one. Every choice needs the patient e-mail; the Reminder also needs the patient's
 * first name and the clinician's first name, last name and tbdEmail ('Patient details are missing' / 'Clinician
 * details are missing'). Used by the booking detail action and the patient profile's Follow up Appointment dropdown.
 */
export type FollowUpKey = (typeof FOLLOW_UP_OPTIONS)[number]['key'];
export type FollowUpState = 'NV' | 'CO';
export type FollowUpLinks = Record<FollowUpState, string>;
export const FOLLOW_UP_STATES: readonly FollowUpState[] = ['NV', 'CO'];

/** The state (city) of a choice: its own, or for the Reminder the given state when it has a city, else NV. */
export function followUpState(key: FollowUpKey, state: string | null | undefined): FollowUpState {
  const own = FOLLOW_UP_OPTIONS.find((o) => o.key === key)?.state;
  if (own) return own;
  const s = (state ?? '').trim().toUpperCase();
  return (FOLLOW_UP_STATES as readonly string[]).includes(s) ? (s as FollowUpState) : DEFAULT_FOLLOW_UP_STATE;
}

export interface FollowUpPatient {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
}
export interface FollowUpClinician {
  firstName?: string | null;
  lastName?: string | null;
  tbdEmail?: string | null;
}

export type FollowUpResult = { url: string } | { error: 'patientDetailsMissing' | 'clinicianDetailsMissing' | 'noEmail' | 'notConfigured' };

/** The calendar page to open for a choice, or the rule that refuses it (an i18n key under patients.appointment). */
export function followUpLink(
  key: FollowUpKey,
  o: {
    patient: FollowUpPatient;
    clinician: FollowUpClinician | null;
    state: string | null | undefined;
    links: Partial<FollowUpLinks> | null | undefined;
    bookingId?: string | null;
  },
): FollowUpResult {
  let query: Record<string, string>;
  if (key === 'reminder') {
    const rule = reminderQuery(o.patient, o.clinician);
    if ('error' in rule) return rule;
    query = rule.query;
  } else {
    if (!o.patient.email) return { error: 'noEmail' };
    const name = `${o.patient.firstName ?? ''} ${o.patient.lastName ?? ''}`.trim();
    const notes = o.bookingId ? `Follow-up appointment for booking ${o.bookingId}` : 'Follow-up appointment';
    query = { name, email: o.patient.email, phone: o.patient.phoneNumber ?? '', notes, patientId: o.patient.id };
  }
  const base = o.links?.[followUpState(key, o.state)];
  if (!base) return { error: 'notConfigured' };
  const url = new URL(base);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return { url: url.toString() };
}
