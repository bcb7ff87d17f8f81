import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { BookingRow } from '../bookings/bookingsApi';

/**
 * Send results or patient summary: the sending itself belongs to the booking detail screen (a later
 * release), so this says so, shows Send disabled with the reason beside it, and offers the booking details.
 */
export const SendResultsDialog = ({ booking, onClose, onOpenDetails }: { booking: BookingRow; onClose: () => void; onOpenDetails: () => void }) => {
  const translate = useTranslate();
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{translate('booking.sendResults')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{translate('booking.sendResultsBody')}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{booking.name} · {booking.id}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Typography id={`${id}-reason`} variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
          {translate('booking.sendDisabledReason')}
        </Typography>
        <Button onClick={onClose}>{translate('booking.close')}</Button>
        <Button onClick={onOpenDetails}>{translate('booking.openDetails')}</Button>
        <Button variant="contained" disabled aria-describedby={`${id}-reason`}>{translate('booking.send')}</Button>
      </DialogActions>
    </Dialog>
  );
};
