import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { memoryStore } from 'react-admin';
import { App, type PortalAdminProps } from './App';
import { IdleSettingsContext } from './layout/IdleLogoff';
import { configureAmplify } from './providers/amplify';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import type { RuntimeConfig } from './providers/runtimeConfig';

/**
 * The providers of the running portal. react-admin's store is in memory: list parameters (patient search text)
 * and other preferences end with the tab instead of staying in localStorage.
 */
export function portalProviders(config: RuntimeConfig): PortalAdminProps {
  return {
    authProvider: createAuthProvider({ authFlowType: config.authFlowType }),
    dataProvider: createDataProvider(),
    i18nProvider,
    store: memoryStore(),
  };
}

/** Loaded lazily by main.tsx once /config.json is read: configures amplify (tokens in sessionStorage) and renders the portal. */
export function startPortal(root: Root, config: RuntimeConfig): void {
  configureAmplify(config);
  root.render(
    <StrictMode>
      <IdleSettingsContext.Provider value={config.idle}>
        <App {...portalProviders(config)} />
      </IdleSettingsContext.Provider>
    </StrictMode>,
  );
}
