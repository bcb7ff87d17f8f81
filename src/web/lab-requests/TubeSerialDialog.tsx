import { Alert } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';
import { covidTubeSchema } from '../../domain/lab/lab-api';
import { causeOf, useLabAction } from '../shared/lab/useLabAction';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';

type Values = { serialNumber: string | null };
const serialOf = (v: Values) => (v.serialNumber ?? '').trim();

/** Nothing typed: 'Enter all the required values'; else the request's schema (a serial it refuses says so under it). */
const validateFor = (kitId: string) => {
  const schemaErrors = zodValidate<Values>(covidTubeSchema, (v) => ({ kitId, serialNumber: serialOf(v) }));
  return (v: Values) => (serialOf(v) ? schemaErrors(v) : { _: 'lab.enterRequiredValues' });
};

/** "Enter the test tube serial number" (M19 kits only): POST /secure/kit/covid; Enter submits; a refusal is told with its cause. */
export const TubeSerialDialog = ({ kitId, onClose }: { kitId: string; onClose: () => void }) => {
  const translate = useTranslate();
  const register = useLabAction((dp, serial: string) => dp.registerCovidTube(kitId, serial), {
    success: 'lab.tubeRegistered',
    failure: () => ({ key: 'lab.tubeError' }),
    onSuccess: onClose,
  });
  return (
    <FormDialog<Values>
      title="lab.tubeSerialTitle"
      submitLabel="lab.submit"
      maxWidth="xs"
      defaultValues={{ serialNumber: '' }}
      validate={validateFor(kitId)}
      onSubmit={(v) => register.mutate(serialOf(v))}
      onClose={onClose}
      pending={register.isPending}
    >
      <TextInput source="serialNumber" label="lab.tubeSerialNumber" validate={required()} autoFocus helperText={false} />
      <FormErrorAlert />
      {register.isError && <Alert severity="error" role="alert">{`${translate('lab.tubeError')}: ${causeOf(register.error)}`}</Alert>}
    </FormDialog>
  );
};

export default TubeSerialDialog;
