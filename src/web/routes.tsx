import type { ComponentType, ReactElement } from 'react';
import { Loading } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { PORTAL_ROUTES } from '../domain/routes';
import { LazyPortalLayout } from './layout/loadLayout';
import { RouteGuard } from './layout/RouteGuard';
import { ScreenBoundary } from './layout/ScreenBoundary';
import { lazyWithPreload } from './shared/lazyWithPreload';

/** A screen loaded on demand (its own chunk), with its loader kept for preloadScreen; the layout's spinner meanwhile. */
const lazyScreen = (load: () => Promise<{ default: ComponentType }>) => lazyWithPreload(load, <Loading />);

const UnauthorizedPage = lazyScreen(() => import('./layout/UnauthorizedPage'));
const ProfilePage = lazyScreen(() => import('./clinician/ProfilePage'));
const LabRequestsPage = lazyScreen(() => import('./lab-requests/LabRequestsPage'));
const CaseDetailsPage = lazyScreen(() => import('./lab-requests/CaseDetailsPage'));
const LabResultsPage = lazyScreen(() => import('./lab-results/LabResultsPage'));
const OlderLabResultsPage = lazyScreen(() => import('./lab-results/OlderLabResultsPage'));
const FindAppointmentsPage = lazyScreen(() => import('./bookings/FindAppointmentsPage'));
const BookingCalendarPage = lazyScreen(() => import('./calendar/BookingCalendarPage'));
const BookingDetailPage = lazyScreen(() => import('./booking-detail/BookingDetailPage'));
const KitDetailsPage = lazyScreen(() => import('./kits/KitDetailsPage'));
const ManageLabOrderPage = lazyScreen(() => import('./lab-orders/ManageLabOrderPage'));
const ShippingManifestPage = lazyScreen(() => import('./lab-orders/ShippingManifestPage'));
const OrderReportPage = lazyScreen(() => import('./orders/OrderReportPage'));
const PatientProfilePage = lazyScreen(() => import('./patients/PatientProfilePage'));
const InboxPage = lazyScreen(() => import('./messages/InboxPage'));
const MessageDetailPage = lazyScreen(() => import('./messages/MessageDetailPage'));
const SearchPatientPage = lazyScreen(() => import('./patients/SearchPatientPage'));
const AccessLogPage = lazyScreen(() => import('./access-log/AccessLogPage'));
const SuperAdminPage = lazyScreen(() => import('./super-admin/SuperAdminPage'));
const PaymentPage = lazyScreen(() => import('./payment/PaymentPage'));
const BreakGlassReviewPage = lazyScreen(() => import('./break-glass/BreakGlassReviewPage')); // issue 22

/** The screen of every route of PORTAL_ROUTES but '/' (a route without one stops the portal at start-up). */
const BUILT: Record<string, () => ReactElement> = {
  '/profile': () => <ProfilePage />,
  '/license': () => <ProfilePage />,
  '/calendar': () => <ProfilePage />,
  '/401-page': () => <UnauthorizedPage />,
  '/request': () => <LabRequestsPage />,
  '/result': () => <LabResultsPage />,
  '/bookings': () => <FindAppointmentsPage />,
  '/booking-calendar': () => <BookingCalendarPage />,
  '/BookingDetails': () => <BookingDetailPage />,
  '/KitDetails': () => <KitDetailsPage />,
  '/manage-lab-order': () => <ManageLabOrderPage />,
  '/shipping-manifest': () => <ShippingManifestPage />,
  '/report/orders': () => <OrderReportPage />,
  '/PatientProfile': () => <PatientProfilePage />,
  '/inbox': () => <InboxPage />,
  '/MessageDetails': () => <MessageDetailPage />,
  '/SearchPatient': () => <SearchPatientPage />,
  '/access-log': () => <AccessLogPage />,
  '/super-admin': () => <SuperAdminPage />,
  '/Payment': () => <PaymentPage />,
  // Only /userrequest/{kitId} is a screen (case details); the bare path lands on the lab requests it comes from.
  '/userrequest': () => <Navigate to="/request" replace />,
  '/break-glass': () => <BreakGlassReviewPage />, // issue 22
};

/** Screens of the path-parameter forms (/result/{kitId}, /userrequest/{kitId}); the rest show the route's own screen. */
const BUILT_WITH_PARAM: Record<string, () => ReactElement> = {
  '/result': () => <OlderLabResultsPage />,
  '/userrequest': () => <CaseDetailsPage />,
  '/inbox': () => <MessageDetailPage />,
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
    const build = BUILT[path];
    if (!build) throw new Error(`portal route ${path} has no screen`);
    const screen = <ScreenBoundary path={path}>{build()}</ScreenBoundary>;
    const element = path === '/401-page' ? screen : <RouteGuard>{screen}</RouteGuard>;
    const routes = [<Route key={path} path={path} element={element} />];
    const param = PATH_PARAMS[path];
    if (param) {
      const withParam = BUILT_WITH_PARAM[path]
        ? <RouteGuard><ScreenBoundary path={`${path}/:id`}>{BUILT_WITH_PARAM[path]()}</ScreenBoundary></RouteGuard> : element;
      routes.push(<Route key={`${path}/:${param}`} path={`${path}/:${param}`} element={withParam} />);
    }
    return routes;
  });
}

/** The loader of the screen at `pathname` (a route of BUILT or its path-parameter form); none for '/', redirects, unknown paths. */
export function screenLoaderOf(pathname: string): (() => Promise<unknown>) | undefined {
  const [, first = '', param] = pathname.split('/');
  const build = BUILT[pathname] ?? (param ? BUILT_WITH_PARAM[`/${first}`] : undefined);
  return (build?.().type as { preload?: () => Promise<unknown> } | undefined)?.preload;
}

/**
 * Starts downloading the screen of `pathname` and the layout it renders in at start-up, both at once, instead of the
 * layout after the providers and the screen after the layout has rendered: a page opened by its URL (a bookmark, a
 * reload, a new tab) shows its data sooner (issue 14's "navigation to the first Lab Results row"). Nothing for '/' and
 * unknown paths (the sign-in page downloads only its own parts). A failed preload is tried again when it renders.
 */
export function preloadScreen(pathname: string): void {
  const screen = screenLoaderOf(pathname);
  if (!screen) return;
  void screen().catch(() => undefined);
  void LazyPortalLayout.preload().catch(() => undefined);
}
