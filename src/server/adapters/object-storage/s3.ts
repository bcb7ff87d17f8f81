import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { KEY_PATTERN, type ObjectStorage } from './types';

/** S3 object storage (production): private bucket, presigned GET URLs, server-side encryption. */
export function s3ObjectStorage(opts: { bucket: string; region: string; prefix?: string; client?: S3Client }): ObjectStorage {
  const client = opts.client ?? new S3Client({ region: opts.region });
  const prefix = opts.prefix ?? '';
  const fullKey = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid object key');
    return `${prefix}${key}`;
  };
  const urlOf = (key: string) => `s3://${opts.bucket}/${prefix}${key}`;
  return {
    async put(category, body, contentType, extension) {
      const key = `${category}/${randomUUID()}.${extension}`;
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: fullKey(key),
          Body: body,
          ContentType: contentType,
          ServerSideEncryption: 'AES256',
        }),
      );
      return { key, url: urlOf(key) };
    },
    async putAt(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: fullKey(key),
          Body: body,
          ContentType: contentType,
          ServerSideEncryption: 'AES256',
        }),
      );
      return { key, url: urlOf(key) };
    },
    async createMultipartUpload(key, contentType) {
      const out = await client.send(
        new CreateMultipartUploadCommand({
          Bucket: opts.bucket,
          Key: fullKey(key),
          ContentType: contentType,
          ServerSideEncryption: 'AES256',
        }),
      );
      if (!out.UploadId) throw new Error('S3 answered no UploadId');
      return out.UploadId;
    },
    async uploadPart(key, uploadId, partNumber, body) {
      const out = await client.send(
        new UploadPartCommand({ Bucket: opts.bucket, Key: fullKey(key), UploadId: uploadId, PartNumber: partNumber, Body: body }),
      );
      if (!out.ETag) throw new Error('S3 answered no ETag');
      return out.ETag;
    },
    async completeMultipartUpload(key, uploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: opts.bucket,
          Key: fullKey(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
      return { key, url: urlOf(key) };
    },
    async abortMultipartUpload(key, uploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket: opts.bucket, Key: fullKey(key), UploadId: uploadId }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: fullKey(key) }));
        const bytes = await out.Body?.transformToByteArray();
        return bytes ? { body: Buffer.from(bytes), contentType: out.ContentType ?? 'application/octet-stream' } : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: fullKey(key) }));
    },
    // S3 serves the bytes itself: the presign is audited with the patient id; the fetch is in S3's access logs.
    async presignedGetUrl(key, expiresInSeconds, downloadName) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: opts.bucket,
          Key: fullKey(key),
          ResponseContentDisposition: downloadName ? `attachment; filename="${downloadName.replace(/[^\w.-]/g, '_')}"` : undefined,
        }),
        { expiresIn: expiresInSeconds },
      );
    },
    keyOf(url) {
      const head = `s3://${opts.bucket}/${prefix}`;
      const key = url.startsWith(head) ? url.slice(head.length) : null;
      return key && KEY_PATTERN.test(key) ? key : null;
    },
  };
}
