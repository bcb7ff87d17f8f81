import {
  audioWritable,
  AUDIO_MIME,
  isWebm,
  MAX_AUDIO_BYTES,
  TRANSCRIPTION_REFUSAL,
  UPLOAD_PART_THRESHOLD_BYTES,
} from '../../domain/transcription/transcription';
import type { DataAccess } from '../data/access';
import { ApiError, badRequest, conflict } from '../errors';
import { audioKeyOf } from './repository';
import type { TranscriptionDeps } from './service';

const tooLarge = () => new ApiError(413, 'Payload too large', TRANSCRIPTION_REFUSAL.tooLarge);

/** The recording's transcription, locked, while its audio may still change (IN_PROGRESS), by its author. */
async function recording(tx: DataAccess, id: string) {
  const t = await tx.transcription.lockForChange(id, 'record');
  if (!audioWritable(t.status)) throw conflict(TRANSCRIPTION_REFUSAL.audioLocked);
  return t;
}

/**
 * Audio upload (spec 2 §7): recorded webm goes to object storage under the file id, in one put when the recording
 * stayed under the part threshold, else as a multipart upload (parts of at least 5 MiB but the last). The first
 * bytes must be webm; the whole recording stays under MAX_AUDIO_BYTES.
 */
export const audioUploads = ({ storage }: Pick<TranscriptionDeps, 'storage'>) => ({
  async put(data: DataAccess, id: string, body: Buffer) {
    if (!isWebm(body.subarray(0, 64))) throw badRequest(TRANSCRIPTION_REFUSAL.notWebm);
    return data.transaction(async (tx) => {
      const t = await recording(tx, id);
      if (t.uploadId) await storage.abortMultipartUpload(audioKeyOf(id), t.uploadId).catch(() => undefined);
      const stored = await storage.putAt(audioKeyOf(id), body, AUDIO_MIME);
      await tx.transcription.audioStored(t, stored.url, body.length, 'UPLOAD_AUDIO');
      return { size: body.length };
    });
  },

  async start(data: DataAccess, id: string) {
    return data.transaction(async (tx) => {
      const t = await recording(tx, id);
      if (t.uploadId) await storage.abortMultipartUpload(audioKeyOf(id), t.uploadId).catch(() => undefined);
      const uploadId = await storage.createMultipartUpload(audioKeyOf(id), AUDIO_MIME);
      await tx.transcription.uploadChanged(t, uploadId, [], 'UPLOAD_AUDIO_START');
      return { uploadId };
    });
  },

  async part(data: DataAccess, id: string, partNumber: number, body: Buffer) {
    if (partNumber === 1 && !isWebm(body.subarray(0, 64))) throw badRequest(TRANSCRIPTION_REFUSAL.notWebm);
    return data.transaction(async (tx) => {
      const t = await recording(tx, id);
      if (!t.uploadId) throw conflict(TRANSCRIPTION_REFUSAL.noUpload);
      const others = t.uploadParts.filter((p) => p.partNumber !== partNumber);
      if (others.reduce((n, p) => n + p.size, 0) + body.length > MAX_AUDIO_BYTES) throw tooLarge();
      const etag = await storage.uploadPart(audioKeyOf(id), t.uploadId, partNumber, body);
      const parts = [...others, { partNumber, etag, size: body.length }].sort((a, b) => a.partNumber - b.partNumber);
      await tx.transcription.uploadChanged(t, t.uploadId, parts, 'UPLOAD_AUDIO_PART');
      return { partNumber, size: body.length };
    });
  },

  async complete(data: DataAccess, id: string) {
    return data.transaction(async (tx) => {
      const t = await recording(tx, id);
      const parts = t.uploadParts;
      if (!t.uploadId || parts.length === 0) throw conflict(TRANSCRIPTION_REFUSAL.noUpload);
      if (parts[0].partNumber !== 1) throw badRequest(TRANSCRIPTION_REFUSAL.notWebm);
      if (parts.slice(0, -1).some((p) => p.size < UPLOAD_PART_THRESHOLD_BYTES)) throw badRequest(TRANSCRIPTION_REFUSAL.partTooSmall);
      const stored = await storage.completeMultipartUpload(audioKeyOf(id), t.uploadId, parts);
      const size = parts.reduce((n, p) => n + p.size, 0);
      await tx.transcription.audioStored(t, stored.url, size, 'UPLOAD_AUDIO_COMPLETE');
      return { size };
    });
  },

  async abort(data: DataAccess, id: string) {
    return data.transaction(async (tx) => {
      const t = await tx.transcription.lockForChange(id, 'record');
      if (!t.uploadId) throw conflict(TRANSCRIPTION_REFUSAL.noUpload);
      await storage.abortMultipartUpload(audioKeyOf(id), t.uploadId);
      await tx.transcription.uploadChanged(t, null, [], 'UPLOAD_AUDIO_ABORT');
      return { aborted: true };
    });
  },
});
