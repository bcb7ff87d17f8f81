import type { Pool } from 'pg';
import { transcriptionReadyMail } from '../../domain/transcription/transcription-texts';
import type { Mailer } from '../adapters/mail';
import type { ObjectStorage } from '../adapters/object-storage/types';
import { EngineUnavailableError, type TranscriptionEngine } from '../adapters/transcription';
import { writeHistory } from '../audit/history';
import { withTx } from '../db/tx';
import { QUEUES, type JobHandler, type JobQueue } from '../jobs/queue';
import * as repo from './repository-sql';
import type { TranscriptionRow } from './repository-sql';

/** The name the engine's transitions carry in the record's history. */
export const ENGINE_ACTOR = { sub: 'system:transcription', givenName: 'Transcription', familyName: 'engine' };
/** An engine job running longer than this is given up. */
export const ENGINE_TIMEOUT_MS = 4 * 60 * 60 * 1000;
/** Hourly, at a minute no other schedule uses. */
export const RETENTION_CRON = '17 * * * *';

export interface TranscriptionWorkerDeps {
  pool: Pool;
  storage: ObjectStorage;
  engine: TranscriptionEngine;
  jobs: JobQueue;
  mailer: Mailer;
  audioRetentionDays: number;
  /** Where background failures are reported (ids and messages only, never transcript text). */
  log: { warn(obj: object, msg: string): void };
}

export interface TranscriptionJob {
  transcriptionId: string;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * The background work of transcription, on the PostgreSQL job queue: a submitted transcription is started on the
 * engine, then its job re-sends itself every pollSeconds until the engine is done; the output and summary are stored
 * with the record, which becomes COMPLETED, and the clinician is e-mailed, in one transaction. A job interrupted by a
 * restart is fetched again and resumes from the record (the engine job name says whether it was started).
 */
export function transcriptionWorker(deps: TranscriptionWorkerDeps) {
  const { pool, engine, jobs } = deps;

  /** Gives the transcription back to the clinician (AUDIO_UPLOADED) with the reason, so it can be submitted again. */
  async function fail(t: TranscriptionRow, reason: string) {
    await withTx(pool, async (client) => {
      if (!(await repo.moveStatus(client, t.id, 'AWAITING_TRANSCRIBED_OUTPUT', 'AUDIO_UPLOADED', { failureReason: reason }))) return;
      await writeHistory(client, ENGINE_ACTOR, {
        entityType: 'transcription',
        entityId: t.id,
        action: 'ENGINE_FAILED',
        fromStatus: t.status,
        toStatus: 'AUDIO_UPLOADED',
        comment: reason,
      });
    });
    deps.log.warn({ transcriptionId: t.id, reason }, 'transcription failed');
    await engine.cleanup(t.id).catch(() => undefined);
  }

  async function complete(t: TranscriptionRow) {
    const [conversation, summary] = await Promise.all([engine.output(t.id), engine.summary(t.id)]);
    await withTx(pool, async (client) => {
      if (!(await repo.completeWithOutput(client, t.id, conversation, summary, engine.summaryKind))) return;
      await writeHistory(client, ENGINE_ACTOR, {
        entityType: 'transcription',
        entityId: t.id,
        action: 'STATUS',
        fromStatus: t.status,
        toStatus: 'COMPLETED',
      });
      const bookingId = t.referenceType === 'BOOKING' ? t.referenceId : null;
      if (t.authorEmail)
        await deps.mailer.send(client, { bookingId, kind: 'TRANSCRIPTION_READY', to: t.authorEmail, ...transcriptionReadyMail(bookingId) });
    });
    await engine.cleanup(t.id).catch((err: unknown) => deps.log.warn({ transcriptionId: t.id, reason: reasonOf(err) }, 'engine cleanup failed'));
  }

  const again = (t: TranscriptionRow) => jobs.send(QUEUES.transcription.name, { transcriptionId: t.id }, { startAfterSeconds: engine.pollSeconds });

  const run: JobHandler<TranscriptionJob> = async (job) => {
    const t = await repo.findTranscription(pool, job.data.transcriptionId);
    if (!t) return;
    if (t.status === 'DISCARDED' && t.engineJobName) {
      // Discarded while the engine worked: drop its output once it is done.
      if ((await engine.status(t.engineJobName).catch(() => ({ state: 'FAILED' as const }))).state === 'IN_PROGRESS') await again(t);
      else await engine.cleanup(t.engineJobName).catch(() => undefined);
      return;
    }
    if (t.status !== 'AWAITING_TRANSCRIBED_OUTPUT') return;
    try {
      if (!t.engineJobName) {
        if (!t.audioUrl) return await fail(t, 'the audio is no longer stored');
        const key = deps.storage.keyOf(t.audioUrl);
        if (!key) return await fail(t, "the audio is not in this server's storage");
        await engine.start(t.id, { key, url: t.audioUrl });
        await repo.setEngineJob(pool, t.id, engine.kind, t.id);
      }
      const state = await engine.status(t.id);
      if (state.state === 'COMPLETED') return await complete(t);
      if (state.state === 'FAILED') return await fail(t, state.reason);
      if (t.submittedAt && Date.now() - t.submittedAt.getTime() > ENGINE_TIMEOUT_MS) return await fail(t, 'the engine took too long');
      await again(t);
    } catch (err) {
      // Missing packages, undecodable audio and the last retry are final; anything else (network) is retried by the queue.
      if (err instanceof EngineUnavailableError || engine.kind === 'local' || job.retryCount >= job.retryLimit) return await fail(t, reasonOf(err));
      throw err;
    }
  };

  /** Deletes audio past its retention period and abandoned uploads. */
  async function retention() {
    const days = deps.audioRetentionDays;
    for (const { id, audioUrl } of await repo.audioPastRetention(pool, days)) {
      const key = deps.storage.keyOf(audioUrl);
      if (key) await deps.storage.delete(key);
      await repo.clearAudio(pool, id);
    }
    for (const { id, uploadId } of await repo.staleUploads(pool, days)) {
      await deps.storage.abortMultipartUpload(repo.audioKeyOf(id), uploadId).catch(() => undefined);
      await repo.setUpload(pool, id, null, []);
    }
  }

  return {
    run,
    retention,
    async start() {
      await jobs.work<TranscriptionJob>(QUEUES.transcription.name, run);
      await jobs.work(QUEUES.transcriptionRetention.name, retention);
      await jobs.schedule(QUEUES.transcriptionRetention.name, RETENTION_CRON);
    },
  };
}
