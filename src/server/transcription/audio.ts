import type { PoolClient } from 'pg';
import {
  audioWritable, AUDIO_MIME, isWebm, MAX_AUDIO_BYTES, TRANSCRIPTION_REFUSAL, UPLOAD_PART_THRESHOLD_BYTES,
} from '../../domain/transcription';
import type { Actor } from '../auth/actor';
import { withTx } from '../db/tx';
import { ApiError, badRequest, conflict } from '../errors';
import { audioKeyOf, setAudio, setUpload, type TranscriptionRow } from './repository';
import { lockedForChange, type Audit, type TranscriptionDeps } from './service';

const tooLarge = () => new ApiError(413, 'Payload too large', TRANSCRIPTION_REFUSAL.tooLarge);

/** The recording's transcription, locked, while its audio may still change (IN_PROGRESS), by its author. */
async function recording(client: PoolClient, actor: Actor, id: string) {
  const t = await lockedForChange(client, actor, id, 'record');
  if (!audioWritable(t.status)) throw conflict(TRANSCRIPTION_REFUSAL.audioLocked);
  return t;
}

const event = (t: TranscriptionRow, action: string) =>
  ({ action, entityType: 'transcription', entityId: t.id, patientId: t.patientId, outcome: 'SUCCESS' as const });

/**
 * Audio upload (spec 2 §7): recorded webm goes to object storage under the file id, in one put when the recording
 * stayed under the part threshold, else as a multipart upload (parts of at least 5 MiB but the last). The first
 * bytes must be webm; the whole recording stays under MAX_AUDIO_BYTES.
 */
export const audioUploads = (deps: TranscriptionDeps) => ({
  async put(actor: Actor, audit: Audit, id: string, body: Buffer) {
    if (!isWebm(body.subarray(0, 64))) throw badRequest(TRANSCRIPTION_REFUSAL.notWebm);
    return withTx(deps.pool, async (client) => {
      const t = await recording(client, actor, id);
      if (t.uploadId) await deps.storage.abortMultipartUpload(audioKeyOf(id), t.uploadId).catch(() => undefined);
      const stored = await deps.storage.putAt(audioKeyOf(id), body, AUDIO_MIME);
      await setAudio(client, id, stored.url, body.length);
      await audit(client, event(t, 'UPLOAD_AUDIO'));
      return { size: body.length };
    });
  },

  async start(actor: Actor, audit: Audit, id: string) {
    return withTx(deps.pool, async (client) => {
      const t = await recording(client, actor, id);
      if (t.uploadId) await deps.storage.abortMultipartUpload(audioKeyOf(id), t.uploadId).catch(() => undefined);
      const uploadId = await deps.storage.createMultipartUpload(audioKeyOf(id), AUDIO_MIME);
      await setUpload(client, id, uploadId, []);
      await audit(client, event(t, 'UPLOAD_AUDIO_START'));
      return { uploadId };
    });
  },

  async part(actor: Actor, audit: Audit, id: string, partNumber: number, body: Buffer) {
    if (partNumber === 1 && !isWebm(body.subarray(0, 64))) throw badRequest(TRANSCRIPTION_REFUSAL.notWebm);
    return withTx(deps.pool, async (client) => {
      const t = await recording(client, actor, id);
      if (!t.uploadId) throw conflict(TRANSCRIPTION_REFUSAL.noUpload);
      const others = t.uploadParts.filter((p) => p.partNumber !== partNumber);
      if (others.reduce((n, p) => n + p.size, 0) + body.length > MAX_AUDIO_BYTES) throw tooLarge();
      const etag = await deps.storage.uploadPart(audioKeyOf(id), t.uploadId, partNumber, body);
      await setUpload(client, id, t.uploadId, [...others, { partNumber, etag, size: body.length }].sort((a, b) => a.partNumber - b.partNumber));
      await audit(client, event(t, 'UPLOAD_AUDIO_PART'));
      return { partNumber, size: body.length };
    });
  },

  async complete(actor: Actor, audit: Audit, id: string) {
    return withTx(deps.pool, async (client) => {
      const t = await recording(client, actor, id);
      const parts = t.uploadParts;
      if (!t.uploadId || parts.length === 0) throw conflict(TRANSCRIPTION_REFUSAL.noUpload);
      if (parts[0].partNumber !== 1) throw badRequest(TRANSCRIPTION_REFUSAL.notWebm);
      if (parts.slice(0, -1).some((p) => p.size < UPLOAD_PART_THRESHOLD_BYTES)) throw badRequest(TRANSCRIPTION_REFUSAL.partTooSmall);
      const stored = await deps.storage.completeMultipartUpload(audioKeyOf(id), t.uploadId, parts);
      const size = parts.reduce((n, p) => n + p.size, 0);
      await setAudio(client, id, stored.url, size);
      await audit(client, event(t, 'UPLOAD_AUDIO_COMPLETE'));
      return { size };
    });
  },

  async abort(actor: Actor, audit: Audit, id: string) {
    return withTx(deps.pool, async (client) => {
      const t = await lockedForChange(client, actor, id, 'record');
      if (!t.uploadId) throw conflict(TRANSCRIPTION_REFUSAL.noUpload);
      await deps.storage.abortMultipartUpload(audioKeyOf(id), t.uploadId);
      await setUpload(client, id, null, []);
      await audit(client, event(t, 'UPLOAD_AUDIO_ABORT'));
      return { aborted: true };
    });
  },
});
