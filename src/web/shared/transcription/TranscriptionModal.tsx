import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Chip, Dialog, DialogContent, DialogTitle, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, useDataProvider, useInput, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { consumeSchema, SAVE_AS_NOTE_TYPES, type TranscriptionRecord } from '../../../domain/transcription/transcription';
import { CHART_NOTES_QUERY_KEY } from '../../providers/chartNoteMethods';
import type { PortalDataProvider } from '../../providers/dataProvider';
import type { SaveAsNote } from '../../providers/transcriptionMethods';
import { zodAlert } from '../../providers/zodValidate';
import { FormErrorAlert } from '../FormErrorAlert';
import { useAction } from '../useAction';
import { CompletedView } from './CompletedView';
import { RecordStage } from './RecordStage';

const X = 'transcription';
type Stage = 'consent' | 'record' | 'saveAs';

type SaveAsValues = { noteType: string };
type SaveAsStatus = 'DRAFT' | 'PUBLISHED';

/** The note type, a select of the form. */
const NoteTypeSelect = () => {
  const translate = useTranslate();
  const { field } = useInput<string>({ source: 'noteType' });
  return (
    <TextField select label={translate(`${X}.noteType`)} value={field.value} onChange={(e) => field.onChange(e.target.value)} sx={{ maxWidth: 320 }}>
      {SAVE_AS_NOTE_TYPES.map((t) => (
        <MenuItem key={t} value={t}>
          {translate(`chartNote.types.${t}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Save as Draft and Save: each sends the checked values with its status; both wait while one is in flight. */
const SaveAsButtons = ({ pending, onSave }: { pending: boolean; onSave: (v: SaveAsValues, status: SaveAsStatus) => void }) => {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext<SaveAsValues>();
  return (
    <Stack direction="row" spacing={1}>
      <Button onClick={() => void handleSubmit((v) => onSave(v, 'DRAFT'))()} disabled={pending}>
        {translate(`${X}.saveDraft`)}
      </Button>
      <Button type="submit" variant="contained" disabled={pending}>
        {translate(`${X}.save`)}
      </Button>
    </Stack>
  );
};

/**
 * 'Save as' a chart note (spec 2 §4): note type (Clinical Notes by default), then Save as Draft or Save. The note is
 * checked by the route's own body schema (consumeSchema) before it is sent.
 */
const SaveAsStage = ({ record, html, onDone }: { record: TranscriptionRecord; html: string; onDone(saved: boolean): void }) => {
  const bodyOf = (v: SaveAsValues, status: SaveAsStatus): { note: SaveAsNote } => ({ note: { note: html, noteType: v.noteType, status } });
  // a resend after a lost answer saves one note (the Idempotency-Key)
  const save = useAction(
    (dp, v: { values: SaveAsValues; status: SaveAsStatus }, key) =>
      dp.consumeTranscription(record.id, bodyOf(v.values, v.status).note, key as string),
    {
      idempotent: true,
      success: `${X}.savedAsNote`,
      failure: () => ({ key: `${X}.somethingWentWrong` }),
      onSuccess: () => onDone(true),
      onError: () => onDone(false),
    },
  );
  const send = (values: SaveAsValues, status: SaveAsStatus) => {
    if (!save.isPending) save.mutate({ values, status });
  };
  return (
    <Form
      record={SAVE_AS_DEFAULTS}
      defaultValues={SAVE_AS_DEFAULTS}
      validate={zodAlert<SaveAsValues>(consumeSchema, (v) => bodyOf(v, 'DRAFT')) as never}
      onSubmit={(v: FieldValues) => send(v as SaveAsValues, 'PUBLISHED')}
      noValidate
      disableInvalidFormNotification
    >
      <Stack spacing={2}>
        <NoteTypeSelect />
        <FormErrorAlert />
        <SaveAsButtons pending={save.isPending} onSave={send} />
      </Stack>
    </Form>
  );
};
const SAVE_AS_DEFAULTS: SaveAsValues = { noteType: 'CLINICIAN_NOTE' };

/**
 * The Transcription modal (spec 2 §2.4, §4): static (no backdrop dismiss), extra large, beta badge. A new one opens at
 * the Consent Form; an existing one at the record stage whatever its status. While the engine works the record is
 * polled, so COMPLETED shows without a reload.
 */
export const TranscriptionModal = ({
  booking,
  initial,
  onClose,
  onNoteSaved,
}: {
  booking: { id: string; patientId: string };
  initial: TranscriptionRecord | null;
  onClose(): void;
  onNoteSaved?(): void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>(initial ? 'record' : 'consent');
  const [record, setRecord] = useState<TranscriptionRecord | null>(initial);
  const [noteHtml, setNoteHtml] = useState('');
  useQuery({
    queryKey: ['transcriptions', 'poll', record?.id],
    queryFn: async () => {
      const { data } = await dataProvider.getOne<TranscriptionRecord>('transcriptions', { id: record!.id });
      setRecord(data);
      if (data.status === 'COMPLETED') void queryClient.invalidateQueries({ queryKey: ['transcriptions'] });
      return data;
    },
    enabled: record?.status === 'AWAITING_TRANSCRIBED_OUTPUT',
    refetchInterval: 3000,
  });
  return (
    <Dialog
      open
      maxWidth="xl"
      fullWidth
      disableEscapeKeyDown
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="transcription-title"
    >
      <DialogTitle id="transcription-title">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {stage === 'saveAs' && (
            <IconButton aria-label={translate(`${X}.back`)} onClick={() => setStage('record')}>
              <ArrowBackIcon />
            </IconButton>
          )}
          <span>{translate(`${X}.title`)}</span>
          <Chip label={translate(`${X}.beta`)} color="secondary" size="small" />
          <Typography variant="body2" color="text.secondary">
            {translate(`${X}.${stage === 'consent' ? 'consentTitle' : stage === 'record' ? 'recordStage' : 'saveAsStage'}`)}
          </Typography>
          <span style={{ flex: 1 }} />
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </Stack>
      </DialogTitle>
      <DialogContent>
        {stage === 'consent' && (
          <Stack spacing={2}>
            <Typography>{translate(`${X}.consentNotice`)}</Typography>
            <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setStage('record')}>
              {translate(`${X}.consentButton`)}
            </Button>
          </Stack>
        )}
        {stage === 'record' && record?.status === 'COMPLETED' && (
          <CompletedView
            record={record}
            onSaveAs={(html) => {
              setNoteHtml(html);
              setStage('saveAs');
            }}
          />
        )}
        {stage === 'record' && record?.status !== 'COMPLETED' && (
          <RecordStage booking={booking} record={record} onRecord={setRecord} onClose={onClose} />
        )}
        {stage === 'saveAs' && record && (
          <SaveAsStage
            record={record}
            html={noteHtml}
            onDone={(saved) => {
              void queryClient.invalidateQueries({ queryKey: ['transcriptions'] });
              if (saved) {
                void queryClient.invalidateQueries({ queryKey: CHART_NOTES_QUERY_KEY }); // the chart note lists show the saved note
                onNoteSaved?.();
              }
              onClose();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
};
