import { Link } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { BookingDetail } from '../../domain/booking-detail/booking-detail';
import { careLocationLabel } from '../../domain/kits/kits';
import { BookingStatusChip } from '../shared/bookings/BookingStatusChip';
import { invalidateBookings, useBookingPart } from '../shared/bookings/bookingHooks';
import { Field, FieldGrid, formatWhen, Section } from './parts';
import { RefreshButton } from './RefreshButton';

const F = 'bookingDetail.ui.fields';

/** Appointment details: the booking's facts; refresh icons re-fetch the booking and the patient's account status. */
export const AppointmentSection = ({ booking: b }: { booking: BookingDetail }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const onboard = useBookingPart(b.id, 'onboard', (dp, signal) => dp.bookingOnboardStatus(b.id, signal));
  const isOnboard = onboard.data?.isOnboardTbd ?? b.isOnboardTbd;
  return (
    <Section
      title="bookingDetail.sections.appointment"
      testId="appointment"
      actions={<RefreshButton onRefresh={() => void invalidateBookings(queryClient)} />}
    >
      <FieldGrid>
        <Field label={`${F}.bookingId`}>{b.id}</Field>
        <Field label={`${F}.status`}>
          <BookingStatusChip status={b.bookingStatus} />
        </Field>
        <Field label={`${F}.careType`}>{b.careType?.displayName}</Field>
        <Field label={`${F}.careLocation`}>{careLocationLabel(b.careLocation?.name)}</Field>
        <Field label={`${F}.state`}>{b.careStateRegion ?? b.state}</Field>
        <Field label={`${F}.bookedAt`}>{formatWhen(b.bookedAt, b.eventTimeZone)}</Field>
        <Field label={`${F}.appntStart`}>{formatWhen(b.appntStart, b.eventTimeZone)}</Field>
        <Field label={`${F}.appntEnd`}>{formatWhen(b.appntEnd, b.eventTimeZone)}</Field>
        <Field label={`${F}.timezone`}>{b.eventTimeZone}</Field>
        <Field label={`${F}.eventTitle`}>{b.eventTitle}</Field>
        <Field label={`${F}.intakeForm`}>
          {b.patientIntakeJotformSubmissionLink && (
            <Link href={b.patientIntakeJotformSubmissionLink} target="_blank" rel="noopener noreferrer">
              {translate('bookingDetail.ui.buttons.openIntake')}
            </Link>
          )}
        </Field>
        <Field label={`${F}.onboard`}>
          {translate(isOnboard ? 'bookingDetail.ui.onboarded' : 'bookingDetail.ui.notOnboarded')}
          <RefreshButton label="bookingDetail.ui.refreshAccount" onRefresh={() => void onboard.refetch()} />
        </Field>
      </FieldGrid>
    </Section>
  );
};
