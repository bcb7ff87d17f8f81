import { Alert } from '@mui/material';
import { BooleanInput, required, TextInput } from 'react-admin';
import { reassignFormSchema } from '../../../domain/lab/lab-api';
import type { LabKind } from '../../providers/labMethods';
import { zodAlert } from '../../providers/zodValidate';
import { FormDialog } from '../FormDialog';
import { FormErrorAlert } from '../FormErrorAlert';
import { causeOf, useLabAction } from './useLabAction';

const ACKNOWLEDGEMENTS = {
  ackReviewed: 'lab.reassignAckReviewed',
  ackNoRepeat: 'lab.reassignAckNoRepeat',
  ackMessages: 'lab.reassignAckMessages',
} as const;
type Values = { reason: string | null; ackReviewed: boolean; ackNoRepeat: boolean; ackMessages: boolean };
const reasonOf = (v: Values) => (v.reason ?? '').trim();
/** Anything missing: the one alert "Please confirm and select all checkboxes". */
const validate = zodAlert<Values>(reassignFormSchema, (v) => ({ ...v, reason: reasonOf(v) }), 'lab.confirmAllCheckboxes');

/**
 * "Re-assign Kit to Me" (spec 1 §5): a reason and the three acknowledgements are all required, else the
 * alert "Please confirm and select all checkboxes". A failure shows the server's message as an alert.
 */
export const ReassignDialog = ({ kind, kitId, onClose }: { kind: LabKind; kitId: string; onClose: () => void }) => {
  const reassign = useLabAction((dp, vars: { kitId: string; reason: string }) => dp.labAssign(kind, vars.kitId, vars.reason), {
    success: 'lab.reassignedToYou',
    failure: null,
    onSuccess: onClose,
  });
  return (
    <FormDialog<Values>
      title="lab.reassignTitle"
      submitLabel="lab.reassignConfirm"
      validate={validate}
      defaultValues={{ reason: '', ackReviewed: false, ackNoRepeat: false, ackMessages: false }}
      onSubmit={(v) => reassign.mutate({ kitId, reason: reasonOf(v) })}
      onClose={onClose}
      pending={reassign.isPending}
    >
      <TextInput source="reason" label="lab.reassignReason" validate={required()} autoFocus multiline minRows={2} helperText={false} />
      {Object.entries(ACKNOWLEDGEMENTS).map(([source, label]) => (
        <BooleanInput key={source} source={source} label={label} helperText={false} />
      ))}
      <FormErrorAlert />
      {reassign.isError && (
        <Alert severity="error" role="alert">
          {causeOf(reassign.error)}
        </Alert>
      )}
    </FormDialog>
  );
};

export default ReassignDialog;
