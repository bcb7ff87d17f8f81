import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { TRANSCRIPTION_SOURCE, transitionRefusal, type TranscriptionRecord } from '../../../domain/transcription/transcription';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { useIdempotencyKey } from '../../providers/idempotencyKey';
import { useAudioRecorder } from './useAudioRecorder';
import { useAudioUpload } from './useAudioUpload';
import { Waveform } from './Waveform';

const X = 'transcription';
/** The server's reason of a refusal ({ msg, reason }), else the error's text. */
export const reasonOf = (err: unknown) =>
  err instanceof HttpError && typeof err.body?.reason === 'string' ? err.body.reason : err instanceof Error ? err.message : String(err);

/**
 * The record stage (spec 2 §2.4, §4): record (starting creates the transcription: its file id names the audio),
 * pause, resume, stop; the chunks upload as they come; then AUDIO_UPLOADED with playback, Submit for Transcribe and
 * Discard; AWAITING_TRANSCRIBED_OUTPUT says an e-mail will follow.
 */
export const RecordStage = ({
  booking,
  record,
  onRecord,
  onClose,
}: {
  booking: { id: string; patientId: string };
  record: TranscriptionRecord | null;
  onRecord(r: TranscriptionRecord): void;
  onClose(): void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const withKey = useIdempotencyKey(); // a double click starts one transcription
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const audioEl = useRef<HTMLAudioElement>(null);
  const upload = useAudioUpload();
  const current = useRef(record);
  current.current = record;
  const changed = (r: TranscriptionRecord) => {
    onRecord(r);
    void queryClient.invalidateQueries({ queryKey: ['transcriptions'] });
  };
  const recorder = useAudioRecorder(upload.addChunk, () => {
    setBusy(true);
    void (async () => {
      const stored = await upload.finish();
      const r = current.current;
      if (stored && r) changed(await dataProvider.setTranscriptionStatus(r.id, 'AUDIO_UPLOADED').catch(() => r));
      setBusy(false);
    })();
  });
  const audio = useQuery({
    queryKey: ['transcriptions', 'audio', record?.id, record?.status],
    queryFn: () => dataProvider.transcriptionAudioUrl(record!.id),
    enabled: !!record?.hasAudio && record.status !== 'DISCARDED',
  });
  useEffect(() => () => audioEl.current?.pause(), []);

  const start = async () => {
    setAlert(null);
    let r = record;
    if (!r) {
      try {
        r = await withKey((key) =>
          dataProvider.startTranscription(
            { referenceType: 'BOOKING', referenceId: booking.id, patientId: booking.patientId, source: TRANSCRIPTION_SOURCE },
            key,
          ),
        );
        changed(r);
      } catch (err) {
        return setAlert(reasonOf(err) === translate(`${X}.alreadyInProgress`) ? reasonOf(err) : translate(`${X}.somethingWentWrong`));
      }
    }
    upload.begin(r.id);
    await recorder.start();
  };

  const submit = async () => {
    if (!record) return;
    const refusal = transitionRefusal(record.status, 'AWAITING_TRANSCRIBED_OUTPUT', 'submit');
    if (record.status === 'AWAITING_TRANSCRIBED_OUTPUT' && refusal) return setAlert(refusal);
    setBusy(true);
    try {
      changed(await dataProvider.submitTranscription(record.id));
      audioEl.current?.pause();
    } catch (err) {
      setAlert(reasonOf(err));
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    if (!record) return onClose();
    setBusy(true);
    try {
      changed(await dataProvider.setTranscriptionStatus(record.id, 'DISCARDED'));
      notify(`${X}.discarded`, { type: 'success' });
      onClose();
    } catch (err) {
      setAlert(reasonOf(err));
      notify(reasonOf(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const status = record?.status ?? null;
  const recording = recorder.state === 'recording' || recorder.state === 'paused';
  const canRecord = (!status || status === 'IN_PROGRESS') && !recording && !busy && !recorder.error;
  return (
    <Stack spacing={2}>
      {recorder.error && (!status || status === 'IN_PROGRESS') && (
        <Alert severity="error" role="alert">
          {recorder.error.kind === 'unsupported' ? translate(`${X}.noRecorder`) : recorder.error.message}
        </Alert>
      )}
      {alert && (
        <Alert severity="error" role="alert" onClose={() => setAlert(null)}>
          {alert}
        </Alert>
      )}
      {status === 'AWAITING_TRANSCRIBED_OUTPUT' && <Alert severity="info">{translate(`${X}.awaiting`)}</Alert>}
      {record?.failureReason && status === 'AUDIO_UPLOADED' && (
        <Alert severity="warning">{`${translate(`${X}.engineFailed`)} ${record.failureReason}`}</Alert>
      )}
      {(!status || status === 'IN_PROGRESS') && (
        <>
          <Waveform analyser={recorder.analyser} label={translate(`${X}.recordStage`)} />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" color="error" onClick={start} disabled={!canRecord}>
              {translate(`${X}.record`)}
            </Button>
            <Button onClick={recorder.pause} disabled={recorder.state !== 'recording'}>
              {translate(`${X}.pause`)}
            </Button>
            <Button onClick={recorder.resume} disabled={recorder.state !== 'paused'}>
              {translate(`${X}.resume`)}
            </Button>
            <Button onClick={recorder.stop} disabled={!recording}>
              {translate(`${X}.stop`)}
            </Button>
          </Stack>
          {busy && <Typography variant="body2">{translate(`${X}.uploading`)}</Typography>}
        </>
      )}
      {audio.data?.url && <audio ref={audioEl} controls src={audio.data.url} aria-label={translate(`${X}.recordStage`)} />}
      {/* One notice at a time: while the output is awaited, the alert above says it (spec 2 §4). */}
      {status !== 'AWAITING_TRANSCRIBED_OUTPUT' && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${X}.emailWhenReady`)}
        </Typography>
      )}
      {status !== 'COMPLETED' && (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            onClick={submit}
            disabled={busy || recording || (status !== 'AUDIO_UPLOADED' && status !== 'AWAITING_TRANSCRIBED_OUTPUT')}
          >
            {translate(`${X}.submit`)}
          </Button>
          <Button color="error" onClick={discard} disabled={busy || recording}>
            {translate(`${X}.discard`)}
          </Button>
        </Stack>
      )}
    </Stack>
  );
};
