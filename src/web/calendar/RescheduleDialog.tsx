import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { rescheduleUrl } from '../../domain/bookings/booking-rules';

export interface RescheduleDialogProps {
  booking: CalendarEventRow;
  /** The configured public booking site (bookingPublicUrl); the portal's CSP frame-src allows exactly its origin. */
  publicUrl: string;
  actor: string;
  onClose: () => void;
}

/** Reschedule appointment: the public scheduling page of the booking embedded in a modal; closing refreshes the calendar. */
export const RescheduleDialog = ({ booking, publicUrl, actor, onClose }: RescheduleDialogProps) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const close = () => {
    onClose();
    void queryClient.invalidateQueries({ queryKey: ['bookings'] });
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="reschedule-dialog-title">
      <DialogTitle id="reschedule-dialog-title">{translate('booking.rescheduleDialogTitle')}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <Box
          component="iframe"
          src={rescheduleUrl(publicUrl, booking.id, actor)}
          title={translate('booking.schedulingWidgetFor', { name: booking.name })}
          sandbox="allow-scripts allow-forms allow-same-origin"
          referrerPolicy="no-referrer"
          sx={{ display: 'block', border: 0, width: '100%', height: { xs: '70vh', sm: 600 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
