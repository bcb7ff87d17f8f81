import { deepmerge } from '@mui/utils';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light theme with colours that pass WCAG AA contrast (axe in the e2e suite, issue 22): its app bar blue
 * (#2196f3) under white text is 3.1:1 and MUI's primary (#1976d2) on the page background (#fafafb) 4.4:1; blue 800 is
 * 5.7:1 under white and 5.5:1 on the background.
 */
export const portalLightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  palette: {
    primary: { main: '#1565c0' },
    secondary: { light: '#5e92f3', main: '#1565c0', dark: '#003c8f', contrastText: '#fff' },
    // MUI's warning orange (#ed6c02) and info blue (#0288d1) under white text (filled alerts, toasts) are 3.1:1 and 3.9:1.
    warning: { main: '#b45309', contrastText: '#fff' },
    info: { main: '#0277bd', contrastText: '#fff' },
    // A hovered odd row of a DataTable is 0.04 + 0.04 black (#e8e8e8): a link on it is 4.4:1. 0.03 keeps it above 4.5:1.
    action: { hover: 'rgba(0, 0, 0, 0.03)' },
  },
});
