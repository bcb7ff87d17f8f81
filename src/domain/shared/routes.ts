import { lacksCalendar } from '../clinician/clinical-gate';
import { rolesAllow, SUPER_ADMIN_ROLES, type RouteAccess } from './route-access';
import { ACCESS_LOG_ROLES, type Role } from './roles';
import { ROUTE_TITLES } from '../i18n/en/route';

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
  { path: '/', guard: 'signedIn', title: ROUTE_TITLES.home },
  { path: '/inbox', guard: 'members', title: ROUTE_TITLES.inbox, clinical: true },
  { path: '/MessageDetails', guard: 'members', title: ROUTE_TITLES.MessageDetails, clinical: true },
  { path: '/bookings', guard: 'members', title: ROUTE_TITLES.bookings, clinical: true },
  { path: '/booking-calendar', guard: 'members', title: ROUTE_TITLES['booking-calendar'], clinical: true },
  { path: '/BookingDetails', guard: 'members', title: ROUTE_TITLES.BookingDetails, clinical: true },
  { path: '/Payment', guard: 'members', title: ROUTE_TITLES.Payment, clinical: true },
  { path: '/request', guard: 'members', title: ROUTE_TITLES.request, clinical: true },
  { path: '/result', guard: 'members', title: ROUTE_TITLES.result, clinical: true },
  { path: '/userrequest', guard: 'members', title: ROUTE_TITLES.userrequest, clinical: true },
  { path: '/manage-lab-order', guard: 'members', title: ROUTE_TITLES['manage-lab-order'] },
  { path: '/shipping-manifest', guard: 'members', title: ROUTE_TITLES['shipping-manifest'] },
  { path: '/report/orders', guard: 'members', title: ROUTE_TITLES.report_orders },
  { path: '/KitDetails', guard: 'members', title: ROUTE_TITLES.KitDetails, clinical: true },
  { path: '/SearchPatient', guard: 'members', title: ROUTE_TITLES.SearchPatient, clinical: true },
  { path: '/PatientProfile', guard: 'members', title: ROUTE_TITLES.PatientProfile, clinical: true },
  { path: '/super-admin', guard: SUPER_ADMIN_ROLES, title: ROUTE_TITLES['super-admin'] },
  { path: '/access-log', guard: ACCESS_LOG_ROLES, title: ROUTE_TITLES['access-log'] },
  { path: '/break-glass', guard: SUPER_ADMIN_ROLES, title: ROUTE_TITLES['break-glass'] },
  { path: '/profile', guard: 'signedIn', title: ROUTE_TITLES.profile },
  { path: '/license', guard: 'signedIn', title: ROUTE_TITLES.license },
  { path: '/calendar', guard: 'signedIn', title: ROUTE_TITLES.calendar },
  { path: '/401-page', guard: 'signedIn', title: ROUTE_TITLES['401-page'] },
];

/** The route of a pathname: exact match first, then the longest route that prefixes it (/result/{kitid}). */
function routeOf(pathname: string) {
  return (
    PORTAL_ROUTES.find((r) => r.path === pathname) ??
    PORTAL_ROUTES.filter((r) => r.path !== '/' && pathname.startsWith(r.path + '/')).sort((a, b) => b.path.length - a.path.length)[0]
  );
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
