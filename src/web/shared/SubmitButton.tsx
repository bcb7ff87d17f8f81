import { CircularProgress, type ButtonProps } from '@mui/material';
import { ReadOnlyButton } from './ReadOnlyButton';

export interface SubmitButtonProps extends ButtonProps {
  /** The action is in flight (useAction's isPending): the button is disabled and shows a spinner. */
  pending?: boolean;
  /** A read-only role: disabled, with the read-only reason in its tooltip (ReadOnlyButton). */
  readOnly?: boolean;
}

/**
 * The portal's one submit/action button: contained, disabled while its action is in flight (a second click sends
 * nothing) with a spinner in place of its icon, and disabled with the reason for a read-only role.
 */
export const SubmitButton = ({ pending = false, readOnly = false, disabled, startIcon, variant = 'contained', ...props }: SubmitButtonProps) => (
  <ReadOnlyButton
    readOnly={readOnly}
    variant={variant}
    {...props}
    disabled={disabled || pending}
    aria-busy={pending || undefined}
    startIcon={pending ? <CircularProgress size={16} color="inherit" /> : startIcon}
  />
);
