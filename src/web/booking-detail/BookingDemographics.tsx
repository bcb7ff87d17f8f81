import { Stack, Typography } from '@mui/material';
import { careLocationLabel } from '../../domain/kits/kits';
import { useTranslate } from 'react-admin';
import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import { Field, formatWhen } from './parts';

const F = 'bookingDetail.ui.fields';

/** The booking's demographics beside a note or the patient-info form. */
export const BookingDemographics = ({ booking: b }: { booking: BookingDetail }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {translate('bookingDetail.ui.titles.bookingDemographics')}
      </Typography>
      <Field label={`${F}.name`}>{`${b.firstName} ${b.lastName}`}</Field>
      <Field label={`${F}.dob`}>{b.dob}</Field>
      <Field label={`${F}.email`}>{b.email}</Field>
      <Field label={`${F}.bookingId`}>{b.id}</Field>
      <Field label={`${F}.careType`}>{b.careType?.displayName}</Field>
      <Field label={`${F}.careLocation`}>{careLocationLabel(b.careLocation?.name)}</Field>
      <Field label={`${F}.appntStart`}>{formatWhen(b.appntStart, b.eventTimeZone)}</Field>
      <Field label={`${F}.primaryClinician`}>{b.primaryClinicianName}</Field>
    </Stack>
  );
};
