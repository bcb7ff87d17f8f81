import { describe, expect, it } from 'vitest';
import { SUPER_ADMIN_ROLES } from './route-access';
import { ACCESS_LOG_ROLES } from './roles';
import { canAccessRoute, clinicalRouteRedirect, guardFor, PORTAL_ROUTES } from './routes';

describe('route guards (spec 1 §6, spec 3 §2)', () => {
  it('lists every spec route', () => {
    const paths = PORTAL_ROUTES.map((r) => r.path);
    for (const p of [
      '/',
      '/request',
      '/result',
      '/userrequest',
      '/manage-lab-order',
      '/shipping-manifest',
      '/report/orders',
      '/KitDetails',
      '/401-page',
      '/inbox',
      '/MessageDetails',
      '/SearchPatient',
      '/PatientProfile',
      '/super-admin',
      '/profile',
      '/license',
      '/calendar',
      '/BookingDetails',
      '/Payment',
    ]) {
      expect(paths).toContain(p);
    }
  });
  it('super-admin is for super admin only', () => {
    expect(canAccessRoute('/super-admin', ['super_admin'])).toBe(true);
    for (const r of ['clinicians', 'staff', 'auditor_read_only', 'operation_support'] as const) {
      expect(canAccessRoute('/super-admin', [r])).toBe(false);
    }
  });
  it('the five roles are allowed equally elsewhere; no role is refused', () => {
    for (const r of ['clinicians', 'super_admin', 'staff', 'auditor_read_only', 'operation_support'] as const) {
      expect(canAccessRoute('/request', [r])).toBe(true);
      expect(canAccessRoute('/result/KT0000001', [r])).toBe(true);
    }
    expect(canAccessRoute('/request', [])).toBe(false);
    expect(canAccessRoute('/inbox/abc', [])).toBe(false);
  });
  it('/, /profile, /license, /calendar and /401-page have no role guard', () => {
    for (const p of ['/', '/profile', '/license', '/calendar', '/401-page']) expect(canAccessRoute(p, [])).toBe(true);
  });
  it('matches path prefixes for routes with a trailing id', () => {
    expect(guardFor('/super-admin/x')).toEqual(['super_admin']);
    expect(guardFor('/userrequest/KT1')).toBe('members');
    expect(guardFor('/unknown')).toBe('members');
  });
  it("guards the compliance screens with the role lists their API routes declare (route-access.ts), by the server's rule", () => {
    expect(guardFor('/access-log')).toBe(ACCESS_LOG_ROLES);
    expect(guardFor('/break-glass')).toBe(SUPER_ADMIN_ROLES);
    for (const r of ['auditor_read_only', 'super_admin'] as const) expect(canAccessRoute('/access-log', [r])).toBe(true);
    for (const r of ['clinicians', 'staff', 'operation_support'] as const) expect(canAccessRoute('/access-log', [r])).toBe(false);
    expect(canAccessRoute('/break-glass', ['super_admin'])).toBe(true);
    for (const r of ['clinicians', 'staff', 'auditor_read_only', 'operation_support'] as const)
      expect(canAccessRoute('/break-glass', [r])).toBe(false);
  });
  it('a clinician without a calendar link is sent from every clinical screen to the profile, typed URLs included', () => {
    for (const p of [
      '/inbox',
      '/inbox/abc',
      '/MessageDetails',
      '/SearchPatient',
      '/PatientProfile',
      '/request',
      '/result/KT1',
      '/userrequest/KT1',
      '/KitDetails',
      '/BookingDetails',
      '/bookings',
      '/booking-calendar',
      '/Payment',
    ]) {
      expect(clinicalRouteRedirect(p, ['clinicians'], null), p).toBe('/profile?reason=invalidOrNoCalendar');
      expect(clinicalRouteRedirect(p, ['clinicians'], 'https://cal.example.com/x'), p).toBeNull();
      expect(clinicalRouteRedirect(p, ['super_admin'], null), p).toBeNull();
      expect(clinicalRouteRedirect(p, ['staff'], null), p).toBeNull();
    }
    for (const p of ['/', '/profile', '/license', '/calendar', '/shipping-manifest', '/report/orders', '/401-page']) {
      expect(clinicalRouteRedirect(p, ['clinicians'], null), p).toBeNull();
    }
  });
});
