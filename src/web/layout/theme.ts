import { deepmerge } from '@mui/utils';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { phoneComponents } from './phoneComponents';

type CheckboxOwnerState = {
  'aria-label'?: string;
  indeterminate?: boolean;
  inputProps?: Record<string, unknown>;
  slotProps?: { input?: Record<string, unknown> | ((state: unknown) => Record<string, unknown>) };
};

/**
 * A checkbox's name belongs on its <input>, the element that has the checkbox role: a Checkbox given `aria-label`
 * (react-admin's row selection boxes are) would otherwise carry it on MUI's wrapping <span>, where ARIA forbids it,
 * and leave the input unnamed. The root slot moves it to the input, keeping the input's own props.
 */
const checkboxNameOnInput = (state: CheckboxOwnerState) => {
  const label = state['aria-label'];
  if (!label) return {};
  const external = state.slotProps?.input ?? state.inputProps;
  const input = typeof external === 'function' ? external(state) : external;
  return {
    'aria-label': undefined,
    slotProps: { input: { ...input, 'data-indeterminate': state.indeterminate ?? false, 'aria-label': label } },
  };
};

/** Component defaults of both themes for accessibility (axe's default rules in the e2e suite). */
const accessibleComponents = {
  MuiCheckbox: { defaultProps: { slotProps: { root: checkboxNameOnInput } } },
  // A control reached with the keyboard shows an outline in its own text colour (white on the app bar, blue on the page),
  // not only MUI's faint ripple.
  MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 } } } },
};

/**
 * react-admin's light theme with colours that pass WCAG AA contrast (axe in the e2e suite): its app bar blue
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
    // MUI's error red (#d32f2f) on a filled field (#f0f0f0) is 4.4:1 (a field's error label); red 800 is 4.9:1 there.
    error: { main: '#c62828', contrastText: '#fff' },
    // A hovered odd row of a DataTable is 0.04 + 0.04 black (#e8e8e8): a link on it is 4.4:1. 0.03 keeps it above 4.5:1.
    action: { hover: 'rgba(0, 0, 0, 0.03)' },
  },
  components: { ...accessibleComponents, ...phoneComponents },
});

export const portalDarkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, { components: { ...accessibleComponents, ...phoneComponents } });
