import { createRoot } from 'react-dom/client';
import { fillText } from '../domain/messages/messages';
import { TEXT } from '../domain/i18n/en/app';
import { UI_TEXT } from '../domain/i18n/en/ui';
import { initializationReason, loadRuntimeConfig } from './providers/runtimeConfig';

/*
 * Entry chunk: kept tiny. It fetches /config.json while the app chunk (react-admin, MUI, amplify)
 * downloads in parallel, then hands over to bootstrap.tsx. i18n is not loaded yet when start-up
 * fails, so the failure text is filled from the catalogue directly.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

const boxStyle = { fontFamily: 'Roboto, Helvetica, Arial, sans-serif', padding: 24 } as const;

root.render(
  <div style={boxStyle} aria-busy="true">
    {UI_TEXT.loading}
  </div>,
);

Promise.all([loadRuntimeConfig(), import('./bootstrap')])
  .then(([config, { startPortal }]) => startPortal(root, config))
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <div role="alert" style={{ ...boxStyle, color: '#b00020' }}>
        {fillText(TEXT.initializationFailed, { reason: initializationReason(error) })}
      </div>,
    );
  });
