import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useFormState, useWatch, type FieldValues } from 'react-hook-form';
import { SubmitButton } from './SubmitButton';
import { useFocusBackToOpener } from './useFocusBackToOpener';

export interface FormDialogProps<V extends FieldValues> {
  /** i18n key of the title, and its values. */
  title: string;
  titleArgs?: Record<string, unknown>;
  /** Shown after the title (a kit id). */
  subtitle?: string;
  /** The form's first values. */
  defaultValues: V;
  /** Field messages before sending (a src/domain zod schema through zodValidate): nothing is sent while one shows. */
  validate?: (values: V) => Record<string, unknown>;
  /** Called with the checked values; the action (useAction) runs from here. */
  onSubmit: (values: V) => void;
  onClose: () => void;
  /** The action is in flight: Cancel and the submit button are disabled, the dialog stays open. */
  pending: boolean;
  /** i18n key of the submit button ('Save' by default), and its colour (error for a rejection). */
  submitLabel?: string;
  submitColor?: 'primary' | 'error';
  /** i18n key of the dismiss button ('Cancel' by default; 'Close' where Cancel would be ambiguous, as in Cancel Booking). */
  cancelLabel?: string;
  readOnly?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /**
   * When fields are checked: on sending (default), or as each one changes ('onChange': its message shows while typing
   * and the submit button is disabled while a field message shows).
   */
  mode?: 'onSubmit' | 'onChange';
  /**
   * The values cannot be sent at all (a paid product), or not yet (given the values: nothing entered to send): the
   * submit button is disabled.
   */
  submitDisabled?: boolean | ((values: V) => boolean);
  /** i18n key of a toast shown when sending is refused by a field message ('Please check the errors and try again'). */
  invalidNotice?: string;
  /** Buttons before Cancel (Delete). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/** The toast of a send refused by the form's check: once per refused send, as react-admin's own invalid-form notice. */
const InvalidNotice = ({ message }: { message: string }) => {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    if (Object.keys(errors).length) notify(message, { type: 'error' });
  }, [errors, submitCount, notify, message]);
  return null;
};

/** Cancel and the submit button, inside the form (to know whether a field message shows). */
const Actions = ({
  onClose,
  pending,
  readOnly,
  submitLabel,
  submitColor,
  cancelLabel,
  disabled,
  disableOnFieldError,
  extraActions,
}: {
  onClose: () => void;
  pending: boolean;
  readOnly: boolean;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  cancelLabel: string;
  disabled: boolean | ((values: FieldValues) => boolean);
  disableOnFieldError: boolean;
  extraActions?: ReactNode;
}) => {
  const translate = useTranslate();
  const { errors } = useFormState();
  const values = useWatch();
  // '_' is the values' message as a whole (FormErrorAlert): sending again checks it again.
  const fieldMessage = disableOnFieldError && Object.keys(errors).some((k) => k !== '_');
  return (
    <DialogActions>
      {extraActions}
      <Button onClick={onClose} disabled={pending}>
        {translate(cancelLabel)}
      </Button>
      <SubmitButton
        type="submit"
        color={submitColor}
        pending={pending}
        readOnly={readOnly}
        disabled={(typeof disabled === 'function' ? disabled(values) : disabled) || fieldMessage}
      >
        {translate(submitLabel)}
      </SubmitButton>
    </DialogActions>
  );
};

/**
 * The portal's one form dialog: react-admin's <Form> (react-hook-form; field messages from the domain's schema shown
 * before anything is sent) in a modal with its title, Cancel and the action's submit button (SubmitButton: disabled
 * while in flight and for a read-only role).
 */
export function FormDialog<V extends FieldValues>({
  title,
  titleArgs,
  subtitle,
  defaultValues,
  validate,
  onSubmit,
  onClose,
  pending,
  submitLabel = 'ra.action.save',
  submitColor,
  cancelLabel = 'ra.action.cancel',
  readOnly = false,
  maxWidth = 'sm',
  mode = 'onSubmit',
  submitDisabled = false,
  invalidNotice,
  extraActions,
  children,
}: FormDialogProps<V>) {
  const translate = useTranslate();
  const id = useId();
  useFocusBackToOpener();
  return (
    // Closes by Cancel or Escape, not by a click outside it (the second click of a double-clicked opener lands there).
    <Dialog
      open
      onClose={(_, reason) => {
        if (!pending && reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth={maxWidth}
    >
      {/* Its own values only: opened from a table row, it must not take the row's record as its values. First values that
          arrive late (a template that loaded) replace only the fields the user has not changed. */}
      <Form
        record={defaultValues as FieldValues}
        defaultValues={defaultValues as FieldValues}
        validate={validate as never}
        onSubmit={(v: FieldValues) => {
          if (!pending) onSubmit(v as V);
        }}
        resetOptions={{ keepDirtyValues: true }}
        mode={mode}
        noValidate
        disableInvalidFormNotification
      >
        <DialogTitle id={`${id}-title`}>
          {translate(title, titleArgs)}
          {subtitle ? ` – ${subtitle}` : ''}
        </DialogTitle>
        {invalidNotice && <InvalidNotice message={invalidNotice} />}
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <Actions
          onClose={onClose}
          pending={pending}
          readOnly={readOnly}
          submitLabel={submitLabel}
          submitColor={submitColor}
          cancelLabel={cancelLabel}
          disabled={submitDisabled as boolean | ((values: FieldValues) => boolean)}
          disableOnFieldError={mode === 'onChange'}
          extraActions={extraActions}
        />
      </Form>
    </Dialog>
  );
}
