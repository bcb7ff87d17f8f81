/**
 * Word error rate of the local (offline) recogniser on the held-out clinical sentences: each sentence is synthesised
 * with Debian's flite (several voices), converted to 16 kHz mono, and recognised with the engine's own pocketsphinx
 * invocation, once with the general US English model (the baseline) and once with the engine's clinical model.
 * Run: npx tsx tests/bench/transcription-accuracy.ts
 *   BENCH_VOICES=rms,slt        flite voices (default rms,slt,awb)
 *   BENCH_BASELINE=0            leave the baseline out
 *   BENCH_CLINICAL='[{"generalWords":20000,"tuning":["-lw","10"]}]'   clinical variants to compare (default: the engine's)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HELD_OUT_SENTENCES, FIELD_TEST_SENTENCE } from '../../src/server/adapters/transcription/clinical-lm/held-out-sentences';
import { clinicalModel, type ClinicalModelOptions } from '../../src/server/adapters/transcription/clinical-lm/model';
import { DEBIAN_MODEL_DIR } from '../../src/server/adapters/transcription/local';
import { segmentsFromPocketsphinx } from '../../src/server/adapters/transcription/pocketsphinx-output';
import { recogniseWav, type RecogniserModel } from '../../src/server/adapters/transcription/recognise';
import { wordErrors } from '../../src/server/adapters/transcription/word-error-rate';

const run = promisify(execFile);

export async function synthesiseWav(dir: string, name: string, text: string, voice: string): Promise<string> {
  const raw = path.join(dir, `${name}.raw.wav`);
  const wav = path.join(dir, `${name}.wav`);
  await run('flite', ['-voice', voice, '-t', text, '-o', raw]);
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', raw, '-ar', '16000', '-ac', '1', '-f', 'wav', wav]);
  return wav;
}

export async function transcribe(wav: string, model: RecogniserModel): Promise<string> {
  return segmentsFromPocketsphinx(await recogniseWav('pocketsphinx_continuous', wav, model, 120_000))
    .map((s) => s.Content)
    .join(' ');
}

/** Runs fn over items, two at a time (the machine has two cores). */
async function pool<T, R>(items: T[], fn: (item: T) => Promise<R>, width = 2): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

async function main() {
  const voices = (process.env.BENCH_VOICES ?? 'rms,slt,awb').split(',');
  const dir = await mkdtemp(path.join(tmpdir(), 'stt-bench-'));
  try {
    const models: Record<string, RecogniserModel> = {};
    if (process.env.BENCH_BASELINE !== '0') models.baseline = { hmm: DEBIAN_MODEL_DIR };
    const variants = JSON.parse(process.env.BENCH_CLINICAL ?? '[{}]') as ClinicalModelOptions[];
    for (const v of variants) models[`clinical${Object.keys(v).length ? ` ${JSON.stringify(v)}` : ''}`] = await clinicalModel(DEBIAN_MODEL_DIR, v);
    const cases = voices.flatMap((voice) => HELD_OUT_SENTENCES.map((text, i) => ({ voice, text, name: `${voice}-${i}` })));
    const wavs = await pool(cases, (c) => synthesiseWav(dir, c.name, c.text, c.voice));
    const totals: Record<string, { errors: number; words: number; field: { errors: number; words: number } }> = {};
    for (const [name, model] of Object.entries(models)) {
      const hyps = await pool(
        cases.map((c, i) => ({ c, wav: wavs[i] })),
        ({ wav }) => transcribe(wav, model),
      );
      const total = { errors: 0, words: 0, field: { errors: 0, words: 0 } };
      console.log(`\n== ${name} ==`);
      cases.forEach((c, i) => {
        const e = wordErrors(c.text, hyps[i]);
        total.errors += e.errors;
        total.words += e.words;
        if (c.text === FIELD_TEST_SENTENCE) {
          total.field.errors += e.errors;
          total.field.words += e.words;
        }
        console.log(`${((100 * e.errors) / e.words).toFixed(0).padStart(4)}%  [${c.voice}] ${c.text}\n        -> ${hyps[i]}`);
      });
      totals[name] = total;
    }
    console.log('\nmodel       overall WER   field-test sentence WER');
    for (const [name, t] of Object.entries(totals)) {
      console.log(
        `${name.padEnd(12)}  ${((100 * t.errors) / t.words).toFixed(1).padStart(6)}%  (${t.errors}/${t.words})   ` +
          `${((100 * t.field.errors) / t.field.words).toFixed(1)}% (${t.field.errors}/${t.field.words})`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
