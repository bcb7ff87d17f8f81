import { Button, Stack } from '@mui/material';
import { DateInput, Form, RadioButtonGroupInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { US_STATES_AND_TERRITORIES } from '../../../domain/shared/states';
import type { LicenceInput } from '../../../domain/clinician/licenses';
import { CLINICIAN_QUERY_KEY } from '../clinicianQueries';
import { EMPTY_LICENCE_FORM, licenceInputOf, validateLicenceForm, type LicenceFormValues } from './licenceFormValues';
import { SubmitButton } from '../SubmitButton';
import { failureWithReason, useAction } from '../useAction';

const STATE_CHOICES = US_STATES_AND_TERRITORIES.map((s) => ({ id: s, name: s }));
const YES_NO = [
  { id: 'yes', name: 'ui.yes' },
  { id: 'no', name: 'ui.no' },
];

/** The five licence inputs (spec 3 §5 "Licence"), inside a react-admin Form. */
export const LicenceInputs = () => (
  <>
    <SelectInput source="state" label="ui.state" choices={STATE_CHOICES} translateChoice={false} emptyText="" />
    <TextInput source="licenseId" label="profile.licence.npiNumber" />
    <DateInput source="expirationDate" label="ui.expirationDate" />
    <RadioButtonGroupInput source="goodStanding" label="ui.goodStanding" choices={YES_NO} row />
    <RadioButtonGroupInput source="acknowledgement" label="ui.acknowledgement" choices={YES_NO} row />
  </>
);

export interface LicenceFormProps {
  /** Called after the licence was saved and the profile re-fetch was requested. */
  onSaved?: () => void;
  /** Shown as a secondary button when given (e.g. "Later" in the onboarding dialog). */
  onCancel?: () => void;
  cancelLabel?: string;
}

/**
 * Add-licence form (spec 3 §5 "Licence"): State, License ID, Expiration date, Good standing and
 * Acknowledgement (Yes/No), validated with licenceInputSchema, POST /secure/license.
 */
export const LicenceForm = ({ onSaved, onCancel, cancelLabel = 'ui.later' }: LicenceFormProps) => {
  const translate = useTranslate();
  // a double submit or a resend records one licence (the server honours the Idempotency-Key)
  const create = useAction((dp, data: LicenceInput, idempotencyKey?: string) => dp.create('licenses', { data, meta: { idempotencyKey } }), {
    idempotent: true,
    success: 'app.licenceUpdated',
    failure: failureWithReason('app.licenceUpdateFailed', 'message', translate('ui.unknownError')),
    invalidate: [CLINICIAN_QUERY_KEY, 'licenses'],
    onSuccess: () => onSaved?.(),
  });
  const { isPending } = create;

  const submit = (values: LicenceFormValues) => {
    const data = licenceInputOf(values);
    if (data) create.mutate(data); // else the form-level validation already shows why
  };

  return (
    <Form defaultValues={EMPTY_LICENCE_FORM} validate={validateLicenceForm} onSubmit={submit} noValidate>
      <Stack spacing={0.5}>
        <LicenceInputs />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {onCancel && (
            <Button onClick={onCancel} disabled={isPending}>
              {translate(cancelLabel)}
            </Button>
          )}
          <SubmitButton type="submit" pending={isPending}>
            {translate('ra.action.save')}
          </SubmitButton>
        </Stack>
      </Stack>
    </Form>
  );
};
