import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tooltip,
  Typography,
  type ButtonProps,
} from '@mui/material';
import { format } from 'date-fns';
import { useId, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatBookingTime } from '../../domain/bookings/booking-time';
import { useFocusBackToOpener } from '../shared/useFocusBackToOpener';
import { isValidTimeZone } from '../shared/zonedTime';

/**
 * Dates of the screen: 'LLL dd, yyyy hh:mm a' (spec 2 §9); '' when missing, the raw value when unreadable.
 * With a zone (the booking's event time zone) the wall-clock time there, followed by the zone's short name.
 */
export function formatWhen(value: string | null | undefined, zone?: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  if (!isValidTimeZone(zone)) return format(d, 'LLL dd, yyyy hh:mm a');
  return formatBookingTime(d, zone);
}

export const money = (n: number | null | undefined) => `$${(n ?? 0).toFixed(2)}`;

/** A label and its value (a dash when empty). */
export const Field = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  const empty = children === null || children === undefined || children === '';
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {empty ? translate('bookingDetail.ui.none') : children}
      </Typography>
    </Box>
  );
};

export const FieldGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>{children}</Box>
);

export { Section } from '../shared/Section';

/**
 * A button that explains itself when disabled: the refusal (a rules text or an i18n key) as tooltip, on a
 * focusable wrapper so keyboard users reach it too. The wrapper is always there, so the button stays the same element
 * when it becomes refused; if it had the focus then (Complete Booking once the booking is completed, the focus given
 * back by the dialog that completed it), the focus moves to the wrapper, which says why, instead of being lost.
 */
export const GuardedButton = ({
  label,
  refusal,
  onClick,
  pending,
  ...rest
}: {
  label: string;
  refusal?: string | null;
  /** None for a form's submit button (type="submit"). */
  onClick?: () => void;
  pending?: boolean;
} & Omit<ButtonProps, 'onClick' | 'children'>) => {
  const translate = useTranslate();
  const wrapper = useRef<HTMLSpanElement>(null);
  /** The focus is on this button (or was, until the button was disabled under it: that blur goes nowhere). */
  const focused = useRef(false);
  const text = refusal ? translate(refusal, { _: refusal }) : null;
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (text && focused.current && (!active || active === document.body || wrapper.current?.contains(active))) wrapper.current?.focus();
  }, [text]);
  return (
    <Tooltip title={text ?? ''}>
      <span
        ref={wrapper}
        tabIndex={text ? 0 : undefined}
        aria-label={text ? `${translate(label)}: ${text}` : undefined}
        data-refusal={text ?? undefined}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={(e) => {
          if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) focused.current = false;
        }}
      >
        <Button
          size="small"
          variant="outlined"
          {...rest}
          disabled={!!refusal || pending || rest.disabled}
          onClick={onClick}
          startIcon={pending ? <CircularProgress size={14} /> : rest.startIcon}
        >
          {translate(label)}
        </Button>
      </span>
    </Tooltip>
  );
};

/** A modal form: title, content, Cancel and the primary button; pending keeps it open and disables both. */
export const DialogFrame = ({
  title,
  titleArgs,
  children,
  onClose,
  onSubmit,
  submitLabel = 'bookingDetail.ui.submit',
  pending,
  submitDisabled,
  maxWidth = 'sm',
  extraActions,
  closeLabel,
}: {
  title: string;
  titleArgs?: Record<string, unknown>;
  children: ReactNode;
  onClose: () => void;
  onSubmit?: () => void;
  submitLabel?: string;
  /** The dismiss button's label ('Cancel' by default; 'Close' where Cancel would be ambiguous, as in Cancel Booking). */
  closeLabel?: string;
  pending?: boolean;
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  extraActions?: ReactNode;
}) => {
  const translate = useTranslate();
  const id = useId();
  useFocusBackToOpener();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending && !submitDisabled) onSubmit?.();
  };
  const content = (
    <>
      <DialogTitle id={`${id}-title`}>{translate(title, titleArgs)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {extraActions}
        <Button onClick={onClose} disabled={pending}>
          {translate(closeLabel ?? (onSubmit ? 'ra.action.cancel' : 'ra.action.close'))}
        </Button>
        {onSubmit && (
          <Button
            type="submit"
            variant="contained"
            disabled={pending || submitDisabled}
            startIcon={pending ? <CircularProgress size={16} /> : undefined}
          >
            {translate(submitLabel)}
          </Button>
        )}
      </DialogActions>
    </>
  );
  // Without a submit button there is no form: the dialog's content may hold forms of its own (the identity uploads).
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={`${id}-title`}>
      {onSubmit ? (
        <form onSubmit={submit} noValidate>
          {content}
        </form>
      ) : (
        content
      )}
    </Dialog>
  );
};
