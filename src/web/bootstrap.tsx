import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App';
import { configureAmplify } from './providers/amplify';
import { createAuthProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import type { RuntimeConfig } from './providers/runtimeConfig';

/** Loaded lazily by main.tsx once /config.json is read: configures amplify and renders the portal. */
export function startPortal(root: Root, config: RuntimeConfig): void {
  configureAmplify(config);
  root.render(
    <StrictMode>
      <App
        authProvider={createAuthProvider({ authFlowType: config.authFlowType })}
        dataProvider={createDataProvider()}
        i18nProvider={i18nProvider}
      />
    </StrictMode>,
  );
}
