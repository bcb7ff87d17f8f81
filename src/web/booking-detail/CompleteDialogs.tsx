import { useQueryClient } from '@tanstack/react-query';
import { NumberInput, required, SelectInput, TextInput } from 'react-admin';
import type { z } from 'zod';
import { COMPLETE_PAYMENT_MODES, completeBookingSchema, completeClinicalSchema } from '../../domain/booking-detail/booking-requests';
import { type BookingDetail, type OrderSummary } from '../../domain/booking-detail/booking-detail';
import { BOOKING_TOAST_MS } from '../../domain/bookings/booking-texts';
import { actualEndRefusal } from '../../domain/bookings/booking-rules';
import { bookingPartKey, type CompleteBooking, type CompleteClinical } from '../providers/bookingMethods';
import { CheckboxInput } from '../shared/CheckboxInput';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useBookingMutation } from '../shared/bookings/bookingHooks';

const F = 'bookingDetail.ui.fields';
const SUBMIT = 'bookingDetail.ui.submit';
interface Props {
  booking: BookingDetail;
  onClose: () => void;
}
const statusToast = (status: string) => () => ({ key: 'bookingDetail.statusChanged', args: { status } });
/** Every input is required (its label marked so); the form's one check is the domain schema. */
const req = required();

const minutesOk = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
const minutesRange = (max: number) => ({ message: 'bookingDetail.ui.minutesRange', args: { max } });
/** The schema the server applies; any value it refuses is 'Please fill all the fields ' (its one text), above the buttons. */
const fillAll = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? {} : { _: parsed.error.issues[0].message };
};

type ClinicalValues = { clinicalServiceMins: number | null; clinicalServiceNotes: string | null; ackPatientSummarySent: boolean };
const clinicalBody = (v: ClinicalValues) => ({
  clinicalServiceMins: v.clinicalServiceMins,
  ackPatientSummarySent: v.ackPatientSummarySent,
  clinicalServiceNotes: v.clinicalServiceNotes ?? '',
});
/** Minutes filled but impossible have their own message; anything else missing: 'Please fill all the fields '. */
const validateClinical = (v: ClinicalValues) => {
  if (v.clinicalServiceMins != null && !minutesOk(v.clinicalServiceMins, 600)) return { clinicalServiceMins: minutesRange(600) };
  return fillAll(completeClinicalSchema, clinicalBody(v));
};

/** Complete Clinical Service: minutes, notes and 'patient summary sent' are all needed ('Please fill all the fields '). */
export const CompleteClinicalDialog = ({ booking, onClose }: Props) => {
  const m = useBookingMutation((dp, body: CompleteClinical) => dp.completeBookingClinical(booking.id, body), {
    success: statusToast('CLINICAL_SERVICE_COMPLETED'),
    autoHideDuration: BOOKING_TOAST_MS.status,
    onSuccess: onClose,
  });
  return (
    <FormDialog<ClinicalValues>
      title="bookingDetail.ui.titles.completeClinical"
      submitLabel={SUBMIT}
      defaultValues={{ clinicalServiceMins: booking.plannedMins ?? null, clinicalServiceNotes: '', ackPatientSummarySent: false }}
      validate={validateClinical}
      onSubmit={(v) => m.mutate(clinicalBody(v) as CompleteClinical)}
      onClose={onClose}
      pending={m.isPending}
    >
      <NumberInput source="clinicalServiceMins" label={`${F}.clinicalServiceMins`} validate={req} autoFocus helperText={false} />
      <TextInput source="clinicalServiceNotes" label={`${F}.clinicalServiceNotes`} validate={req} multiline minRows={3} helperText={false} />
      <CheckboxInput source="ackPatientSummarySent" label={`${F}.ackPatientSummarySent`} />
      <FormErrorAlert />
    </FormDialog>
  );
};

const localDateTime = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const isoOf = (local: string | null) => {
  const end = new Date(local ?? '');
  return local && !Number.isNaN(end.getTime()) ? end.toISOString() : '';
};

type BookingValues = {
  actualAppntEnd: string | null;
  totalDurationMins: number | null;
  paymentAmount: number | null;
  paymentRefId: string | null;
  paymentMode: string | null;
  closingNotes: string | null;
  ackPatientTbdAccCreated: boolean;
  ackPaymentCollected: boolean;
};
const bookingBody = (v: BookingValues) => ({
  ...v,
  actualAppntEnd: isoOf(v.actualAppntEnd),
  paymentRefId: v.paymentRefId ?? '',
  paymentMode: v.paymentMode ?? '',
  closingNotes: v.closingNotes ?? '',
});

/**
 * Values that are filled but impossible have field messages of their own (not 'Please fill all the fields '): minutes,
 * a negative amount, an end the booking rules refuse.
 */
const validateBooking = (appntStart: string) => (v: BookingValues) => {
  const errors: Record<string, unknown> = {};
  if (v.totalDurationMins != null && !minutesOk(v.totalDurationMins, 1440)) errors.totalDurationMins = minutesRange(1440);
  if (v.paymentAmount != null && !(v.paymentAmount >= 0)) errors.paymentAmount = 'bookingDetail.ui.amountNotNegative';
  const end = isoOf(v.actualAppntEnd);
  const endText = end ? actualEndRefusal(end, Date.parse(appntStart), Date.now()) : null;
  if (endText) errors.actualAppntEnd = endText;
  return Object.keys(errors).length ? errors : fillAll(completeBookingSchema, bookingBody(v));
};

/**
 * Complete Booking: end, duration, acknowledgements, payment amount/reference ('NA' by default)/method, closing notes.
 * The amount starts from what is known to be paid: the amount already recorded, else the order summary's Gross Paid
 * (as the screen shows it), else 0.
 */
export const CompleteBookingDialog = ({ booking, onClose }: Props) => {
  const queryClient = useQueryClient();
  const m = useBookingMutation((dp, body: CompleteBooking) => dp.completeBooking(booking.id, body), {
    success: statusToast('COMPLETED'),
    autoHideDuration: BOOKING_TOAST_MS.status,
    onSuccess: onClose,
  });
  const defaultValues: BookingValues = {
    actualAppntEnd: localDateTime(new Date()),
    totalDurationMins: booking.actualMins ?? booking.plannedMins ?? null,
    paymentAmount: booking.paymentAmount ?? queryClient.getQueryData<OrderSummary>(bookingPartKey(booking.id, 'orderSummary'))?.grossTotalPaid ?? 0,
    paymentRefId: 'NA',
    paymentMode: '',
    closingNotes: '',
    ackPatientTbdAccCreated: false,
    ackPaymentCollected: false,
  };
  const choices = COMPLETE_PAYMENT_MODES.map((p) => ({ id: p, name: p }));
  return (
    <FormDialog<BookingValues>
      title="bookingDetail.ui.titles.completeBooking"
      submitLabel={SUBMIT}
      defaultValues={defaultValues}
      validate={validateBooking(booking.appntStart)}
      onSubmit={(v) => m.mutate(bookingBody(v) as CompleteBooking)}
      onClose={onClose}
      pending={m.isPending}
    >
      <TextInput
        source="actualAppntEnd"
        label={`${F}.actualAppntEnd`}
        validate={req}
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <NumberInput source="totalDurationMins" label={`${F}.totalDurationMins`} validate={req} />
      <NumberInput source="paymentAmount" label={`${F}.paymentAmount`} validate={req} min={0} step={0.01} />
      <TextInput source="paymentRefId" label={`${F}.paymentRefId`} validate={req} />
      <SelectInput source="paymentMode" label={`${F}.paymentMode`} validate={req} choices={choices} translateChoice={false} />
      <TextInput source="closingNotes" label={`${F}.closingNotes`} validate={req} multiline minRows={3} />
      <CheckboxInput source="ackPatientTbdAccCreated" label={`${F}.ackPatientTbdAccCreated`} />
      <CheckboxInput source="ackPaymentCollected" label={`${F}.ackPaymentCollected`} />
      <FormErrorAlert />
    </FormDialog>
  );
};
