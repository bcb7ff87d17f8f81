import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { required, TextInput, useTranslate } from 'react-admin';
import { rejectBodySchema } from '../../domain/lab/lab-api';
import type { LabRecord } from '../shared/lab/labRow';
import { NotesText } from '../shared/lab/NotesText';
import { useLabAction } from '../shared/lab/useLabAction';
import { zodAlert } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';

type Values = { internalNote: string | null; externalNote: string | null };
const bodyOf = (kitId: string) => (v: Values) => ({
  kitId,
  internalNote: (v.internalNote ?? '').trim(),
  externalNote: (v.externalNote ?? '').trim(),
});

/** The notes of a rejected request, read only. */
const RejectedNotes = ({ record, onClose }: { record: LabRecord; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reject-notes-title">
      <DialogTitle id="reject-notes-title">
        {translate('lab.rejectNotesTitle')} – {record.kitId}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <NotesText notes={record.internalNote} label="lab.internalNote" />
          <NotesText notes={record.externalNote} label="lab.externalNote" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * Reject Notes: rejecting a lab request takes an internal note and a note to the patient (default
 * "Hi {first name}, ..."), both required by the request's schema ('Enter all the required values'), then "Reject Note
 * Added". `readOnly` shows the notes of a rejected request.
 */
export const RejectNotesDialog = ({ record, readOnly, onClose }: { record: LabRecord; readOnly?: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const reject = useLabAction((dp, body: { internalNote: string; externalNote: string }) => dp.labReject({ kitId: record.kitId, ...body }), {
    success: 'lab.rejectNoteAdded',
    onSuccess: onClose,
  });
  if (readOnly) return <RejectedNotes record={record} onClose={onClose} />;
  const toBody = bodyOf(record.kitId);
  return (
    <FormDialog<Values>
      title="lab.rejectNotesTitle"
      subtitle={record.kitId}
      submitLabel="lab.reject"
      submitColor="error"
      defaultValues={{ internalNote: '', externalNote: translate('lab.defaultRejectNote', { firstName: record.user?.firstName || '' }) }}
      validate={zodAlert(rejectBodySchema, toBody, 'lab.enterRequiredValues')}
      onSubmit={(v) => {
        const { internalNote, externalNote } = toBody(v);
        reject.mutate({ internalNote, externalNote });
      }}
      onClose={onClose}
      pending={reject.isPending}
    >
      <TextInput source="internalNote" label="lab.internalNote" validate={required()} autoFocus multiline minRows={3} helperText={false} />
      <TextInput source="externalNote" label="lab.externalNote" validate={required()} multiline minRows={5} helperText={false} />
      <FormErrorAlert />
    </FormDialog>
  );
};

export default RejectNotesDialog;
