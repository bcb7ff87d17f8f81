import type { ServerConfig } from '../../config';
import { localObjectStorage } from './local';
import { s3ObjectStorage } from './s3';
import type { ObjectStorage } from './types';

export type AppStorage = ObjectStorage & { verifySignature?: (key: string, exp: number, sig: string, name?: string, patientId?: string) => boolean };

/** The configured object storage: S3 when a bucket is set, else a local folder with server-signed URLs. */
export function createObjectStorage(config: ServerConfig): AppStorage {
  if (config.storage.kind === 's3') return s3ObjectStorage({ bucket: config.storage.bucket, region: config.storage.region });
  return localObjectStorage({ root: config.storage.root, secret: config.storage.secret, publicBaseUrl: '' });
}
