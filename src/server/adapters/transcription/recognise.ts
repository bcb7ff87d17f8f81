import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What pocketsphinx decodes with: the acoustic model, and the language model and dictionary when not its defaults. */
export interface RecogniserModel {
  /** The acoustic model directory (-hmm). */
  hmm: string;
  /** An ARPA or binary language model (-lm); without it pocketsphinx uses the model's general en-us.lm.bin. */
  lm?: string;
  /** The pronunciation dictionary (-dict); without it, the model's full cmudict-en-us.dict. */
  dict?: string;
  /** Extra decoder settings, e.g. ['-lw', '10']. */
  tuning?: readonly string[];
}

/** The one pocketsphinx_continuous invocation: a 16 kHz mono wav in, word timings out (see pocketsphinx-output.ts). */
export function pocketsphinxArgs(wav: string, model: RecogniserModel): string[] {
  return [
    '-infile',
    wav,
    '-hmm',
    model.hmm,
    ...(model.lm ? ['-lm', model.lm] : []),
    ...(model.dict ? ['-dict', model.dict] : []),
    ...(model.tuning ?? []),
    '-time',
    'yes',
    '-logfn',
    '/dev/null',
  ];
}

export async function recogniseWav(pocketsphinx: string, wav: string, model: RecogniserModel, timeoutMs: number): Promise<string> {
  const { stdout } = await run(pocketsphinx, pocketsphinxArgs(wav, model), { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
