import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSingleFlight } from '../providers/useSingleFlight';
import { BOOKING_TOAST_MS } from '../../domain/booking-texts';
import type { CalendarEventRow } from '../providers/bookingMethods';
import type { PortalDataProvider } from '../providers/dataProvider';
import { errorReason } from '../providers/errorReason';
import { statusLabel } from '../../domain/statuses';
import { allowedStatuses } from './calendarActions';
import { useChangedByText } from '../live/recordChanges';

/**
 * Confirm status update (spec 2 §2.2): a status the shared transition rule allows and a required reason,
 * sent with PATCH /updateStatus/{id}; 'Status {x} saved successfully...' for 2.5 s, or 'Error saving status...'.
 */
export const StatusUpdateDialog = ({ booking, onClose }: { booking: CalendarEventRow; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const changedByText = useChangedByText();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const id = useId();
  const [choices] = useState(() => allowedStatuses(booking));
  const [status, setStatus] = useState<string>(choices[0] ?? '');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const save = useSingleFlight(useMutation({
    mutationFn: () => dataProvider.updateBookingStatus(booking.id, status, reason.trim()),
    onSuccess: async () => {
      notify('booking.statusSaved', { type: 'success', autoHideDuration: BOOKING_TOAST_MS.status, messageArgs: { status } });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
      onClose();
    },
    onError: (error) => {
      // Overtaken by another change (a 409 naming who changed the booking): say so, and show the booking as it now is.
      const changed = changedByText(error, 'booking.statusFailed');
      if (!changed) return notify('booking.statusFailed', { type: 'error' });
      notify(changed, { type: 'error', messageArgs: { _: changed } });
      return queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  }));
  const missingReason = reason.trim() === '';
  const confirm = () => {
    setTried(true);
    if (!missingReason && status) save.mutate();
  };
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{translate('booking.statusDialogTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {booking.name} · {booking.id} · {translate('booking.currentStatus', { status: statusLabel(booking.bookingStatus) })}
        </DialogContentText>
        <TextField select label={translate('booking.newStatus')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ mt: 1 }}>
          {choices.map((s) => <MenuItem key={s} value={s}>{statusLabel(s)}</MenuItem>)}
        </TextField>
        <TextField
          label={translate('booking.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          multiline
          minRows={2}
          error={tried && missingReason}
          helperText={tried && missingReason ? translate('booking.reasonRequired') : undefined}
        />
        {save.isError && <Alert severity="error">{errorReason(save.error) ?? translate('booking.unknown')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={save.isPending || !status}>{translate('ra.action.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
};
