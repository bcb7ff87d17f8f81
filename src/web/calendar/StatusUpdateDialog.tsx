import { Alert, DialogContentText } from '@mui/material';
import { useState } from 'react';
import { required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { BOOKING_TOAST_MS } from '../../domain/bookings/booking-texts';
import { updateStatusSchema } from '../../domain/bookings/bookings';
import { statusLabel } from '../../domain/shared/statuses';
import type { CalendarEventRow } from '../providers/bookingMethods';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { actionReason, useAction } from '../shared/useAction';
import { useChangedByText } from '../shared/live/recordChanges';
import { allowedStatuses } from './calendarActions';

type Values = { bookingStatus: string; reasonOrComments: string };
const validate = zodValidate<Values>(updateStatusSchema);

/**
 * Confirm status update (spec 2 §2.2): a status the shared transition rule allows and a required reason (the schema the
 * server applies), sent with PATCH /updateStatus/{id}; 'Status {x} saved successfully...' for 2.5 s, or
 * 'Error saving status...'.
 */
export const StatusUpdateDialog = ({ booking, onClose }: { booking: CalendarEventRow; onClose: () => void }) => {
  const translate = useTranslate();
  const changedByText = useChangedByText();
  const [choices] = useState(() => allowedStatuses(booking).map((s) => ({ id: s, name: statusLabel(s) })));
  const save = useAction((dp, v: Values) => dp.updateBookingStatus(booking.id, v.bookingStatus, v.reasonOrComments.trim()), {
    success: (_, v) => ({ key: 'booking.statusSaved', args: { status: v.bookingStatus }, autoHideDuration: BOOKING_TOAST_MS.status }),
    // Overtaken by another change (a 409 naming who changed the booking): say so; the calendar reads the booking again.
    failure: (error) => {
      const changed = changedByText(error, 'booking.statusFailed');
      return changed ? { key: changed, args: { _: changed } } : { key: 'booking.statusFailed' };
    },
    invalidate: ['bookings'],
    invalidateOnError: true,
    onSuccess: onClose,
  });
  return (
    <FormDialog<Values>
      title="booking.statusDialogTitle"
      defaultValues={{ bookingStatus: choices[0]?.id ?? '', reasonOrComments: '' }}
      validate={validate}
      onSubmit={(v) => save.mutate(v)}
      onClose={onClose}
      pending={save.isPending}
      submitLabel="ra.action.confirm"
    >
      <DialogContentText>
        {booking.name} · {booking.id} · {translate('booking.currentStatus', { status: statusLabel(booking.bookingStatus) })}
      </DialogContentText>
      <SelectInput
        source="bookingStatus"
        label="booking.newStatus"
        choices={choices}
        translateChoice={false}
        validate={required()}
        helperText={false}
      />
      <TextInput source="reasonOrComments" label="booking.reason" multiline minRows={2} helperText={false} />
      {save.isError && <Alert severity="error">{actionReason(save.error, translate('booking.unknown'))}</Alert>}
    </FormDialog>
  );
};
