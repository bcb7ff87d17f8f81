import { Alert, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Form, useDataProvider, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { conversationHtml, summaryHtml, type SpeakerAssignment } from '../../../domain/transcription/transcript-text';
import { canSaveAs, TRANSCRIPT_VIEWS, type TranscriptionRecord, type TranscriptView } from '../../../domain/transcription/transcription';
import type { PortalDataProvider } from '../../providers/dataProvider';

const RichNoteInput = lazy(() => import('../RichNoteInput'));
const X = 'transcription';
const SPEAKERS: SpeakerAssignment[] = ['NONE', 'PERSON_1_IS_CLINICIAN', 'PERSON_1_IS_PATIENT'];
const SPEAKER_LABEL: Record<SpeakerAssignment, string> = {
  NONE: `${X}.speakersAsIs`,
  PERSON_1_IS_CLINICIAN: `${X}.person1Clinician`,
  PERSON_1_IS_PATIENT: `${X}.person1Patient`,
};

/** 'Save as' reads what the editor holds now (the clinician may have edited the summary). */
const SaveAsButton = ({ onSaveAs }: { onSaveAs(html: string): void }) => {
  const translate = useTranslate();
  const text = useWatch({ name: 'text' }) as string | undefined;
  return (
    <Button variant="contained" onClick={() => onSaveAs(text ?? '')}>
      {translate(`${X}.saveAs`)}
    </Button>
  );
};

/**
 * The recording, playable while the transcript and the summary are read and corrected (an engine can mishear a word,
 * and the recording is what was said).
 */
const RecordingPlayer = ({ record }: { record: TranscriptionRecord }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const audio = useQuery({
    queryKey: ['transcriptions', 'audio', record.id, record.status],
    queryFn: () => dataProvider.transcriptionAudioUrl(record.id),
    enabled: record.hasAudio,
  });
  if (!record.hasAudio) return null;
  return <audio controls src={audio.data?.url} aria-label={translate(`${X}.recording`)} style={{ width: '100%' }} />;
};

/**
 * The completed view (spec 2 §2.4): a select for Conversation or Summary and the rich-text area (300 px); the
 * engine's Person_1/Person_2 may be relabelled Clinician/Patient; the recording plays above both. The local engine's
 * transcript is labelled a draft to check against the recording, and its summary a draft too.
 */
export const CompletedView = ({ record, onSaveAs }: { record: TranscriptionRecord; onSaveAs(html: string): void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [view, setView] = useState<TranscriptView>('CONVERSATION');
  const [speakers, setSpeakers] = useState<SpeakerAssignment>('NONE');
  const output = useQuery({ queryKey: ['transcriptions', 'output', record.id], queryFn: () => dataProvider.transcriptionOutput(record.id) });
  const summary = useQuery({ queryKey: ['transcriptions', 'summary', record.id], queryFn: () => dataProvider.transcriptionSummary(record.id) });
  const html = view === 'CONVERSATION' ? output.data && conversationHtml(output.data, speakers) : summary.data && summaryHtml(summary.data);
  const local = (summary.data?.summaryKind ?? record.summaryKind) === 'LOCAL_DRAFT';
  // Transcription fetch errors are only logged (spec 2 §8).
  const fetchError = output.error ?? summary.error;
  useEffect(() => {
    if (fetchError) console.error('transcription fetch failed', fetchError);
  }, [fetchError]);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={translate(`${X}.title`)}
          value={view}
          onChange={(e) => setView(e.target.value as TranscriptView)}
          sx={{ minWidth: 200 }}
        >
          {TRANSCRIPT_VIEWS.map((v) => (
            <MenuItem key={v} value={v}>
              {translate(`${X}.${v === 'CONVERSATION' ? 'conversation' : 'summary'}`)}
            </MenuItem>
          ))}
        </TextField>
        {view === 'CONVERSATION' && (
          <TextField
            select
            label={translate(`${X}.speakers`)}
            value={speakers}
            onChange={(e) => setSpeakers(e.target.value as SpeakerAssignment)}
            sx={{ minWidth: 240 }}
          >
            {SPEAKERS.map((s) => (
              <MenuItem key={s} value={s}>
                {translate(SPEAKER_LABEL[s])}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {view === 'CONVERSATION' && local && <Alert severity="warning">{translate(`${X}.localTranscript`)}</Alert>}
      {view === 'SUMMARY' && local && <Alert severity="info">{translate(`${X}.localDraft`)}</Alert>}
      <RecordingPlayer record={record} />
      {html === undefined ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Form key={`${view}-${speakers}`} defaultValues={{ text: html }} onSubmit={() => undefined}>
          <Suspense fallback={<CircularProgress />}>
            <RichNoteInput source="text" label={translate(`${X}.${view === 'CONVERSATION' ? 'conversation' : 'summary'}`)} />
          </Suspense>
          {canSaveAs(record, view) && <SaveAsButton onSaveAs={onSaveAs} />}
        </Form>
      )}
    </Stack>
  );
};
