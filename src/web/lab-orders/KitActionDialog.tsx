import { DialogContentText } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { kitActionBody } from '../../domain/lab/lab-orders';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { useKitAction, useRuleText } from './useKitAction';

export type CommentAction = 'approve' | 'cancel' | 'confirmShipment';

const TITLES: Record<CommentAction, string> = {
  approve: 'kit.approveTitle',
  cancel: 'kit.cancelTitle',
  confirmShipment: 'kit.confirmShipmentTitle',
};

type Values = { comment: string | null };

/**
 * Approve, cancel or confirm shipment of the selected lab orders (spec 1 §5): names the kits it changes (the
 * confirmation), needs a non-blank comment ("Please provide a comment for approval" ...: the action's domain schema,
 * checked before sending), shows progress while the server works and closes on success.
 */
export const KitActionDialog = ({
  action,
  kitIds,
  careLocation,
  onClose,
  onDone,
}: {
  action: CommentAction;
  kitIds: string[];
  careLocation: string;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const ruleText = useRuleText();
  const run = useKitAction(action, onDone);
  const check = (v: Values) => kitActionBody(action, { kitIds, comment: v.comment ?? '', careLocation });
  const validate = (v: Values) => {
    const checked = check(v);
    return checked.ok ? {} : { _: ruleText(checked.message) };
  };
  return (
    <FormDialog<Values>
      title={TITLES[action]}
      submitLabel="kit.submit"
      defaultValues={{ comment: '' }}
      validate={validate}
      onSubmit={(v) => {
        const checked = check(v);
        if (checked.ok) run.mutate(checked.body);
      }}
      onClose={onClose}
      pending={run.isPending}
    >
      <DialogContentText>{translate('kit.confirmQuestion', { smart_count: kitIds.length, kitIds: kitIds.join(', ') })}</DialogContentText>
      <TextInput source="comment" label="kit.comment" autoFocus multiline minRows={3} helperText={false} />
      <FormErrorAlert />
    </FormDialog>
  );
};
