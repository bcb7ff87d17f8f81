import { Button, Grid, Stack } from '@mui/material';
import { useMemo, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { DateInput, Form, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import type { ClinicianProfile } from '../../domain/clinician/clinician';
import {
  changedProfileFields,
  clinicianProfileUpdateSchema,
  PROFILE_FIELDS,
  type ClinicianProfileUpdate,
  type ProfileField,
} from '../../domain/clinician/clinician-profile';
import { TOAST_MS } from '../../domain/shared/constants';
import { US_STATES_AND_TERRITORIES } from '../../domain/shared/states';
import { zodValidate } from '../providers/zodValidate';
import { CLINICIAN_QUERY_KEY } from '../shared/clinicianQueries';
import { ActionConfirm } from '../shared/ActionConfirm';
import { failureWithReason, useAction } from '../shared/useAction';
import { useHoldWip } from './wip';

type Values = Record<ProfileField, string>;

const STATE_CHOICES = US_STATES_AND_TERRITORIES.map((s) => ({ id: s, name: s }));
const valuesOf = (p: ClinicianProfile): Values =>
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (p as unknown as Record<string, string | null | undefined>)[f] ?? ''])) as Values;
const bodyOf = (v: Values): ClinicianProfileUpdate => {
  const trimmed = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (v[f] ?? '').trim()])) as Values;
  return {
    ...trimmed,
    middleName: trimmed.middleName || null,
    funFact: trimmed.funFact || null,
    tbdEmail: trimmed.tbdEmail || null,
    mobile: trimmed.mobile || null,
  };
};
const validateFields = zodValidate(clinicianProfileUpdateSchema, (v) => bodyOf(v as Values));
/**
 * Field checks apply to a changed profile only: an untouched submit is 'No changes to update' (spec 3 §5), even for a
 * profile created at sign-up that does not yet hold every required field.
 */
const validateAgainst = (profile: ClinicianProfile) => (v: Record<string, unknown>) =>
  changedProfileFields(valuesOf(profile), bodyOf(v as Values)).length ? validateFields(v) : {};

/** Holds the work-in-progress flag while the form has unsaved changes; Clear empties every input. */
const FormActions = ({ pending }: { pending: boolean }) => {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  const { setValue } = useFormContext();
  useHoldWip('personal', isDirty);
  const clear = () => PROFILE_FIELDS.forEach((f) => setValue(f, '', { shouldDirty: true }));
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end">
      <Button onClick={clear} disabled={pending}>
        {translate('profile.clear')}
      </Button>
      <SaveButton label={translate('profile.submit')} alwaysEnable disabled={pending} icon={<></>} />
    </Stack>
  );
};

/**
 * Personal Information (spec 3 §2, §5): every profile field, the required ones checked by the schema the server applies,
 * the state select of 59 states and territories; Submit asks for confirmation; 'No changes to update' when nothing
 * changed; 'Profile has been updated' / 'Profile update failed. {reason}'.
 */
export const PersonalInfoForm = ({ profile }: { profile: ClinicianProfile }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [pendingValues, setPendingValues] = useState<Values | null>(null);
  const validate = useMemo(() => validateAgainst(profile), [profile]);
  const mutation = useAction(
    // hobbies and the emergency contact are sent empty (spec 3 §3)
    (dp, v: Values) => dp.updateClinicianProfile({ ...bodyOf(v), id: profile.id, hobbies: '', emergencyContactName: '', emergencyContactPhone: '' }),
    {
      success: 'profile.profileUpdated',
      failure: failureWithReason('profile.profileUpdateFailed', 'reason', 'unknown error'),
      invalidate: [CLINICIAN_QUERY_KEY],
      onSettled: () => setPendingValues(null),
    },
  );

  const submit = (v: Record<string, unknown>) => {
    const values = v as Values;
    if (!changedProfileFields(valuesOf(profile), bodyOf(values)).length) {
      notify('profile.noChanges', { type: 'warning', autoHideDuration: TOAST_MS.default });
      return;
    }
    setPendingValues(values);
  };
  const field = (f: ProfileField) => translate(`profile.field.${f}`);
  const text = (f: ProfileField, type?: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextInput source={f} label={field(f)} type={type} fullWidth helperText={false} />
    </Grid>
  );

  return (
    <Form
      key={`${profile.id}:${JSON.stringify(valuesOf(profile))}`}
      defaultValues={valuesOf(profile)}
      validate={validate}
      onSubmit={submit}
      noValidate
    >
      <Stack spacing={2}>
        <Grid container spacing={1}>
          {text('firstName')}
          {text('middleName')}
          {text('lastName')}
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <DateInput source="dob" label={field('dob')} fullWidth helperText={false} />
          </Grid>
          {text('personalEmail', 'email')}
          {text('tbdEmail', 'email')}
          {text('mobile')}
          {text('funFact')}
          {text('address1')}
          {text('address2')}
          {text('city')}
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <SelectInput
              source="state"
              label={field('state')}
              choices={STATE_CHOICES}
              translateChoice={false}
              emptyText=""
              fullWidth
              helperText={false}
            />
          </Grid>
          {text('zip')}
        </Grid>
        <FormActions pending={mutation.isPending} />
      </Stack>
      <ActionConfirm
        isOpen={pendingValues !== null}
        loading={mutation.isPending}
        title={translate('profile.confirmTitle')}
        content={translate('profile.confirmContent')}
        onConfirm={() => pendingValues && mutation.mutate(pendingValues)}
        onClose={() => setPendingValues(null)}
      />
    </Form>
  );
};
