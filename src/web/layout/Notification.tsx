import { Alert, Button, Snackbar } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { CloseNotificationContext, useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { TOAST_MS } from '../../domain/shared/constants';

const SEVERITY = { success: 'success', error: 'error', warning: 'warning', info: 'info' } as const;

/**
 * Toasts at the top centre, 6 s by default (spec 1 §8), one at a time. Unlike react-admin's own
 * <Notification>, a newer toast replaces the one on screen instead of waiting for it to expire, so a
 * progress toast ("Sending Message...", "Uploading File") is followed at once by its outcome.
 * Undoable notifications (react-admin's undoable mutations) keep their Undo button and are not cut short.
 */
export const PortalNotification = () => {
  const translate = useTranslate();
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);
  const undoable = !!current?.notificationOptions?.undoable;

  useEffect(() => {
    if (notifications.length === 0) return;
    if (!current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
      }
    } else if (open && !undoable) {
      setOpen(false); // a newer toast is waiting: close this one; onExited shows the next
    }
  }, [notifications, current, open, undoable, takeNotification]);

  const close = useCallback(() => setOpen(false), []);
  const exited = useCallback(() => {
    if (current?.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
    setCurrent(undefined);
  }, [current, takeMutation]);
  const undo = useCallback(() => {
    takeMutation()?.({ isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions } = current;
  const { autoHideDuration, messageArgs } = notificationOptions ?? {};
  const text = typeof message === 'string' ? translate(message, messageArgs) : message;
  const severity = SEVERITY[type as keyof typeof SEVERITY] ?? 'info';
  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={autoHideDuration === undefined ? TOAST_MS.default : (autoHideDuration ?? undefined)}
        disableWindowBlurListener={undoable}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        slotProps={{ transition: { onExited: exited } }}
      >
        <Alert
          variant="filled"
          severity={severity}
          role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
          sx={{ whiteSpace: 'pre-wrap', alignItems: 'center' }}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={undo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
        >
          {text}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
};
