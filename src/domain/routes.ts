import { lacksCalendar } from './clinical-gate';
import { canReadAccessLog, hasAnyRole, isSuperAdmin, type Role } from './roles';

/** 'accessLog': auditors and super admins (the PHI access log). */
export type RouteGuard = 'none' | 'anyRole' | 'superAdmin' | 'accessLog';

/**
 * Portal routes of the three spec documents, with their guards (spec 1 §2/§6, spec 3 §2). `clinical`: a screen of
 * clinical work (patients, messages, appointments, lab requests and results), closed to a clinician without a calendar
 * link (clinical-gate.ts): such a clinician is sent to the profile's calendar section on every navigation to it.
 */
export const PORTAL_ROUTES: ReadonlyArray<{ path: string; guard: RouteGuard; title: string; clinical?: true }> = [
  { path: '/', guard: 'none', title: 'Home' },
  { path: '/inbox', guard: 'anyRole', title: 'My Messages', clinical: true },
  { path: '/MessageDetails', guard: 'anyRole', title: 'Message', clinical: true },
  { path: '/bookings', guard: 'anyRole', title: 'Find Appointments', clinical: true },
  { path: '/booking-calendar', guard: 'anyRole', title: 'Calendar', clinical: true },
  { path: '/BookingDetails', guard: 'anyRole', title: 'Booking Details', clinical: true },
  { path: '/Payment', guard: 'anyRole', title: 'Payment', clinical: true },
  { path: '/request', guard: 'anyRole', title: 'Lab Request', clinical: true },
  { path: '/result', guard: 'anyRole', title: 'Lab Results', clinical: true },
  { path: '/userrequest', guard: 'anyRole', title: 'Case details', clinical: true },
  { path: '/manage-lab-order', guard: 'anyRole', title: 'Manage Lab Order' },
  { path: '/shipping-manifest', guard: 'anyRole', title: 'Shipping Manifest' },
  { path: '/report/orders', guard: 'anyRole', title: 'Order Report' },
  { path: '/KitDetails', guard: 'anyRole', title: 'Kit Details', clinical: true },
  { path: '/SearchPatient', guard: 'anyRole', title: 'Patient Search', clinical: true },
  { path: '/PatientProfile', guard: 'anyRole', title: 'Patient Profile', clinical: true },
  { path: '/super-admin', guard: 'superAdmin', title: 'Super Admin Panel' },
  { path: '/access-log', guard: 'accessLog', title: 'PHI Access Log' },
  { path: '/break-glass', guard: 'superAdmin', title: 'Break-glass review' }, // issue 22
  { path: '/profile', guard: 'none', title: 'Manage Profile License & Calendar' },
  { path: '/license', guard: 'none', title: 'Manage Licences' },
  { path: '/calendar', guard: 'none', title: 'Manage Calendar' },
  { path: '/401-page', guard: 'none', title: 'Unauthorized Access' },
];

/** The route of a pathname: exact match first, then the longest route that prefixes it (/result/{kitid}). */
function routeOf(pathname: string) {
  return PORTAL_ROUTES.find((r) => r.path === pathname)
    ?? PORTAL_ROUTES.filter((r) => r.path !== '/' && pathname.startsWith(r.path + '/')).sort((a, b) => b.path.length - a.path.length)[0];
}

/** Guard of a pathname (an unknown path needs any role). */
export function guardFor(pathname: string): RouteGuard {
  return routeOf(pathname)?.guard ?? 'anyRole';
}

/** Whether the pathname is a screen of clinical work. */
export const isClinicalRoute = (pathname: string) => routeOf(pathname)?.clinical === true;

/** Where the profile sends a clinician without a calendar link (spec 1 §6 "With no calendar link: redirect to the profile"). */
export const NO_CALENDAR_PROFILE_PATH = '/profile?reason=invalidOrNoCalendar';

/**
 * Where the portal sends the user instead of this pathname, or null: a clinician without a calendar link goes from a
 * clinical screen to the profile's calendar section (the server refuses its clinical writes with the same rule).
 */
export function clinicalRouteRedirect(pathname: string, roles: readonly Role[], calendarLink: string | null | undefined): string | null {
  return isClinicalRoute(pathname) && lacksCalendar(roles, calendarLink) ? NO_CALENDAR_PROFILE_PATH : null;
}

/** canAccess for a route: unguarded routes are open to every signed-in user. */
export function canAccessRoute(pathname: string, roles: readonly Role[]): boolean {
  const guard = guardFor(pathname);
  if (guard === 'none') return true;
  if (guard === 'superAdmin') return isSuperAdmin(roles);
  if (guard === 'accessLog') return canReadAccessLog(roles);
  return hasAnyRole(roles);
}
