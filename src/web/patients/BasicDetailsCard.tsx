import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DateInput, Form, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';
import {
  ETHNICITY_OPTIONS,
  GENDER_IDENTITY_OPTIONS,
  PRONOUN_OPTIONS,
  RACE_OPTIONS,
  SEX_AT_BIRTH_OPTIONS,
  SEXUAL_ORIENTATION_OPTIONS,
  type PatientDetail,
} from '../../domain/patients/patients';
import { US_STATES_AND_TERRITORIES } from '../../domain/shared/states';
import { LabelledValue } from '../shared/LabelledValue';
import { usePortalPermissions } from '../providers/permissions';
import { useAction } from '../shared/useAction';
import { formValuesOf, updateBodyOf, validatePatientForm, type PatientFormValues } from './patientForm';

const T = 'patients.profile';
const F = `${T}.fields`;
const choices = (list: readonly { value: string; label: string }[]) => list.map((o) => ({ id: o.value, name: o.label }));
const STATE_CHOICES = US_STATES_AND_TERRITORIES.map((s) => ({ id: s, name: s }));
const labelOf = (list: readonly { value: string; label: string }[], v: string | null) => (v ? (list.find((o) => o.value === v)?.label ?? v) : null);
const reload = () => window.location.reload();

/**
 * The basic-details card (spec 3 §2, §4, §5) in view and edit modes: every static option list of §9, the zip rule
 * (the server's schema, src/domain/patients/patients.ts), e-mail read-only; a successful save reloads the page. Auditors and
 * masked records only view.
 */
export const BasicDetailsCard = ({ patient, onSaved = reload }: { patient: PatientDetail; onSaved?: () => void }) => {
  const translate = useTranslate();
  const { permissions } = usePortalPermissions();
  const [editing, setEditing] = useState(false);
  const canEdit = !!permissions && !permissions.readOnly && !patient.masked;
  const save = useAction(
    (dp, values: PatientFormValues) => dp.update('patients', { id: patient.id, data: updateBodyOf(values), previousData: patient }),
    {
      success: `${T}.saved`,
      failure: (error) => ({ key: error?.message || `${T}.somethingWrong` }),
      onSuccess: () => {
        setEditing(false);
        onSaved();
      },
    },
  );
  const isPending = save.isPending;
  const a = patient.address;
  return (
    <Card variant="outlined" component="section" aria-label={translate(`${T}.basicDetails`)}>
      <CardContent>
        <Stack direction="row" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
            {translate(`${T}.basicDetails`)}
          </Typography>
          {!editing && canEdit && <Button onClick={() => setEditing(true)}>{translate('ra.action.edit')}</Button>}
        </Stack>
        {editing ? (
          <Form
            defaultValues={formValuesOf(patient)}
            validate={validatePatientForm}
            onSubmit={(values: Record<string, unknown>) => save.mutate(values as PatientFormValues)}
            noValidate
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
              <TextInput source="firstName" label={`${F}.firstName`} />
              <TextInput source="lastName" label={`${F}.lastName`} />
              <TextInput source="preferredName" label={`${F}.preferredName`} />
              <TextInput source="email" label={`${F}.email`} defaultValue={patient.email ?? ''} disabled />
              <TextInput source="phoneNumber" label={`${F}.phoneNumber`} helperText={`${T}.phoneHint`} />
              <DateInput source="dob" label={`${F}.dob`} />
              <SelectInput
                source="genderAtBirth"
                label={`${F}.genderAtBirth`}
                choices={choices(SEX_AT_BIRTH_OPTIONS)}
                translateChoice={false}
                emptyText=""
              />
              <SelectInput
                source="currentGenderIdentity"
                label={`${F}.currentGenderIdentity`}
                choices={choices(GENDER_IDENTITY_OPTIONS)}
                translateChoice={false}
                emptyText=""
              />
              <SelectInput source="pronoun" label={`${F}.pronoun`} choices={choices(PRONOUN_OPTIONS)} translateChoice={false} emptyText="" />
              <SelectInput source="race" label={`${F}.race`} choices={choices(RACE_OPTIONS)} translateChoice={false} emptyText="" />
              <SelectInput source="ethnicity" label={`${F}.ethnicity`} choices={choices(ETHNICITY_OPTIONS)} translateChoice={false} emptyText="" />
              <SelectInput
                source="sexualOrientationPreference"
                label={`${F}.sexualOrientationPreference`}
                choices={choices(SEXUAL_ORIENTATION_OPTIONS)}
                translateChoice={false}
                emptyText=""
              />
              <TextInput source="address.street_address" label={`${F}.street_address`} />
              <TextInput source="address.street_address2" label={`${F}.street_address2`} />
              <TextInput source="address.locality" label={`${F}.locality`} />
              <SelectInput source="address.region" label={`${F}.region`} choices={STATE_CHOICES} translateChoice={false} emptyText="" />
              <TextInput source="address.postal_code" label={`${F}.postal_code`} />
            </Box>
            <Stack direction="row" spacing={1}>
              <SaveButton label={'ra.action.save'} disabled={isPending} alwaysEnable />
              <Button onClick={() => setEditing(false)} disabled={isPending}>
                {translate('ra.action.cancel')}
              </Button>
            </Stack>
          </Form>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
            <LabelledValue label={translate(`${F}.firstName`)} value={patient.firstName} />
            <LabelledValue label={translate(`${F}.lastName`)} value={patient.lastName} />
            <LabelledValue label={translate(`${F}.preferredName`)} value={patient.preferredName} />
            <LabelledValue label={translate(`${F}.email`)} value={patient.email} />
            <LabelledValue label={translate(`${F}.phoneNumber`)} value={patient.phoneNumber} />
            <LabelledValue label={translate(`${F}.dob`)} value={patient.dob} />
            <LabelledValue label={translate(`${F}.genderAtBirth`)} value={patient.genderAtBirth} />
            <LabelledValue label={translate(`${F}.currentGenderIdentity`)} value={patient.currentGenderIdentity} />
            <LabelledValue label={translate(`${F}.pronoun`)} value={patient.pronoun} />
            <LabelledValue label={translate(`${F}.race`)} value={labelOf(RACE_OPTIONS, patient.race)} />
            <LabelledValue label={translate(`${F}.ethnicity`)} value={labelOf(ETHNICITY_OPTIONS, patient.ethnicity)} />
            <LabelledValue label={translate(`${F}.sexualOrientationPreference`)} value={patient.sexualOrientationPreference} />
            <LabelledValue label={translate(`${F}.passMember`)} value={translate(patient.passMember ? 'ra.boolean.true' : 'ra.boolean.false')} />
            <LabelledValue label={translate(`${F}.street_address`)} value={[a.street_address, a.street_address2].filter(Boolean).join(', ')} />
            <LabelledValue label={translate(`${F}.locality`)} value={a.locality} />
            <LabelledValue label={translate(`${F}.region`)} value={a.region} />
            <LabelledValue label={translate(`${F}.postal_code`)} value={a.postal_code} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
