import { S3Client } from '@aws-sdk/client-s3';
import { TranscribeClient } from '@aws-sdk/client-transcribe';
import type { ServerConfig } from '../../config';
import type { ObjectStorage } from '../object-storage/types';
import { healthScribeEngine } from './healthscribe';
import { localTranscriptionEngine } from './local';
import type { TranscriptionEngine } from './types';

export { EngineUnavailableError, type EngineJobState, type TranscriptionEngine } from './types';

/** The configured engine: HealthScribe when TRANSCRIPTION_PROVIDER is real (production default), else pocketsphinx. */
export function createTranscriptionEngine(config: Pick<ServerConfig, 'transcription'>, storage: ObjectStorage): TranscriptionEngine {
  const t = config.transcription;
  if (t?.provider === 'healthscribe') {
    return healthScribeEngine({
      region: t.region,
      dataAccessRoleArn: t.dataAccessRoleArn,
      outputBucket: t.outputBucket,
      outputKmsKeyId: t.outputKmsKeyId,
      transcribe: new TranscribeClient({ region: t.region }),
      s3: new S3Client({ region: t.region }),
    });
  }
  return localTranscriptionEngine({ storage });
}
