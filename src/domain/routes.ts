import { lacksCalendar } from './clinical-gate';
import { rolesAllow, SUPER_ADMIN_ROLES, type RouteAccess } from './route-access';
import { ACCESS_LOG_ROLES, type Role } from './roles';

/**
 * Who may open a portal route, in the terms (and with the role lists) the server's routes declare in route-access.ts:
 * 'signedIn' every signed-in user, 'members' any of the five roles, else the roles listed. A screen is open to whom
 * its API routes are, so the portal hides only what the server would refuse.
 */
export type RouteGuard = RouteAccess['roles'];

/**
 * Portal routes of the three spec documents, with their guards (spec 1 §2/§6, spec 3 §2); each has one screen, in
 * its resource folder (src/web/<resource>/index.ts). `clinical`: a screen of
 * clinical work (patients, messages, appointments, lab requests and results), closed to a clinician without a calendar
 * link (clinical-gate.ts): such a clinician is sent to the profile's calendar section on every navigation to it.
 */
export const PORTAL_ROUTES: ReadonlyArray<{ path: string; guard: RouteGuard; title: string; clinical?: true }> = [
  { path: '/', guard: 'signedIn', title: 'Home' },
  { path: '/inbox', guard: 'members', title: 'My Messages', clinical: true },
  { path: '/MessageDetails', guard: 'members', title: 'Message', clinical: true },
  { path: '/bookings', guard: 'members', title: 'Find Appointments', clinical: true },
  { path: '/booking-calendar', guard: 'members', title: 'Calendar', clinical: true },
  { path: '/BookingDetails', guard: 'members', title: 'Booking Details', clinical: true },
  { path: '/Payment', guard: 'members', title: 'Payment', clinical: true },
  { path: '/request', guard: 'members', title: 'Lab Request', clinical: true },
  { path: '/result', guard: 'members', title: 'Lab Results', clinical: true },
  { path: '/userrequest', guard: 'members', title: 'Case details', clinical: true },
  { path: '/manage-lab-order', guard: 'members', title: 'Manage Lab Order' },
  { path: '/shipping-manifest', guard: 'members', title: 'Shipping Manifest' },
  { path: '/report/orders', guard: 'members', title: 'Order Report' },
  { path: '/KitDetails', guard: 'members', title: 'Kit Details', clinical: true },
  { path: '/SearchPatient', guard: 'members', title: 'Patient Search', clinical: true },
  { path: '/PatientProfile', guard: 'members', title: 'Patient Profile', clinical: true },
  { path: '/super-admin', guard: SUPER_ADMIN_ROLES, title: 'Super Admin Panel' },
  { path: '/access-log', guard: ACCESS_LOG_ROLES, title: 'PHI Access Log' },
  { path: '/break-glass', guard: SUPER_ADMIN_ROLES, title: 'Break-glass review' },
  { path: '/profile', guard: 'signedIn', title: 'Manage Profile License & Calendar' },
  { path: '/license', guard: 'signedIn', title: 'Manage Licences' },
  { path: '/calendar', guard: 'signedIn', title: 'Manage Calendar' },
  { path: '/401-page', guard: 'signedIn', title: 'Unauthorized Access' },
];

/** The route of a pathname: exact match first, then the longest route that prefixes it (/result/{kitid}). */
function routeOf(pathname: string) {
  return PORTAL_ROUTES.find((r) => r.path === pathname)
    ?? PORTAL_ROUTES.filter((r) => r.path !== '/' && pathname.startsWith(r.path + '/')).sort((a, b) => b.path.length - a.path.length)[0];
}

/** Guard of a pathname (an unknown path needs any role). */
export function guardFor(pathname: string): RouteGuard {
  return routeOf(pathname)?.guard ?? 'members';
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

/** canAccess for a route: its guard's roles, by the server's rule (rolesAllow). */
export function canAccessRoute(pathname: string, roles: readonly Role[]): boolean {
  return rolesAllow(guardFor(pathname), roles);
}
