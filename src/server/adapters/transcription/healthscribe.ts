import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  DeleteMedicalScribeJobCommand,
  GetMedicalScribeJobCommand,
  StartMedicalScribeJobCommand,
  type TranscribeClient,
} from '@aws-sdk/client-transcribe';
import { clinicalDocumentationSchema, conversationOutputSchema } from '../../../domain/transcription/transcription';
import type { TranscriptionEngine } from './types';

export interface HealthScribeOptions {
  region: string;
  /** The IAM role HealthScribe assumes to read the audio and write its output (required in production). */
  dataAccessRoleArn: string;
  outputBucket: string;
  /** KMS key for the output, when the bucket requires one. */
  outputKmsKeyId?: string;
  transcribe: Pick<TranscribeClient, 'send'>;
  s3: Pick<S3Client, 'send'>;
}

/** Bucket and key of an S3 location: s3://bucket/key, path-style or virtual-hosted https URLs (HealthScribe answers path-style). */
export function s3Location(uri: string): { bucket: string; key: string } {
  const s3 = /^s3:\/\/([^/]+)\/(.+)$/.exec(uri);
  if (s3) return { bucket: s3[1], key: s3[2] };
  const url = new URL(uri);
  const hosted = /^(.+)\.s3[.-]([a-z0-9-]+\.)?amazonaws\.com$/.exec(url.hostname);
  const pathParts = url.pathname.replace(/^\//, '').split('/').map(decodeURIComponent);
  if (hosted) return { bucket: hosted[1], key: pathParts.join('/') };
  if (/^s3[.-]([a-z0-9-]+\.)?amazonaws\.com$/.test(url.hostname) && pathParts.length > 1) {
    return { bucket: pathParts[0], key: pathParts.slice(1).join('/') };
  }
  throw new Error('not an S3 location');
}

const isConflict = (err: unknown) => err instanceof Error && err.name === 'ConflictException';

/**
 * AWS HealthScribe (StartMedicalScribeJob / GetMedicalScribeJob of Amazon Transcribe): the audio is read from S3
 * with the data-access role, the transcript and the clinical documentation are written to the output bucket and
 * read back here, validated against the spec's shapes (the schemas strip everything else).
 */
export function healthScribeEngine(opts: HealthScribeOptions): TranscriptionEngine {
  const job = async (jobName: string) => {
    const out = await opts.transcribe.send(new GetMedicalScribeJobCommand({ MedicalScribeJobName: jobName }));
    if (!out.MedicalScribeJob) throw new Error('HealthScribe answered no job');
    return out.MedicalScribeJob;
  };
  const readJson = async (uri: string | undefined) => {
    if (!uri) throw new Error('HealthScribe answered no output location');
    const { bucket, key } = s3Location(uri);
    const out = await opts.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const text = await out.Body?.transformToString('utf-8');
    if (!text) throw new Error('HealthScribe output is empty');
    return JSON.parse(text) as unknown;
  };

  return {
    kind: 'healthscribe',
    summaryKind: 'HEALTHSCRIBE',
    pollSeconds: 30,
    async unavailable() {
      return null;
    },
    async start(jobName, audio) {
      if (!audio.url.startsWith('s3://')) throw new Error('HealthScribe reads the audio from S3 only');
      try {
        await opts.transcribe.send(
          new StartMedicalScribeJobCommand({
            MedicalScribeJobName: jobName,
            Media: { MediaFileUri: audio.url },
            OutputBucketName: opts.outputBucket,
            OutputEncryptionKMSKeyId: opts.outputKmsKeyId,
            DataAccessRoleArn: opts.dataAccessRoleArn,
            // One microphone: HealthScribe tells the two speakers apart by their voices.
            Settings: { ShowSpeakerLabels: true, MaxSpeakerLabels: 2 },
          }),
        );
      } catch (err) {
        // A retried start after a crash: the job already runs under this name.
        if (!isConflict(err)) throw err;
      }
    },
    async status(jobName) {
      const j = await job(jobName);
      switch (j.MedicalScribeJobStatus) {
        case 'COMPLETED':
          return { state: 'COMPLETED' };
        case 'FAILED':
          return { state: 'FAILED', reason: j.FailureReason ?? 'HealthScribe job failed' };
        default:
          return { state: 'IN_PROGRESS' };
      }
    },
    async output(jobName) {
      return conversationOutputSchema.parse(await readJson((await job(jobName)).MedicalScribeOutput?.TranscriptFileUri));
    },
    async summary(jobName) {
      return clinicalDocumentationSchema.parse(await readJson((await job(jobName)).MedicalScribeOutput?.ClinicalDocumentUri));
    },
    async cleanup(jobName) {
      const j = await job(jobName).catch(() => null);
      for (const uri of [j?.MedicalScribeOutput?.TranscriptFileUri, j?.MedicalScribeOutput?.ClinicalDocumentUri]) {
        if (!uri) continue;
        const { bucket, key } = s3Location(uri);
        await opts.s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      }
      if (j) await opts.transcribe.send(new DeleteMedicalScribeJobCommand({ MedicalScribeJobName: jobName }));
    },
  };
}
