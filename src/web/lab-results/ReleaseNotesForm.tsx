import { Button, DialogActions, DialogContent, DialogContentText, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Confirm, Form, TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { labTextEntrySchema } from '../../domain/lab/lab-api';
import type { LabRecord } from '../shared/lab/labRow';
import { useLabAction } from '../shared/lab/useLabAction';
import { useTemplateValues } from '../shared/lab/useTemplateValues';
import { zodAlert } from '../providers/zodValidate';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { TemplatePicker } from '../shared/templates/TemplatePicker';
import { useTemplateChoices } from '../shared/templates/useTemplateChoices';

export interface ReleaseNotesFormProps {
  record: LabRecord;
  /** i18n key of the toast once released ("Result release success!" or "Note(s) Released!"). */
  releasedMessage: string;
  onDone: () => void;
  onCancel: () => void;
}

type Values = { notes: string | null };
/** Empty text is never sent nor saved: 'Make sure you add text' (the lab text schema). */
const validate = zodAlert<Values>(labTextEntrySchema, (v) => ({ text: v.notes ?? '' }), 'lab.makeSureAddText');

/**
 * Release notes (spec 1 §4 "Send results flow"): the notes to the patient, prefilled with the saved ones,
 * a template picker, "Save Draft" (saves, does not send) and "Send" (confirmation, then the draft is saved
 * and released). Empty text is never sent.
 */
export const ReleaseNotesForm = (props: ReleaseNotesFormProps) => {
  const defaultValues = { notes: props.record.externalNotes ?? '' };
  return (
    // Its own values only (not the row's record); each button checks them (handleSubmit) before its action.
    <Form
      record={defaultValues}
      defaultValues={defaultValues}
      validate={validate as never}
      onSubmit={() => undefined}
      noValidate
      disableInvalidFormNotification
    >
      <ReleaseNotesFields {...props} />
    </Form>
  );
};

const ReleaseNotesFields = ({ record, releasedMessage, onDone, onCancel }: ReleaseNotesFormProps) => {
  const translate = useTranslate();
  const { values } = useTemplateValues(record);
  const templates = useTemplateChoices({ mine: false, results: true });
  const { handleSubmit, getValues, setValue } = useFormContext<Values>();
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
  const notes = () => getValues('notes') ?? '';

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="subtitle1" component="h3">
            {translate('lab.releaseNotesTitle')}
          </Typography>
          <TemplatePicker
            choices={templates.choices}
            loading={templates.isPending}
            values={values}
            onApply={(text) => setValue('notes', text, { shouldDirty: true })}
            disabled={busy}
          />
          <TextInput source="notes" label="lab.notesToPatient" autoFocus multiline minRows={8} helperText={false} />
          <FormErrorAlert />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={handleSubmit(() => saveDraft.mutate(notes()))} disabled={busy}>
          {translate('lab.saveDraft')}
        </Button>
        <Button variant="contained" onClick={handleSubmit(() => setConfirming(true))} disabled={busy}>
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
        onConfirm={() => release.mutate(notes())}
        onClose={() => !release.isPending && setConfirming(false)}
      />
    </>
  );
};
