import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

export interface ConfirmDialogProps {
  open: boolean;
  /** i18n keys. */
  title?: string;
  content: string;
  contentArgs?: Record<string, unknown>;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape or a click outside; onCancel by default. */
  onDismiss?: () => void;
}

/** A yes/no question (send to patient, cancel auto release, template values missing). */
export const ConfirmDialog = ({
  open,
  title,
  content,
  contentArgs,
  confirmLabel = 'lab.ok',
  cancelLabel = 'ra.action.cancel',
  loading,
  onConfirm,
  onCancel,
  onDismiss,
}: ConfirmDialogProps) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : (onDismiss ?? onCancel)}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={`${id}-text`}
    >
      {title && <DialogTitle id={`${id}-title`}>{translate(title, contentArgs)}</DialogTitle>}
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ whiteSpace: 'pre-line' }}>
          {translate(content, contentArgs)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={loading}>
          {translate(cancelLabel)}
        </Button>
        <Button onClick={onConfirm} disabled={loading} variant="contained" autoFocus>
          {translate(confirmLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
