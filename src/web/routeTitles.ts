import { PORTAL_ROUTES } from '../domain/shared/routes';

/** i18n key of a portal route's title: `route.<path without slashes>` ('/' is `route.home`). */
export const routeTitleKey = (path: string) => `route.${path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '_')}`;

/** The `route.*` part of the catalogue, from PORTAL_ROUTES. */
export const routeTitleMessages = Object.fromEntries(PORTAL_ROUTES.map((r) => [routeTitleKey(r.path).slice('route.'.length), r.title]));
