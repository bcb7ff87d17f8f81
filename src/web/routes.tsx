import { lazy, type ReactElement } from 'react';
import { Route } from 'react-router';
import { PORTAL_ROUTES } from '../domain/routes';
import { RouteGuard } from './layout/RouteGuard';

// Even these two load on first use: react-admin's <Title> (its configurable title editor) is more than the sign-in page needs.
const UnauthorizedPage = lazy(() => import('./layout/UnauthorizedPage'));
const PlaceholderPage = lazy(() => import('./placeholders/PlaceholderPage'));
const ProfilePage = lazy(() => import('./clinician/ProfilePage'));
const LabRequestsPage = lazy(() => import('./lab-requests/LabRequestsPage'));
const CaseDetailsPage = lazy(() => import('./lab-requests/CaseDetailsPage'));
const LabResultsPage = lazy(() => import('./lab-results/LabResultsPage'));
const OlderLabResultsPage = lazy(() => import('./lab-results/OlderLabResultsPage'));
const FindAppointmentsPage = lazy(() => import('./bookings/FindAppointmentsPage'));
const BookingCalendarPage = lazy(() => import('./calendar/BookingCalendarPage'));
const BookingDetailPage = lazy(() => import('./booking-detail/BookingDetailPage'));
const KitDetailsPage = lazy(() => import('./kits/KitDetailsPage'));
const ManageLabOrderPage = lazy(() => import('./lab-orders/ManageLabOrderPage'));
const ShippingManifestPage = lazy(() => import('./lab-orders/ShippingManifestPage'));
const OrderReportPage = lazy(() => import('./orders/OrderReportPage'));
const PatientProfilePage = lazy(() => import('./patients/PatientProfilePage'));
const InboxPage = lazy(() => import('./messages/InboxPage'));
const MessageDetailPage = lazy(() => import('./messages/MessageDetailPage'));
const SearchPatientPage = lazy(() => import('./patients/SearchPatientPage'));
const AccessLogPage = lazy(() => import('./access-log/AccessLogPage'));
const SuperAdminPage = lazy(() => import('./super-admin/SuperAdminPage'));
const PaymentPage = lazy(() => import('./payment/PaymentPage'));

/** Routes whose screen exists in this release (the rest of PORTAL_ROUTES shows a placeholder). */
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
    const screen = BUILT[path]?.() ?? <PlaceholderPage path={path} />;
    const element = path === '/401-page' ? screen : <RouteGuard>{screen}</RouteGuard>;
    const routes = [<Route key={path} path={path} element={element} />];
    const param = PATH_PARAMS[path];
    if (param) {
      const withParam = BUILT_WITH_PARAM[path] ? <RouteGuard>{BUILT_WITH_PARAM[path]()}</RouteGuard> : element;
      routes.push(<Route key={`${path}/:${param}`} path={`${path}/:${param}`} element={withParam} />);
    }
    return routes;
  });
}
