import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localObjectStorage } from './local';
import { s3ObjectStorage } from './s3';
import { MIN_PART_BYTES } from './types';

const KEY = 'TRANSCRIPTION_AUDIO/0b7e9c1e-3f3a-4a51-9d0e-6f0d2b9b8a11.webm';
const OTHER = 'TRANSCRIPTION_AUDIO/1b7e9c1e-3f3a-4a51-9d0e-6f0d2b9b8a11.webm';
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'multipart-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
const local = () => localObjectStorage({ root, secret: 's', publicBaseUrl: '' });

describe('local object storage: multipart upload like S3', () => {
  it('joins the parts in order into the object under the chosen key and cleans up', async () => {
    const s = local();
    const id = await s.createMultipartUpload(KEY, 'audio/webm');
    const first = Buffer.alloc(MIN_PART_BYTES, 1);
    const last = Buffer.from('tail');
    const e1 = await s.uploadPart(KEY, id, 1, first);
    const e2 = await s.uploadPart(KEY, id, 2, last);
    expect(
      await s.completeMultipartUpload(KEY, id, [
        { partNumber: 1, etag: e1 },
        { partNumber: 2, etag: e2 },
      ]),
    ).toEqual({ key: KEY, url: `local://${KEY}` });
    const stored = await s.get(KEY);
    expect(stored?.contentType).toBe('audio/webm');
    expect(stored?.body.length).toBe(MIN_PART_BYTES + 4);
    expect(stored?.body.subarray(-4).toString()).toBe('tail');
    expect(await readdir(path.join(root, '.multipart'))).toEqual([]);
  });

  it("refuses a part under 5 MiB that is not the last (S3's EntityTooSmall), a wrong ETag and another key's upload", async () => {
    const s = local();
    const id = await s.createMultipartUpload(KEY, 'audio/webm');
    const e1 = await s.uploadPart(KEY, id, 1, Buffer.from('small'));
    const e2 = await s.uploadPart(KEY, id, 2, Buffer.from('last'));
    await expect(
      s.completeMultipartUpload(KEY, id, [
        { partNumber: 1, etag: e1 },
        { partNumber: 2, etag: e2 },
      ]),
    ).rejects.toThrow(/EntityTooSmall/);
    await expect(s.completeMultipartUpload(KEY, id, [{ partNumber: 1, etag: '"x"' }])).rejects.toThrow(/ETag/);
    await expect(s.uploadPart(OTHER, id, 3, Buffer.from('x'))).rejects.toThrow(/NoSuchUpload/);
    await expect(s.uploadPart(KEY, '../../etc', 1, Buffer.from('x'))).rejects.toThrow(/upload id/);
    // a single small part is a valid (last) part
    expect((await s.completeMultipartUpload(KEY, id, [{ partNumber: 2, etag: e2 }])).key).toBe(KEY);
  });

  it('abort drops the parts; the upload id is then unknown', async () => {
    const s = local();
    const id = await s.createMultipartUpload(OTHER, 'audio/webm');
    await s.uploadPart(OTHER, id, 1, Buffer.from('x'));
    await s.abortMultipartUpload(OTHER, id);
    await expect(s.uploadPart(OTHER, id, 2, Buffer.from('y'))).rejects.toThrow(/NoSuchUpload/);
    expect(await s.get(OTHER)).toBeNull();
  });
});

describe('S3 object storage: multipart commands', () => {
  it('sends create, part, complete and abort with the bucket, key and encryption', async () => {
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const client = {
      send: async (cmd: { constructor: { name: string }; input: Record<string, unknown> }) => {
        sent.push({ name: cmd.constructor.name, input: cmd.input });
        return { UploadId: 'up-1', ETag: '"e1"' };
      },
    };
    const s = s3ObjectStorage({ bucket: 'phi', region: 'us-east-1', client: client as never });
    expect(await s.createMultipartUpload(KEY, 'audio/webm')).toBe('up-1');
    expect(await s.uploadPart(KEY, 'up-1', 1, Buffer.from('a'))).toBe('"e1"');
    expect(await s.completeMultipartUpload(KEY, 'up-1', [{ partNumber: 1, etag: '"e1"' }])).toEqual({ key: KEY, url: `s3://phi/${KEY}` });
    await s.abortMultipartUpload(KEY, 'up-1');
    expect(sent.map((c) => c.name)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
      'AbortMultipartUploadCommand',
    ]);
    expect(sent[0].input).toMatchObject({ Bucket: 'phi', Key: KEY, ContentType: 'audio/webm', ServerSideEncryption: 'AES256' });
    expect(sent[2].input).toMatchObject({ UploadId: 'up-1', MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"e1"' }] } });
  });
});
