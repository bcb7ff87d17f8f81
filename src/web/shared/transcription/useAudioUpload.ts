import { useCallback, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { AUDIO_MIME, INITIAL_UPLOAD_PLAN, planChunk, planStop, type UploadPlanState } from '../../../domain/transcription/transcription';
import type { PortalDataProvider } from '../../providers/dataProvider';

interface Upload {
  fileId: string;
  plan: UploadPlanState;
  buffer: Blob[];
  chain: Promise<void>;
}

/**
 * Uploads a recording while it is made (spec 2 §7, §9): the 30 s chunks are buffered until they reach 5 MiB and go
 * up as parts of a multipart upload, in order; when recording stops, the rest is the last part and the upload
 * completes, or a short recording goes in one put. Upload errors are only logged (spec 2 §8); finish() reports
 * whether the audio is stored.
 */
export function useAudioUpload() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const upload = useRef<Upload>({ fileId: '', plan: INITIAL_UPLOAD_PLAN, buffer: [], chain: Promise.resolve() });
  const failed = useRef(false);
  const log = (err: unknown) => {
    failed.current = true;
    console.error('transcription upload failed', err);
  };

  const begin = useCallback((fileId: string) => {
    upload.current = { fileId, plan: INITIAL_UPLOAD_PLAN, buffer: [], chain: Promise.resolve() };
    failed.current = false;
  }, []);

  const addChunk = useCallback(
    (chunk: Blob) => {
      const u = upload.current;
      u.buffer.push(chunk);
      const step = planChunk(u.plan, chunk.size);
      u.plan = step.state;
      if (!step.send) return;
      const { partNumber, startUpload } = step.send;
      const part = new Blob(u.buffer, { type: AUDIO_MIME });
      u.buffer = [];
      u.chain = u.chain
        .then(async () => {
          if (startUpload) await dataProvider.startTranscriptionUpload(u.fileId);
          await dataProvider.uploadTranscriptionPart(u.fileId, partNumber, part);
        })
        .catch(log);
    },
    [dataProvider],
  );

  const finish = useCallback(async (): Promise<boolean> => {
    const u = upload.current;
    await u.chain;
    const rest = new Blob(u.buffer, { type: AUDIO_MIME });
    const stop = planStop(u.plan);
    try {
      if (stop.kind === 'single') await dataProvider.putTranscriptionAudio(u.fileId, rest);
      else {
        if (stop.lastPart) await dataProvider.uploadTranscriptionPart(u.fileId, stop.lastPart, rest);
        await dataProvider.completeTranscriptionUpload(u.fileId);
      }
    } catch (err) {
      log(err);
    }
    return !failed.current;
  }, [dataProvider]);

  return { begin, addChunk, finish };
}
