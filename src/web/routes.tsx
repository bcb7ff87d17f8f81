import type { ReactElement } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { PORTAL_ROUTES } from '../domain/shared/routes';
import { LazyPortalLayout } from './layout/loadLayout';
import { RouteGuard } from './layout/RouteGuard';
import { ScreenBoundary } from './layout/ScreenBoundary';
import { SCREENS } from './resources';
import type { FailureText, ScreenModule } from './shared/resourceDescriptor';
import { lazyWithPreload } from './shared/lazyWithPreload';

type Lazy = ReturnType<typeof lazyWithPreload<object>>;
const lazies = new Map<ScreenModule, Lazy>();
/**
 * A screen loaded on demand (its own chunk), with its loader kept for preloadScreen; the layout's spinner meanwhile.
 * One component per module: URLs showing the same screen (/profile, /license, /calendar) keep it mounted between them.
 */
const lazyScreen = (load: ScreenModule): Lazy => {
  if (!lazies.has(load)) lazies.set(load, lazyWithPreload(load, <Loading />));
  return lazies.get(load)!;
};

/** A routed screen: its spec URL (or the URL's path-parameter form), its component and its failure text. */
interface Routed {
  path: string;
  Screen?: Lazy;
  redirect?: string;
  failure?: FailureText;
  guarded: boolean;
}

/**
 * Each screen of the resources (resources.ts) but the dashboard ('/', react-admin's own), and its path-parameter
 * form (/result/{kitId}, /userrequest/{kitId}, /inbox/{messageId}). A spec URL with no screen, or with two, stops
 * the portal at start-up.
 */
const ROUTED: readonly Routed[] = (() => {
  const specPaths = new Set(PORTAL_ROUTES.map((r) => r.path));
  const seen = new Set<string>();
  const out: Routed[] = [];
  for (const { path, load, redirect, param, failure, unguarded } of SCREENS) {
    if (!specPaths.has(path)) throw new Error(`screen ${path} is not a portal route`);
    if (seen.has(path)) throw new Error(`portal route ${path} has two screens`);
    seen.add(path);
    if (path === '/') continue;
    const guarded = !unguarded;
    out.push({ path, Screen: load && lazyScreen(load), redirect, failure, guarded });
    if (param) out.push({ path: `${path}/:${param.name}`, Screen: lazyScreen(param.load), failure: param.failure, guarded });
  }
  const missing = [...specPaths].filter((p) => !seen.has(p));
  if (missing.length) throw new Error(`portal route ${missing.join(', ')} has no screen`);
  return out;
})();

const elementOf = ({ Screen, redirect, failure, guarded }: Routed) => {
  const screen = <ScreenBoundary failure={failure}>{Screen ? <Screen /> : <Navigate to={redirect ?? '/'} replace />}</ScreenBoundary>;
  return guarded ? <RouteGuard>{screen}</RouteGuard> : screen;
};

/**
 * The <CustomRoutes> children: every screen of the resources but the dashboard, each behind the RouteGuard
 * (canAccessRoute -> /401-page) but the 401 page itself, at the browser URLs as the spec writes them.
 */
export function portalRoutes(): ReactElement[] {
  return ROUTED.map((r) => <Route key={r.path} path={r.path} element={elementOf(r)} />);
}

/** The loader of the screen at `pathname` (a screen or its path-parameter form); none for '/', redirects, unknown paths. */
export function screenLoaderOf(pathname: string): (() => Promise<unknown>) | undefined {
  const [, first = '', param] = pathname.split('/');
  const routed = ROUTED.find((r) => r.path === pathname) ?? (param ? ROUTED.find((r) => r.path.startsWith(`/${first}/:`)) : undefined);
  return routed?.Screen?.preload;
}

/**
 * Starts downloading the screen of `pathname` and the layout it renders in at start-up, both at once, instead of the
 * layout after the providers and the screen after the layout has rendered: a page opened by its URL (a bookmark, a
 * reload, a new tab) shows its data sooner (the bench's "navigation to the first Lab Results row"). Nothing for '/' and
 * unknown paths (the sign-in page downloads only its own parts). A failed preload is tried again when it renders.
 */
export function preloadScreen(pathname: string): void {
  const screen = screenLoaderOf(pathname);
  if (!screen) return;
  void screen().catch(() => undefined);
  void LazyPortalLayout.preload().catch(() => undefined);
}
