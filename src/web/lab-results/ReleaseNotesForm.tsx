import { Alert, Button, DialogActions, DialogContent, DialogContentText, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { LabRecord } from '../lab-shared/labRow';
import { TemplatePicker } from '../lab-shared/TemplatePicker';
import { useLabAction } from '../lab-shared/useLabAction';
import { useTemplateValues } from '../lab-shared/useTemplateValues';

export interface ReleaseNotesFormProps {
  record: LabRecord;
  /** i18n key of the toast once released ("Result release success!" or "Note(s) Released!"). */
  releasedMessage: string;
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Release notes (spec 1 §4 "Send results flow"): the notes to the patient, prefilled with the saved ones,
 * a template picker, "Save Draft" (saves, does not send) and "Send" (confirmation, then the draft is saved
 * and released). Empty text is never sent.
 */
export const ReleaseNotesForm = ({ record, releasedMessage, onDone, onCancel }: ReleaseNotesFormProps) => {
  const translate = useTranslate();
  const { values } = useTemplateValues(record);
  const [text, setText] = useState(record.externalNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const saveDraft = useLabAction((dp, notes: string) => dp.saveResultNotes(record.kitId, 'external', notes), {
    success: 'lab.draftSaved',
  });
  const release = useLabAction(
    async (dp, notes: string) => {
      await dp.saveResultNotes(record.kitId, 'external', notes);
      return dp.releaseResultNotes(record.kitId);
    },
    { success: releasedMessage, onSuccess: onDone, onError: () => setConfirming(false) },
  );
  const busy = saveDraft.isPending || release.isPending;

  const notEmpty = () => {
    if (text.trim()) return true;
    setError(translate('lab.makeSureAddText'));
    return false;
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle1" component="h3">
            {translate('lab.releaseNotesTitle')}
          </Typography>
          <TemplatePicker values={values} onApply={setText} disabled={busy} />
          <TextField
            autoFocus
            multiline
            minRows={8}
            label={translate('lab.notesToPatient')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            disabled={busy}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={() => notEmpty() && saveDraft.mutate(text)} disabled={busy}>
          {translate('lab.saveDraft')}
        </Button>
        <Button variant="contained" onClick={() => notEmpty() && setConfirming(true)} disabled={busy}>
          {translate('lab.send')}
        </Button>
      </DialogActions>
      <Confirm
        isOpen={confirming}
        title={null}
        content={<DialogContentText id={confirmId}>{translate('lab.confirmSend')}</DialogContentText>}
        aria-describedby={confirmId}
        confirm="lab.send"
        cancel="ra.action.cancel"
        loading={release.isPending}
        onConfirm={() => release.mutate(text)}
        onClose={() => !release.isPending && setConfirming(false)}
      />
    </>
  );
};
