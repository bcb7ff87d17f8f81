import CssBaseline from '@mui/material/CssBaseline';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  LoadingPage,
  Resource,
  type AuthProvider,
  type CoreAdminUIProps,
  type I18nProvider,
  type Store,
} from 'react-admin';
import { createBrowserRouter, Route, RouterProvider } from 'react-router';
import { LazyPortalLayout } from './layout/loadLayout';
import { PortalNotification } from './layout/Notification';
import { portalDarkTheme, portalLightTheme } from './layout/theme';
import type { PortalDataProvider } from './providers/dataProvider';
import { preferencesStore } from './providers/preferencesStore';
import { lazyWithPreload, type PreloadableComponent } from './shared/lazyWithPreload';
import { RESOURCE_ENDPOINTS, SCREENS } from './resources';
import { portalRoutes } from './routes';

/*
 * react-admin's <Admin> is <AdminContext> + <AdminUI>, and AdminUI's defaults (the whole Layout with its app bar,
 * menu and sidebar, the Login form, the error and not-found pages) are imported whether they are used or not.
 * The portal composes the same two parts with its own pieces, each loaded when first shown: the sign-in page
 * downloads only the providers, the login form and what it needs (not the layout, dashboard or any screen).
 */

/**
 * A lazily loaded part (LoadingPage while it downloads), behind its own Suspense boundary for what it loads lazily
 * itself (react-admin renders some of them outside any layout).
 */
function lazyPart<P extends object = object>(load: (() => Promise<{ default: ComponentType<P> }>) | PreloadableComponent<P>) {
  const Part = 'preload' in load ? load : lazyWithPreload(load, <LoadingPage />);
  const Wrapped = (props: P) => (
    <Suspense fallback={<LoadingPage />}>
      <Part {...props} />
    </Suspense>
  );
  return Wrapped;
}

/** The screen at '/' (the dashboard resource's), react-admin's dashboard. */
const HomePage = lazyPart(SCREENS.find((s) => s.path === '/')!.load!);
const LoginPage = lazyPart(() => import('./layout/LoginPage'));
const PortalLayout = lazyPart<{ children: ReactNode }>(LazyPortalLayout);
type ErrorPageProps = Parameters<NonNullable<CoreAdminUIProps['error']>>[0];
const UnauthorizedPage = lazyPart(() => import('./layout/UnauthorizedPage'));
const ErrorPage = lazyPart<ErrorPageProps>(() =>
  import('./layout/fallbackPages').then((m) => ({ default: (props: ErrorPageProps) => <m.Error {...props} /> })),
);
const NotFound = lazyPart<object>(() => import('./layout/fallbackPages').then((m) => ({ default: () => <m.NotFound /> })));
/** Sign-up: open without a session, outside the layout. */
const SignUpPage = lazyPart(() => import('./clinician/SignUpPage'));
const AuthenticationError = lazyPart<object>(() => import('./layout/fallbackPages').then((m) => ({ default: () => <m.AuthenticationError /> })));

/** react-admin's store stays in memory (list parameters hold patient search text), but for the theme and density. */
const defaultStore = preferencesStore();

export interface PortalAdminProps {
  authProvider: AuthProvider;
  dataProvider: PortalDataProvider;
  i18nProvider: I18nProvider;
  store?: Store;
  queryClient?: QueryClient;
}

/** The react-admin application, without its router (the browser's in App, a memory one in tests). */
export const PortalAdmin = ({ authProvider, dataProvider, i18nProvider, store, queryClient }: PortalAdminProps) => (
  <AdminContext
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    store={store ?? defaultStore}
    queryClient={queryClient}
    lightTheme={portalLightTheme}
    darkTheme={portalDarkTheme}
  >
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        title="Clinician Portal"
        layout={PortalLayout}
        dashboard={HomePage}
        loginPage={LoginPage}
        loading={LoadingPage}
        error={ErrorPage}
        catchAll={NotFound}
        authenticationError={AuthenticationError}
        accessDenied={UnauthorizedPage}
        requireAuth
        disableTelemetry
      >
        {/* Every dataProvider resource of the resource folders (resources.ts); screens render them at the spec's URLs
            (routes.tsx). A resource owns /{name}/*: a path there that no screen has is Not Found, as everywhere else. */}
        {Object.keys(RESOURCE_ENDPOINTS).map((name) => (
          <Resource key={name} name={name}>
            <Route path="*" element={<NotFound />} />
          </Resource>
        ))}
        <CustomRoutes>{portalRoutes()}</CustomRoutes>
        <CustomRoutes noLayout>
          <Route path="/sign-up" element={<SignUpPage />} />
        </CustomRoutes>
      </CoreAdminUI>
      <PortalNotification />
    </CssBaseline>
  </AdminContext>
);

/**
 * The portal in the browser: path URLs (no #), as the spec writes them, on a data router (react-router's
 * createBrowserRouter), so a screen can ask before it is left with unsaved work (useBlocker). The router is made once,
 * with the providers of the first render (bootstrap makes them once).
 */
export const App = (props: PortalAdminProps) => {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <PortalAdmin {...props} /> }]));
  return <RouterProvider router={router} />;
};
