import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Admin, CustomRoutes, Loading, Resource, type AuthProvider, type I18nProvider, type Store } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { PortalLayout } from './layout/Layout';
import { PortalNotification } from './layout/Notification';
import { UnauthorizedPage } from './layout/UnauthorizedPage';
import type { PortalDataProvider } from './providers/dataProvider';
import { portalRoutes } from './routes';

const HomePage = lazy(() => import('./dashboard/HomePage'));
const LazyLoginPage = lazy(() => import('./layout/LoginPage'));
/** The login route has no layout (and so no Suspense boundary) around it. */
const LoginPage = () => (
  <Suspense fallback={<Loading />}>
    <LazyLoginPage />
  </Suspense>
);

export interface PortalAdminProps {
  authProvider: AuthProvider;
  dataProvider: PortalDataProvider;
  i18nProvider: I18nProvider;
  store?: Store;
  queryClient?: QueryClient;
}

/** The react-admin application, without its router (the browser's in App, a memory one in tests). */
export const PortalAdmin = ({ authProvider, dataProvider, i18nProvider, store, queryClient }: PortalAdminProps) => (
  <Admin
    title="Clinician Portal"
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    store={store}
    queryClient={queryClient}
    layout={PortalLayout}
    dashboard={HomePage}
    loginPage={LoginPage}
    notification={PortalNotification}
    accessDenied={UnauthorizedPage}
    requireAuth
    disableTelemetry
  >
    <Resource name="licenses" />
    <Resource name="lab-requests" />
    <Resource name="lab-results" />
    <CustomRoutes>{portalRoutes()}</CustomRoutes>
  </Admin>
);

/** The portal in the browser: path URLs (no #), as the spec writes them. */
export const App = (props: PortalAdminProps) => (
  <BrowserRouter>
    <PortalAdmin {...props} />
  </BrowserRouter>
);
