import { Alert, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  COMPLETE_PAYMENT_MODES, completeBookingSchema, completeClinicalSchema, FILL_ALL_FIELDS_TEXT, type BookingDetail, type OrderSummary,
} from '../../domain/booking-detail';
import { BOOKING_TOAST_MS } from '../../domain/booking-texts';
import { actualEndRefusal } from '../../domain/booking-rules';
import { bookingPartKey, type CompleteBooking, type CompleteClinical } from '../providers/bookingMethods';
import { useBookingMutation } from './hooks';
import { DialogFrame } from './parts';

const F = 'bookingDetail.ui.fields';
interface Props { booking: BookingDetail; onClose: () => void }
const statusToast = (status: string) => () => ({ key: 'bookingDetail.statusChanged', args: { status } });

const Check = ({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) => {
  const translate = useTranslate();
  return <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={translate(label)} />;
};
const FillAll = ({ show }: { show: boolean }) => {
  const translate = useTranslate();
  return show ? <Alert severity="error" role="alert">{translate('bookingDetail.fillAllFields', { _: FILL_ALL_FIELDS_TEXT })}</Alert> : null;
};

/** Complete Clinical Service: minutes, notes and 'patient summary sent' are all needed ('Please fill all the fields '). */
export const CompleteClinicalDialog = ({ booking, onClose }: Props) => {
  const translate = useTranslate();
  const [mins, setMins] = useState(String(booking.plannedMins ?? ''));
  const [notes, setNotes] = useState('');
  const [ack, setAck] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const m = useBookingMutation((dp, body: CompleteClinical) => dp.completeBookingClinical(booking.id, body), {
    success: statusToast('CLINICAL_SERVICE_COMPLETED'), autoHideDuration: BOOKING_TOAST_MS.status, onSuccess: onClose,
  });
  const minsError = mins !== '' && !minutesOk(mins, 600) ? translate('bookingDetail.ui.minutesRange', { max: 600 }) : undefined;
  const submit = () => {
    const body = { clinicalServiceMins: Number(mins), ackPatientSummarySent: ack, clinicalServiceNotes: notes };
    if (minsError) return undefined;
    if (!mins || !completeClinicalSchema.safeParse(body).success) return setInvalid(true);
    m.mutate(body);
  };
  return (
    <DialogFrame title="bookingDetail.ui.titles.completeClinical" onClose={onClose} onSubmit={submit} pending={m.isPending}>
      <TextField label={translate(`${F}.clinicalServiceMins`)} type="number" value={mins} onChange={(e) => setMins(e.target.value)} required autoFocus
        error={!!minsError} helperText={minsError} />
      <TextField label={translate(`${F}.clinicalServiceNotes`)} value={notes} onChange={(e) => setNotes(e.target.value)} required multiline minRows={3} />
      <Check label={`${F}.ackPatientSummarySent`} checked={ack} onChange={setAck} />
      <FillAll show={invalid} />
    </DialogFrame>
  );
};

const minutesOk = (text: string, max: number) => Number.isInteger(Number(text)) && Number(text) >= 1 && Number(text) <= max;
const localDateTime = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Complete Booking: end, duration, acknowledgements, payment amount/reference ('NA' by default)/method, closing notes.
 * The amount starts from what is known to be paid: the amount already recorded, else the order summary's Gross Paid
 * (as the screen shows it), else 0.
 */
export const CompleteBookingDialog = ({ booking, onClose }: Props) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [v, setV] = useState(() => ({
    actualAppntEnd: localDateTime(new Date()), totalDurationMins: String(booking.actualMins ?? booking.plannedMins ?? ''),
    paymentAmount: String(booking.paymentAmount ?? queryClient.getQueryData<OrderSummary>(bookingPartKey(booking.id, 'orderSummary'))?.grossTotalPaid ?? 0), paymentRefId: 'NA', paymentMode: '', closingNotes: '',
  }));
  const [acks, setAcks] = useState({ ackPatientTbdAccCreated: false, ackPaymentCollected: false });
  const [invalid, setInvalid] = useState(false);
  const m = useBookingMutation((dp, body: CompleteBooking) => dp.completeBooking(booking.id, body), {
    success: statusToast('COMPLETED'), autoHideDuration: BOOKING_TOAST_MS.status, onSuccess: onClose,
  });
  // Field messages of their own for values that are filled but impossible (not 'Please fill all the fields').
  const fieldErrors: Partial<Record<keyof typeof v, string>> = {};
  if (v.totalDurationMins !== '' && !minutesOk(v.totalDurationMins, 1440)) fieldErrors.totalDurationMins = translate('bookingDetail.ui.minutesRange', { max: 1440 });
  if (v.paymentAmount !== '' && !(Number(v.paymentAmount) >= 0)) fieldErrors.paymentAmount = translate('bookingDetail.ui.amountNotNegative');
  const endText = v.actualAppntEnd ? actualEndRefusal(new Date(v.actualAppntEnd).toISOString(), Date.parse(booking.appntStart), Date.now()) : null;
  if (endText && !Number.isNaN(new Date(v.actualAppntEnd).getTime())) fieldErrors.actualAppntEnd = endText;
  const submit = () => {
    if (Object.keys(fieldErrors).length) return undefined;
    const end = new Date(v.actualAppntEnd);
    const body = {
      ...v, ...acks, actualAppntEnd: Number.isNaN(end.getTime()) ? '' : end.toISOString(),
      totalDurationMins: Number(v.totalDurationMins), paymentAmount: Number(v.paymentAmount),
    };
    if (!v.totalDurationMins || v.paymentAmount === '' || !completeBookingSchema.safeParse(body).success) return setInvalid(true);
    m.mutate(body);
  };
  const text = (k: keyof typeof v, extra: Record<string, unknown> = {}) => (
    <TextField label={translate(`${F}.${k}`)} value={v[k]} onChange={(e) => setV((o) => ({ ...o, [k]: e.target.value }))} required
      error={!!fieldErrors[k]} helperText={fieldErrors[k]} {...extra} />
  );
  return (
    <DialogFrame title="bookingDetail.ui.titles.completeBooking" onClose={onClose} onSubmit={submit} pending={m.isPending}>
      {text('actualAppntEnd', { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
      {text('totalDurationMins', { type: 'number' })}
      {text('paymentAmount', { type: 'number', slotProps: { htmlInput: { min: 0, step: '0.01' } } })}
      {text('paymentRefId')}
      {text('paymentMode', { select: true, children: COMPLETE_PAYMENT_MODES.map((p) => <MenuItem key={p} value={p}>{p}</MenuItem>) })}
      {text('closingNotes', { multiline: true, minRows: 3 })}
      <Check label={`${F}.ackPatientTbdAccCreated`} checked={acks.ackPatientTbdAccCreated} onChange={(c) => setAcks((a) => ({ ...a, ackPatientTbdAccCreated: c }))} />
      <Check label={`${F}.ackPaymentCollected`} checked={acks.ackPaymentCollected} onChange={(c) => setAcks((a) => ({ ...a, ackPaymentCollected: c }))} />
      <FillAll show={invalid} />
    </DialogFrame>
  );
};
