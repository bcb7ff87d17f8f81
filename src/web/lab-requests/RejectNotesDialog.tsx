import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { LabRecord } from '../lab-shared/labRow';
import { NotesText } from '../lab-shared/NotesText';
import { useLabAction } from '../lab-shared/useLabAction';

/**
 * Reject Notes: rejecting a lab request takes an internal note and a note to the patient (default
 * "Hi {first name}, ..."), then "Reject Note Added". `readOnly` shows the notes of a rejected request.
 */
export const RejectNotesDialog = ({ record, readOnly, onClose }: { record: LabRecord; readOnly?: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const [internalNote, setInternalNote] = useState('');
  const [externalNote, setExternalNote] = useState(() =>
    translate('lab.defaultRejectNote', { firstName: record.user?.firstName || '' }),
  );
  const [invalid, setInvalid] = useState(false);
  const reject = useLabAction((dp, body: { internalNote: string; externalNote: string }) => dp.labReject({ kitId: record.kitId, ...body }), {
    success: 'lab.rejectNoteAdded',
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!internalNote.trim() || !externalNote.trim()) return setInvalid(true);
    reject.mutate({ internalNote: internalNote.trim(), externalNote: externalNote.trim() });
  };
  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="reject-notes-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reject-notes-title">
          {translate('lab.rejectNotesTitle')} – {record.kitId}
        </DialogTitle>
        <DialogContent>
          {readOnly ? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <NotesText notes={record.internalNote} label="lab.internalNote" />
              <NotesText notes={record.externalNote} label="lab.externalNote" />
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField autoFocus required multiline minRows={3} label={translate('lab.internalNote')} value={internalNote}
                onChange={(e) => { setInternalNote(e.target.value); setInvalid(false); }} disabled={reject.isPending} />
              <TextField required multiline minRows={5} label={translate('lab.externalNote')} value={externalNote}
                onChange={(e) => { setExternalNote(e.target.value); setInvalid(false); }} disabled={reject.isPending} />
              {invalid && <Alert severity="error" role="alert">{translate('lab.enterRequiredValues')}</Alert>}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={reject.isPending} autoFocus={readOnly}>
            {translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" color="error" disabled={reject.isPending}>
              {translate('lab.reject')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
};

export default RejectNotesDialog;
