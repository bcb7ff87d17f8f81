import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { Form, required, SaveButton, SelectInput, TextInput, useListContext, useRefresh, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../../domain/shared/constants';
import { MESSAGE_STATUSES, statusFormSchema, type MessageStatus } from '../../../domain/messages/secure-messages';
import { useAction } from '../useAction';
import { useReadOnly } from '../useReadOnly';
import { ReadOnlyButton } from '../ReadOnlyButton';
import { zodValidate } from '../../providers/zodValidate';

export interface UpdateStatusDialogProps {
  open: boolean;
  msgIds: string[];
  onClose: () => void;
  onDone?: () => void;
}

const validate = zodValidate(statusFormSchema);
/** A status is always chosen (the first, Needs Review), so the only thing left to fill in is the reason. */
const defaultValues = { status: MESSAGE_STATUSES[0], comment: '' };
/** Marks the select as required: react-admin then offers no blank option (the form's schema is the rule). */
const statusRequired = [required()];

/**
 * Update Status (spec 3 §4, §5): a status (Needs Review, In Progress, Done) and a required reason for one or several
 * replied messages; 'Please enter a reason' otherwise; 'Status changed to {status} successfully' or 'Something went wrong'.
 */
export const UpdateStatusDialog = ({ open, msgIds, onClose, onDone }: UpdateStatusDialogProps) => {
  const translate = useTranslate();
  const refresh = useRefresh();
  const mutation = useAction(
    (dp, v: { status: MessageStatus; comment: string }) =>
      dp.annotateMessages({ status: v.status, comment: v.comment.trim(), msgIds: msgIds.join(',') }),
    {
      success: (r) => ({ key: 'message.statusChanged', args: { status: r.status } }),
      failure: () => ({ key: 'message.somethingWrong' }),
      autoHideDuration: TOAST_MS.inbox,
      onSuccess: () => {
        refresh();
        onDone?.();
        onClose();
      },
    },
  );
  const choices = MESSAGE_STATUSES.map((s) => ({ id: s, name: translate(`message.ui.status.${s}`) }));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="update-status-title">
      {/* The field's own 'Please enter a reason' is the message: no second "form is not valid" toast. */}
      <Form
        validate={validate}
        defaultValues={defaultValues}
        disableInvalidFormNotification
        onSubmit={(v: Record<string, unknown>) => mutation.mutate(v as unknown as { status: MessageStatus; comment: string })}
        noValidate
      >
        <DialogTitle id="update-status-title">{translate('message.ui.status.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <SelectInput
              source="status"
              label={translate('message.ui.status.label')}
              choices={choices}
              validate={statusRequired}
              helperText={false}
            />
            <TextInput source="comment" label={translate('message.ui.status.reason')} multiline minRows={2} helperText={false} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton label={translate('message.ui.status.save')} alwaysEnable disabled={mutation.isPending} icon={<></>} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/** The bulk action of the message tables: Update Status of the selected (replied) messages. */
export const UpdateStatusButton = () => {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const readOnly = useReadOnly();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ReadOnlyButton readOnly={readOnly} size="small" variant="contained" onClick={() => setOpen(true)} disabled={!selectedIds.length}>
        {translate('message.ui.detail.updateStatus')}
      </ReadOnlyButton>
      <UpdateStatusDialog open={open} msgIds={selectedIds.map(String)} onClose={() => setOpen(false)} onDone={() => onUnselectItems()} />
    </>
  );
};
