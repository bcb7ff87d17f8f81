import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { clinicalDocumentationSchema, conversationOutputSchema } from '../../../domain/transcription/transcription';
import { extractiveSummary } from '../../../domain/transcription/transcription-summary';
import type { ObjectStorage } from '../object-storage/types';
import { clinicalModel } from './clinical-lm/model';
import { segmentsFromPocketsphinx } from './pocketsphinx-output';
import { recogniseWav } from './recognise';
import { EngineUnavailableError, type TranscriptionEngine } from './types';

const run = promisify(execFile);

/** Debian's pocketsphinx and pocketsphinx-en-us (the US English model), and ffmpeg to decode webm. */
export const LOCAL_ENGINE_PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us', 'ffmpeg'] as const;
export const DEBIAN_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';

export interface LocalEngineOptions {
  storage: ObjectStorage;
  ffmpeg?: string;
  pocketsphinx?: string;
  modelDir?: string;
  /** Longest time one recognition may take (a long visit on a busy machine). */
  timeoutMs?: number;
  /**
   * 'clinical' (default): the clinical-conversation language model built from clinical-lm/corpus.ts over the general
   * model's frequent words; 'general': the Debian model's own general US English language model.
   */
  languageModel?: 'clinical' | 'general';
}

/** Where the local engine keeps a job's output, as HealthScribe keeps it in its output bucket. */
const outputKey = (jobName: string) => `TRANSCRIPTION_OUTPUT/${jobName}.json`;
const summaryKey = (jobName: string) => `TRANSCRIPTION_SUMMARY/${jobName}.json`;

async function onPath(command: string): Promise<boolean> {
  const dirs = command.includes('/') ? [''] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    try {
      await access(dir ? path.join(dir, command) : command, constants.X_OK);
      return true;
    } catch {
      /* not here */
    }
  }
  return false;
}

/**
 * The offline engine: ffmpeg converts the webm to 16 kHz mono wav, pocketsphinx_continuous recognises it with the
 * US English acoustic model and the clinical-conversation language model (clinical-lm/; it measured a lower word error
 * rate on held-out visit sentences than the general model: tests/bench/transcription-accuracy.ts); segments split at pauses, one participant (pocketsphinx cannot tell speakers apart); the summary
 * is the extractive draft of src/domain/transcription/transcription-summary.ts. The work runs in start() (seconds for a visit);
 * output and summary are stored in object storage like HealthScribe's output bucket.
 */
export function localTranscriptionEngine(opts: LocalEngineOptions): TranscriptionEngine {
  const ffmpeg = opts.ffmpeg ?? 'ffmpeg';
  const pocketsphinx = opts.pocketsphinx ?? 'pocketsphinx_continuous';
  const modelDir = opts.modelDir ?? DEBIAN_MODEL_DIR;
  const timeout = opts.timeoutMs ?? 30 * 60 * 1000;
  const { storage } = opts;

  async function unavailable(): Promise<string | null> {
    const missing: string[] = [];
    if (!(await onPath(pocketsphinx))) missing.push('pocketsphinx');
    if (
      !(await access(modelDir).then(
        () => true,
        () => false,
      ))
    )
      missing.push('pocketsphinx-en-us');
    if (!(await onPath(ffmpeg))) missing.push('ffmpeg');
    if (missing.length === 0) return null;
    return (
      `Local transcription needs the Debian packages ${LOCAL_ENGINE_PACKAGES.join(', ')} (missing: ${missing.join(', ')}). ` +
      `Install them with: apt-get install ${LOCAL_ENGINE_PACKAGES.join(' ')}`
    );
  }

  async function readJson(key: string): Promise<unknown> {
    const stored = await storage.get(key);
    if (!stored) throw new Error(`local engine: no ${key.split('/')[0].toLowerCase()} for this job`);
    return JSON.parse(stored.body.toString('utf8'));
  }

  return {
    kind: 'local',
    summaryKind: 'LOCAL_DRAFT',
    pollSeconds: 1,
    unavailable,
    async start(jobName, audio) {
      const missing = await unavailable();
      if (missing) throw new EngineUnavailableError(missing);
      const stored = await storage.get(audio.key);
      if (!stored) throw new Error('local engine: the audio is not in storage');
      const dir = await mkdtemp(path.join(tmpdir(), 'transcribe-'));
      try {
        const input = path.join(dir, 'audio.webm');
        const wav = path.join(dir, 'audio.wav');
        await writeFile(input, stored.body);
        await run(ffmpeg, ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-ar', '16000', '-ac', '1', '-f', 'wav', wav], { timeout });
        const model = opts.languageModel === 'general' ? { hmm: modelDir } : await clinicalModel(modelDir);
        const stdout = await recogniseWav(pocketsphinx, wav, model, timeout);
        const segments = segmentsFromPocketsphinx(stdout);
        const output = { Conversation: { TranscriptSegments: segments } };
        await storage.putAt(outputKey(jobName), Buffer.from(JSON.stringify(output)), 'application/json');
        await storage.putAt(summaryKey(jobName), Buffer.from(JSON.stringify(extractiveSummary(segments))), 'application/json');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async status(jobName) {
      // start() either stored both files or threw: the worker then records the failure itself.
      return (await storage.get(summaryKey(jobName)))
        ? { state: 'COMPLETED' }
        : { state: 'FAILED', reason: 'the local engine has no output for this job' };
    },
    async output(jobName) {
      return conversationOutputSchema.parse(await readJson(outputKey(jobName)));
    },
    async summary(jobName) {
      return clinicalDocumentationSchema.parse(await readJson(summaryKey(jobName)));
    },
    async cleanup(jobName) {
      await storage.delete(outputKey(jobName));
      await storage.delete(summaryKey(jobName));
    },
  };
}
