import { Alert, Box, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { editablePatientFields, type BookingDetail, type UpdatePatientInfo } from '../../domain/booking-detail';
import { careLocationLabel } from '../../domain/kits';
import { PatientDemographics } from './BookingHeader';
import { useBookingMutation } from './hooks';
import { DialogFrame, formatWhen } from './parts';
import { checkPatientInfo, patientInfoValues, type PatientInfoErrors, type PatientInfoValues } from './patientInfoForm';

const F = 'bookingDetail.ui.fields';

/**
 * Patient info update with a reason (spec 2 §2.3, §5): the editable fields (read-only when the booking is),
 * the read-only ones, the patient's demographics beside it; 'Nothing to Update' when nothing changed.
 */
export const PatientInfoDialog = ({ booking: b, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<PatientInfoValues>(() => patientInfoValues(b));
  const [errors, setErrors] = useState<PatientInfoErrors>({});
  const save = useBookingMutation((dp, body: UpdatePatientInfo) => dp.updateBookingPatientInfo(b.id, body), {
    success: 'bookingDetail.patientInfoUpdated', onSuccess: onClose,
  });
  const submit = () => {
    const outcome = checkPatientInfo(b, values);
    if (outcome.kind === 'nothing') return notify('bookingDetail.nothing', { type: 'info' });
    if (outcome.kind === 'errors') {
      setErrors(outcome.errors);
      return notify('bookingDetail.checkErrors', { type: 'error' });
    }
    setErrors({});
    save.mutate(outcome.body);
  };
  const set = (k: keyof PatientInfoValues, v: string) => setValues((old) => ({ ...old, [k]: v }));
  const errorOf = (k: string) => (k === 'email' || k === 'updateReason' ? undefined : errors[k as keyof PatientInfoErrors]);
  const readOnlyField = (label: string, value: string | null | undefined) => (
    <TextField key={label} size="small" label={translate(`${F}.${label}`)} value={value ?? ''} slotProps={{ input: { readOnly: true } }} disabled />
  );
  return (
    <DialogFrame title="bookingDetail.ui.titles.patientInfo" onClose={onClose} onSubmit={submit} pending={save.isPending} maxWidth="lg">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 2, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
          {editablePatientFields(b.hasReadAccessToClinicalData).map((k) => (
            <TextField key={k} size="small" label={translate(`${F}.${k}`)} value={values[k]} disabled={b.isReadOnly || save.isPending}
              type={k === 'dob' ? 'date' : 'text'}
              slotProps={k === 'dob' ? { inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } } : undefined}
              error={!!errorOf(k)} helperText={errorOf(k) ? translate(errorOf(k) as string, { _: errorOf(k) }) : undefined}
              onChange={(e) => set(k, e.target.value)} />
          ))}
          <TextField size="small" label={translate(`${F}.email`)} value={b.email} disabled slotProps={{ input: { readOnly: true } }}
            error={!!errors.email} helperText={errors.email} />
          {readOnlyField('bookingId', b.id)}
          {readOnlyField('careType', b.careType?.displayName)}
          {readOnlyField('careLocation', careLocationLabel(b.careLocation?.name))}
          {readOnlyField('state', b.state)}
          {readOnlyField('bookedAt', formatWhen(b.bookedAt, b.eventTimeZone))}
          {readOnlyField('appntStart', formatWhen(b.appntStart, b.eventTimeZone))}
          {readOnlyField('genderAtBirth', b.genderAtBirth)}
          {readOnlyField('pronoun', b.pronoun)}
          {readOnlyField('customerNotes', b.customerNotes)}
          <TextField label={translate(`${F}.reason`)} value={values.reasonOrComments} required multiline minRows={2} sx={{ gridColumn: '1 / -1' }}
            disabled={save.isPending} error={!!errors.updateReason} helperText={errors.updateReason}
            onChange={(e) => set('reasonOrComments', e.target.value)} />
          {errors.updateReason && <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>{translate('bookingDetail.reasonAlert')}</Alert>}
        </Box>
        <Box sx={{ flex: 1 }}>
          <PatientDemographics b={b} />
        </Box>
      </Stack>
    </DialogFrame>
  );
};
