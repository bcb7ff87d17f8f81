import { Button, CircularProgress, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { DateInput, Form, RadioButtonGroupInput, SelectInput, TextInput, useCreate, useNotify, useTranslate } from 'react-admin';
import { US_STATES_AND_TERRITORIES } from '../../domain/states';
import { TOAST_MS } from '../../domain/constants';
import { CLINICIAN_QUERY_KEY } from '../shared/clinicianQueries';
import { EMPTY_LICENCE_FORM, licenceInputOf, validateLicenceForm, type LicenceFormValues } from './licenceFormValues';
import { useIdempotencyKey } from '../providers/idempotencyKey';

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
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [create, { isPending }] = useCreate();
  const withKey = useIdempotencyKey(); // a double submit or a resend records one licence

  const submit = (values: LicenceFormValues) => {
    const data = licenceInputOf(values);
    if (!data) return; // the form-level validation already shows why
    void withKey((idempotencyKey) => create(
      'licenses',
      { data, meta: { idempotencyKey } },
      {
        returnPromise: true,
        onSuccess: () => {
          notify('app.licenceUpdated', { type: 'success', autoHideDuration: TOAST_MS.default });
          void queryClient.invalidateQueries({ queryKey: CLINICIAN_QUERY_KEY });
          void queryClient.invalidateQueries({ queryKey: ['licenses'] });
          onSaved?.();
        },
        onError: (error) => {
          const message = (error as Error | undefined)?.message || translate('ui.unknownError');
          notify('app.licenceUpdateFailed', { type: 'error', messageArgs: { message }, autoHideDuration: TOAST_MS.default });
        },
      },
    )).catch(() => undefined); // onError above tells the user
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
          <Button
            type="submit"
            variant="contained"
            disabled={isPending}
            startIcon={isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('ra.action.save')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
};
