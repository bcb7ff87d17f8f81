import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../src/domain/shared/headers';
import { tokenFor, type TestApi } from './helpers';

const run = promisify(execFile);
export const T = '/secure/transcribe';

/** Speech synthesised offline (Debian flite, rms voice) and encoded as the browser records it (webm/opus). */
export async function speechWebm(text: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'speech-'));
  try {
    await run('flite', ['-voice', 'rms', '-t', text, '-o', path.join(dir, 's.wav')]);
    await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', path.join(dir, 's.wav'), '-c:a', 'libopus', path.join(dir, 's.webm')]);
    return await readFile(path.join(dir, 's.webm'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Bytes that start like a webm file (EBML header with DocType webm) and are not audio. */
export const webmLookalike = (size = 64) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(Math.max(0, size - 16), 7),
  ]);

/** Sends raw audio bytes as the portal's recorder does (the api-key is derived from the path: the body is not JSON). */
export async function sendAudio(api: TestApi, method: 'PUT', url: string, as: string, body: Buffer) {
  const res = await api.app.inject({
    method,
    url,
    payload: body,
    headers: {
      authorization: `Bearer ${await tokenFor(as)}`,
      [ADDRESSEE_TYPE_HEADER]: 'C',
      [API_KEY_HEADER]: deriveApiKey(url),
      'content-type': 'audio/webm',
    },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Polls the record until its status is one of `statuses` (the background job runs on the queue), at most `ms`. */
export async function waitForStatus(api: TestApi, id: string, as: string, statuses: string[], ms = 45_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await api.call('GET', `${T}/${id}`, { as });
    if (statuses.includes(res.body.status) || Date.now() > until) return res.body;
    await new Promise((r) => setTimeout(r, 300));
  }
}
