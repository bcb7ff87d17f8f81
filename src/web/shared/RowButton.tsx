import { alpha, GlobalStyles, type Theme } from '@mui/material';
import type { ButtonHTMLAttributes } from 'react';

export type RowButtonVariant = 'text' | 'outlined' | 'contained';
export type RowButtonColor = 'primary' | 'success' | 'warning' | 'error';

export interface RowButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: RowButtonVariant;
  color?: RowButtonColor;
}

/** The class of every RowButton (for layout rules of a container: width, wrapping). */
export const ROW_BUTTON_CLASS = 'row-button';

/**
 * A small button drawn like MUI's `<Button size="small">`, as one native <button> with class rules written once
 * (RowButtonStyles). A page of 200 table rows holds about a thousand row actions: an MUI Button is some ten React
 * components with their hooks and styles each, which alone took most of the 200-row render budget.
 * Forms, dialogs and toolbars keep MUI's Button; this is for actions repeated on every row of a table.
 */
export const RowButton = ({ variant = 'outlined', color = 'primary', className, type = 'button', ...rest }: RowButtonProps) => (
  <button
    type={type}
    className={`${ROW_BUTTON_CLASS} ${ROW_BUTTON_CLASS}-${variant} ${ROW_BUTTON_CLASS}-${color}${className ? ` ${className}` : ''}`}
    {...rest}
  />
);

const COLORS: RowButtonColor[] = ['primary', 'success', 'warning', 'error'];

/** The RowButton class rules, from the theme (light and dark): MUI's small button sizes, colours and states. */
export function rowButtonStyles(theme: Theme) {
  const c = `.${ROW_BUTTON_CLASS}`;
  const rules: Record<string, object> = {
    [c]: {
      ...theme.typography.button,
      fontSize: theme.typography.pxToRem(13),
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSizing: 'border-box',
      minWidth: 64,
      margin: 0,
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      cursor: 'pointer',
      verticalAlign: 'middle',
      textDecoration: 'none',
      outline: 0,
      whiteSpace: 'nowrap',
      userSelect: 'none',
      transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
        duration: theme.transitions.duration.short,
      }),
    },
    [`${c}-text`]: { padding: '4px 5px' },
    [`${c}-outlined`]: { padding: '3px 9px', border: '1px solid currentColor' },
    [`${c}-contained`]: { padding: '4px 10px', boxShadow: theme.shadows[2] },
    [`${c}:focus-visible`]: { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    [`${c}:disabled`]: { color: theme.palette.action.disabled, cursor: 'default', pointerEvents: 'none' },
    [`${c}-outlined:disabled`]: { borderColor: theme.palette.action.disabledBackground },
    [`${c}-contained:disabled`]: { backgroundColor: theme.palette.action.disabledBackground, boxShadow: 'none' },
  };
  for (const name of COLORS) {
    const p = theme.palette[name];
    rules[`${c}-${name}:not(${c}-contained):enabled`] = { color: p.main };
    rules[`${c}-${name}${c}-outlined:enabled`] = { borderColor: alpha(p.main, 0.5) };
    rules[`${c}-${name}:not(${c}-contained):enabled:hover`] = { backgroundColor: alpha(p.main, theme.palette.action.hoverOpacity) };
    rules[`${c}-${name}${c}-outlined:enabled:hover`] = { borderColor: p.main };
    rules[`${c}-${name}${c}-contained:enabled`] = { color: p.contrastText, backgroundColor: p.main };
    rules[`${c}-${name}${c}-contained:enabled:hover`] = { backgroundColor: p.dark, boxShadow: theme.shadows[4] };
  }
  return rules;
}

/** The RowButton rules, once for the whole portal (the signed-in layout). */
export const RowButtonStyles = () => <GlobalStyles styles={rowButtonStyles} />;
