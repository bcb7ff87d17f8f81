import { canReadAccessLog, hasAnyRole, isSuperAdmin, type Role } from './roles';

/** 'accessLog': auditors and super admins (the PHI access log). */
export type RouteGuard = 'none' | 'anyRole' | 'superAdmin' | 'accessLog';

/** Portal routes of the three spec documents, with their guards (spec 1 §2/§6, spec 3 §2). */
export const PORTAL_ROUTES: ReadonlyArray<{ path: string; guard: RouteGuard; title: string }> = [
  { path: '/', guard: 'none', title: 'Home' },
  { path: '/inbox', guard: 'anyRole', title: 'My Messages' },
  { path: '/MessageDetails', guard: 'anyRole', title: 'Message' },
  { path: '/bookings', guard: 'anyRole', title: 'Find Appointments' },
  { path: '/booking-calendar', guard: 'anyRole', title: 'Calendar' },
  { path: '/BookingDetails', guard: 'anyRole', title: 'Booking Details' },
  { path: '/Payment', guard: 'anyRole', title: 'Payment' },
  { path: '/request', guard: 'anyRole', title: 'Lab Request' },
  { path: '/result', guard: 'anyRole', title: 'Lab Results' },
  { path: '/userrequest', guard: 'anyRole', title: 'Case details' },
  { path: '/manage-lab-order', guard: 'anyRole', title: 'Manage Lab Order' },
  { path: '/shipping-manifest', guard: 'anyRole', title: 'Shipping Manifest' },
  { path: '/report/orders', guard: 'anyRole', title: 'Order Report' },
  { path: '/KitDetails', guard: 'anyRole', title: 'Kit Details' },
  { path: '/SearchPatient', guard: 'anyRole', title: 'Patient Search' },
  { path: '/PatientProfile', guard: 'anyRole', title: 'Patient Profile' },
  { path: '/super-admin', guard: 'superAdmin', title: 'Super Admin Panel' },
  { path: '/access-log', guard: 'accessLog', title: 'PHI Access Log' },
  { path: '/break-glass', guard: 'superAdmin', title: 'Break-glass review' }, // issue 22
  { path: '/profile', guard: 'none', title: 'Manage Profile License & Calendar' },
  { path: '/license', guard: 'none', title: 'Manage Licences' },
  { path: '/calendar', guard: 'none', title: 'Manage Calendar' },
  { path: '/401-page', guard: 'none', title: 'Unauthorized Access' },
];

/** Guard of a pathname: exact match first, then the longest route that prefixes it (/result/{kitid}). */
export function guardFor(pathname: string): RouteGuard {
  const exact = PORTAL_ROUTES.find((r) => r.path === pathname);
  if (exact) return exact.guard;
  const prefix = PORTAL_ROUTES.filter((r) => r.path !== '/' && pathname.startsWith(r.path + '/')).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return prefix?.guard ?? 'anyRole';
}

/** canAccess for a route: unguarded routes are open to every signed-in user. */
export function canAccessRoute(pathname: string, roles: readonly Role[]): boolean {
  const guard = guardFor(pathname);
  if (guard === 'none') return true;
  if (guard === 'superAdmin') return isSuperAdmin(roles);
  if (guard === 'accessLog') return canReadAccessLog(roles);
  return hasAnyRole(roles);
}
