import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from 'react-admin';
import { canAccessRoute } from '../../domain/routes';
import { usePortalPermissions } from '../providers/permissions';

export const UNAUTHORIZED_PATH = '/401-page';

/** Renders its route only when the user's roles allow the current path (canAccessRoute), else goes to /401-page. */
export const RouteGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const { permissions, isPending } = usePortalPermissions();
  if (isPending) return <Loading />;
  if (!canAccessRoute(pathname, permissions?.roles ?? [])) return <Navigate to={UNAUTHORIZED_PATH} replace />;
  return <>{children}</>;
};
