import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { identityStatus } from '../../domain/booking-detail/booking-identity';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { BookingStatusChip } from '../shared/bookings/BookingStatusChip';
import { AssignBookingButton } from './AssignBookingButton';
import { Field, FieldGrid } from './parts';

const F = 'bookingDetail.ui.fields';

/** The patient's demographics with the spec's defaults (allergies NONE, customer notes NONE, pronoun NA, medications unknown). */
export const PatientDemographics = ({ b }: { b: BookingDetail }) => {
  const translate = useTranslate();
  const address = [b.address1, b.address2, b.city, b.state, b.zip].filter(Boolean).join(', ');
  return (
    <FieldGrid>
      <Field label={`${F}.name`}>{`${b.firstName} ${b.lastName}`}</Field>
      <Field label={`${F}.dob`}>{b.dob}</Field>
      <Field label={`${F}.genderAtBirth`}>{b.genderAtBirth}</Field>
      <Field label={`${F}.pronoun`}>{b.pronoun || translate('bookingDetail.defaults.pronoun')}</Field>
      <Field label={`${F}.email`}>{b.email}</Field>
      <Field label={`${F}.phone`}>{b.phone}</Field>
      <Field label={`${F}.mobile`}>{b.mobile}</Field>
      <Field label={`${F}.address`}>{address}</Field>
      {/* Without clinical access the server sends none of these: no default ("NONE") may pretend to know them. */}
      {b.hasReadAccessToClinicalData && (
        <>
          <Field label={`${F}.allergies`}>{b.allergies || translate('bookingDetail.defaults.allergies')}</Field>
          <Field label={`${F}.medications`}>{b.medications || translate('bookingDetail.defaults.medications')}</Field>
          <Field label={`${F}.symptoms`}>{b.symptoms}</Field>
          <Field label={`${F}.customerNotes`}>{b.customerNotes || translate('bookingDetail.defaults.customerNotes')}</Field>
        </>
      )}
    </FieldGrid>
  );
};

/** The top header: name, status, the assign button and the patient panels; the CANCELLED / COMPLETED banners. */
export const BookingHeader = ({ booking: b }: { booking: BookingDetail }) => {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      {b.bookingStatus === 'CANCELLED' && (
        <Alert severity="error" variant="filled">
          {translate('bookingDetail.cancelledBanner')}
        </Alert>
      )}
      {b.bookingStatus === 'COMPLETED' && (
        <Alert severity="success" variant="filled">
          {translate('bookingDetail.completedBanner')}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            <Typography variant="h6" component="h2">{`${b.firstName} ${b.lastName}`}</Typography>
            <BookingStatusChip status={b.bookingStatus} />
            <Typography variant="body2" color="text.secondary">{`${translate(`${F}.bookingId`)}: ${b.id}`}</Typography>
            <Stack sx={{ flex: 1 }} />
            <AssignBookingButton booking={b} />
          </Stack>
          <Stack spacing={2}>
            <PatientDemographics b={b} />
            <FieldGrid>
              <Field label={`${F}.primaryClinician`}>{b.primaryClinicianName}</Field>
              <Field label={`${F}.tag`}>{b.tagOrLabel}</Field>
              <Field label={`${F}.returning`}>{translate(b.isReturningPatient ? 'bookingDetail.ui.yes' : 'bookingDetail.ui.no')}</Field>
              <Field label={`${F}.identity`}>{identityStatus(b.documentS3UrlMap, b.isSelfCheckInIdentityVerified)}</Field>
              <Field label={`${F}.onboard`}>{translate(b.isOnboardTbd ? 'bookingDetail.ui.onboarded' : 'bookingDetail.ui.notOnboarded')}</Field>
            </FieldGrid>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};
