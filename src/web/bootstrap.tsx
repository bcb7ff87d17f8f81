import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App, type PortalAdminProps } from './App';
import { IdleSettingsContext } from './layout/idleSettings';
import { configureAmplify } from './providers/amplify';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { preferencesStore } from './providers/preferencesStore';
import { portalQueryClient } from './providers/queryClient';
import type { RuntimeConfig } from './providers/runtimeConfig';
import { preloadScreen } from './routes';

/**
 * The providers of the running portal. react-admin's store is in memory: list parameters (patient search text)
 * end with the tab instead of staying in localStorage; only the theme and table density are kept (preferencesStore).
 */
export function portalProviders(config: RuntimeConfig): PortalAdminProps {
  return {
    authProvider: createAuthProvider({ authFlowType: config.authFlowType }),
    dataProvider: createDataProvider(),
    i18nProvider,
    store: preferencesStore(),
    queryClient: portalQueryClient(),
  };
}

/** Loaded lazily by main.tsx once /config.json is read: configures amplify (tokens in sessionStorage) and renders the portal. */
export function startPortal(root: Root, config: RuntimeConfig): void {
  configureAmplify(config);
  preloadScreen(window.location.pathname);
  root.render(
    <StrictMode>
      <IdleSettingsContext.Provider value={config.idle}>
        <App {...portalProviders(config)} />
      </IdleSettingsContext.Provider>
    </StrictMode>,
  );
}
