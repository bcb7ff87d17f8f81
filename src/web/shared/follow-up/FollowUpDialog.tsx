import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { BookingDetail } from '../../../domain/booking-detail/booking-detail';
import { FollowUpChoices } from './FollowUpChoices';

/** Booking detail's Schedule Follow-up Appointment: the follow-up choices for the booking's patient and state. */
export const FollowUpDialog = ({ booking: b, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  const state = b.careStateRegion ?? b.state;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('followUp.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">{translate('followUp.choose')}</Typography>
        <FollowUpChoices
          autoFocus
          bookingId={b.id}
          state={state}
          onDone={onClose}
          patient={{ id: b.patientId, firstName: b.firstName, lastName: b.lastName, email: b.email, phoneNumber: b.mobile ?? b.phone }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
