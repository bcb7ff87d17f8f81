import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { PORTAL_ROUTES } from '../domain/routes';
import { RouteGuard } from './layout/RouteGuard';
import { UnauthorizedPage } from './layout/UnauthorizedPage';
import { PlaceholderPage } from './placeholders/PlaceholderPage';

const ProfilePage = lazy(() => import('./clinician/ProfilePage'));

/** Routes whose screen exists in this release (the rest of PORTAL_ROUTES shows a placeholder). */
const BUILT: Record<string, () => ReactElement> = {
  '/profile': () => <ProfilePage />,
  '/license': () => <ProfilePage />,
  '/calendar': () => <ProfilePage />,
  '/401-page': () => <UnauthorizedPage />,
};

/** Path parameters of the spec's routes: /inbox/{messageID}, /result/{kitid}, /userrequest/{kitid}. */
export const PATH_PARAMS: Record<string, string> = {
  '/inbox': 'messageId',
  '/result': 'kitId',
  '/userrequest': 'kitId',
};

/**
 * The <CustomRoutes> children: every route of PORTAL_ROUTES except '/' (the dashboard), each behind
 * the RouteGuard (canAccessRoute -> /401-page), plus the path-parameter forms. Browser URLs as the spec writes them.
 */
export function portalRoutes(): ReactElement[] {
  return PORTAL_ROUTES.filter((r) => r.path !== '/').flatMap(({ path }) => {
    const screen = BUILT[path]?.() ?? <PlaceholderPage path={path} />;
    const element = path === '/401-page' ? screen : <RouteGuard>{screen}</RouteGuard>;
    const routes = [<Route key={path} path={path} element={element} />];
    const param = PATH_PARAMS[path];
    if (param) routes.push(<Route key={`${path}/:${param}`} path={`${path}/:${param}`} element={element} />);
    return routes;
  });
}
