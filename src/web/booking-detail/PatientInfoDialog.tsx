import { Alert, Box, Stack, TextField } from '@mui/material';
import { required, TextInput, useNotify, useTranslate, ValidationError, type ValidationErrorMessage } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { editablePatientFields, type UpdatePatientInfo } from '../../domain/booking-detail/booking-requests';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { careLocationLabel } from '../../domain/kits/kits';
import { FormDialog } from '../shared/FormDialog';
import { PatientDemographics } from './BookingHeader';
import { useBookingMutation } from '../shared/bookings/bookingHooks';
import { formatWhen } from './parts';
import { checkPatientInfo, patientInfoValues, type PatientInfoValues } from './patientInfoForm';

const F = 'bookingDetail.ui.fields';

/** The form's values with an emptied field as '' (react-admin's inputs hold it as null). */
const filled = (v: PatientInfoValues): PatientInfoValues => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ''])) as PatientInfoValues;

/**
 * The field messages of Submit (spec 2 §5; the shared schema's texts): under each field, the missing reason under the
 * reason (with its alert), the email's under the read-only email. 'Nothing to Update' is no field message: it is told
 * on sending.
 */
const validateFor = (b: BookingDetail) => (v: PatientInfoValues) => {
  const outcome = checkPatientInfo(b, filled(v));
  if (outcome.kind !== 'errors') return {};
  const { updateReason, ...errors } = outcome.errors;
  return updateReason ? { ...errors, reasonOrComments: updateReason } : errors;
};

const useFieldMessage = (name: string) => {
  const { errors } = useFormState({ name });
  return errors[name]?.message as ValidationErrorMessage | undefined;
};

/** The patient's email, not editable here, with the form's message about it. */
const EmailField = ({ email }: { email: string }) => {
  const translate = useTranslate();
  const message = useFieldMessage('email');
  return (
    <TextField
      size="small"
      label={translate(`${F}.email`)}
      value={email}
      disabled
      slotProps={{ input: { readOnly: true } }}
      error={!!message}
      helperText={message ? <ValidationError error={message} /> : undefined}
    />
  );
};

/** 'Please enter reason for update' while the reason's own message shows. */
const ReasonAlert = () => {
  const translate = useTranslate();
  if (!useFieldMessage('reasonOrComments')) return null;
  return (
    <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
      {translate('bookingDetail.reasonAlert')}
    </Alert>
  );
};

/**
 * Patient info update with a reason (spec 2 §2.3, §5): the editable fields (read-only when the booking is),
 * the read-only ones, the patient's demographics beside it; 'Nothing to Update' when nothing changed.
 */
export const PatientInfoDialog = ({ booking: b, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const save = useBookingMutation((dp, body: UpdatePatientInfo) => dp.updateBookingPatientInfo(b.id, body), {
    success: 'bookingDetail.patientInfoUpdated',
    onSuccess: onClose,
  });
  const submit = (v: PatientInfoValues) => {
    const outcome = checkPatientInfo(b, filled(v));
    if (outcome.kind === 'nothing') notify('bookingDetail.nothing', { type: 'info' });
    else if (outcome.kind === 'send') save.mutate(outcome.body);
  };
  const readOnlyField = (label: string, value: string | null | undefined) => (
    <TextField key={label} size="small" label={translate(`${F}.${label}`)} value={value ?? ''} slotProps={{ input: { readOnly: true } }} disabled />
  );
  return (
    <FormDialog<PatientInfoValues>
      title="bookingDetail.ui.titles.patientInfo"
      submitLabel="bookingDetail.ui.submit"
      defaultValues={patientInfoValues(b)}
      validate={validateFor(b)}
      invalidNotice="bookingDetail.checkErrors"
      onSubmit={submit}
      onClose={onClose}
      pending={save.isPending}
      maxWidth="lg"
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 2, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
          {editablePatientFields(b.hasReadAccessToClinicalData).map((k) => (
            <TextInput
              key={k}
              source={k}
              label={`${F}.${k}`}
              readOnly={b.isReadOnly}
              helperText={false}
              type={k === 'dob' ? 'date' : 'text'}
              slotProps={k === 'dob' ? { inputLabel: { shrink: true }, htmlInput: { max: new Date().toISOString().slice(0, 10) } } : undefined}
            />
          ))}
          <EmailField email={b.email} />
          {readOnlyField('bookingId', b.id)}
          {readOnlyField('careType', b.careType?.displayName)}
          {readOnlyField('careLocation', careLocationLabel(b.careLocation?.name))}
          {readOnlyField('state', b.state)}
          {readOnlyField('bookedAt', formatWhen(b.bookedAt, b.eventTimeZone))}
          {readOnlyField('appntStart', formatWhen(b.appntStart, b.eventTimeZone))}
          {readOnlyField('genderAtBirth', b.genderAtBirth)}
          {readOnlyField('pronoun', b.pronoun)}
          {readOnlyField('customerNotes', b.customerNotes)}
          <TextInput
            source="reasonOrComments"
            label={`${F}.reason`}
            validate={required()}
            multiline
            minRows={2}
            sx={{ gridColumn: '1 / -1' }}
            helperText={false}
          />
          <ReasonAlert />
        </Box>
        <Box sx={{ flex: 1 }}>
          <PatientDemographics b={b} />
        </Box>
      </Stack>
    </FormDialog>
  );
};
