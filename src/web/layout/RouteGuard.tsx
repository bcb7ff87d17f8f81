import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from 'react-admin';
import { canAccessRoute, clinicalRouteRedirect, isClinicalRoute } from '../../domain/shared/routes';
import { isLicenceBound } from '../../domain/shared/scope';
import { useClinicianProfile } from '../shared/clinicianQueries';
import { usePortalPermissions } from '../providers/permissions';

export const UNAUTHORIZED_PATH = '/401-page';

/**
 * Renders its route only when the user's roles allow the current path (canAccessRoute), else goes to /401-page. On
 * every navigation to a clinical screen, a clinician without a calendar link goes to the profile instead
 * (clinicalRouteRedirect, the rule the server applies to clinical writes); the profile is the shared cached query.
 */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { permissions, isPending } = usePortalPermissions();
  const roles = permissions?.roles ?? [];
  const gated = isLicenceBound(roles) && isClinicalRoute(pathname);
  const profile = useClinicianProfile({ enabled: gated });
  if (isPending || (gated && profile.isPending)) return <Loading />;
  if (!canAccessRoute(pathname, roles)) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  // Without a profile (or when it failed to load) the home page's banners explain; the server refuses clinical writes anyway.
  const redirect = gated && profile.data ? clinicalRouteRedirect(pathname, roles, profile.data.calendarLink) : null;
  if (redirect) return <Navigate to={redirect} replace />;
  return <>{children}</>;
};
