import { isLicenceBound } from '../shared/scope';
import type { Role } from '../shared/roles';

/**
 * The clinical gate (spec 3 §1 "restricted until a valid licence and a calendar link exist", spec 1 §6): a clinician
 * acts clinically only on a patient of a state where it holds a verified valid licence (the patient scope,
 * src/domain/shared/scope.ts, with licences.ts countsForScope) AND only once it has a calendar link (this file). The server
 * applies the calendar part to every route that declares clinical work (route-access.ts); the portal sends such a
 * clinician from its clinical screens to the profile (routes.ts).
 */

export const NO_CALENDAR_TEXT = 'Add a valid calendar link to get access to clinical work';
/** The refusal of a clinical action, as the booking actions word theirs ('Action not permitted. Reason: …'). */
export const NO_CALENDAR_REFUSAL = `Action not permitted. Reason: ${NO_CALENDAR_TEXT}`;

/** A calendar link is set when it is not blank (the form only stores https links). */
export const hasCalendarLink = (calendarLink: string | null | undefined) => !!calendarLink && calendarLink.trim() !== '';

/**
 * Whether the caller is closed to clinical work for lack of a calendar link: a licence-bound clinician (neither super
 * admin nor auditor) without one. Other roles are not gated by a calendar.
 */
export const lacksCalendar = (roles: readonly Role[], calendarLink: string | null | undefined) =>
  isLicenceBound(roles) && !hasCalendarLink(calendarLink);

/** Why the caller may not do clinical work at all now (before any patient is looked at), or null. */
export function clinicalWorkRefusal(caller: { roles: readonly Role[]; calendarLink: string | null | undefined }): string | null {
  return lacksCalendar(caller.roles, caller.calendarLink) ? NO_CALENDAR_REFUSAL : null;
}
