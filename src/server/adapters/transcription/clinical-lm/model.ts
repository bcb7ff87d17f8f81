import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecogniserModel } from '../recognise';
import { buildArpa, dictionaryWords, pronunciations } from './arpa';
import { CLINICAL_CORPUS, CLINICAL_WORDS } from './corpus';
import { readTrieUnigrams, topUnigrams } from './general-unigrams';
import { withExtraPronunciations } from './pronunciations';

export interface ClinicalModelOptions {
  /** How many of the general model's most frequent words join the vocabulary. */
  generalWords?: number;
  /** The general words' share of the unigram mass. */
  generalShare?: number;
  /** Decoder settings passed to pocketsphinx. */
  tuning?: readonly string[];
}

/**
 * Settings chosen with tests/bench/transcription-accuracy.ts on the held-out sentences (README, Transcription): 5,000,
 * 10,000 or 20,000 general words, a share of 0.3 or 0.5, and -lw 6.5 (pocketsphinx's default), 8 or 10 were within
 * 1.5 points of each other, except -lw 10 (3 points worse).
 */
export const CLINICAL_DEFAULTS: Required<ClinicalModelOptions> = { generalWords: 10000, generalShare: 0.3, tuning: ['-lw', '8'] };

/**
 * The clinical language model (ARPA text) and the dictionary of its words: the corpus's trigrams, the general model's
 * most frequent words as the unigram background, pronunciations from cmudict plus the drug names it lacks.
 */
export function clinicalModelFiles(debianDict: string, generalLm: Buffer | null, opts: ClinicalModelOptions = {}) {
  const cmudict = withExtraPronunciations(debianDict);
  const known = dictionaryWords(cmudict);
  const accept = (w: string) => known.has(w);
  const background = generalLm ? topUnigrams(readTrieUnigrams(generalLm), opts.generalWords ?? CLINICAL_DEFAULTS.generalWords, accept) : undefined;
  const arpa = buildArpa(CLINICAL_CORPUS, {
    extraWords: CLINICAL_WORDS,
    accept,
    background,
    backgroundShare: opts.generalShare ?? CLINICAL_DEFAULTS.generalShare,
  });
  return { lm: arpa.text, dict: pronunciations(cmudict, arpa.vocabulary).dict, vocabulary: arpa.vocabulary };
}

const built = new Map<string, Promise<RecogniserModel>>();

/**
 * The engine's model: the acoustic model of `hmmDir` with the clinical language model and its dictionary, built once
 * per process (under a second) from the corpus and the Debian model's dictionary and general language model (beside
 * the acoustic model), into a temporary directory named by the content's hash.
 */
export function clinicalModel(hmmDir: string, opts: ClinicalModelOptions = {}): Promise<RecogniserModel> {
  const key = JSON.stringify([hmmDir, opts]);
  let model = built.get(key);
  if (!model) {
    model = (async () => {
      const root = path.dirname(hmmDir);
      const generalLm = await readFile(path.join(root, 'en-us.lm.bin')).catch(() => null);
      const files = clinicalModelFiles(await readFile(path.join(root, 'cmudict-en-us.dict'), 'utf8'), generalLm, opts);
      const hash = createHash('sha256').update(files.lm).update(files.dict).digest('hex').slice(0, 16);
      const dir = path.join(tmpdir(), `clinical-lm-${hash}`);
      const lm = path.join(dir, 'clinical.lm');
      const dict = path.join(dir, 'clinical.dict');
      if (
        !(await stat(dict).then(
          () => true,
          () => false,
        ))
      ) {
        // written beside and renamed into place: another process may be reading or building the same files
        await mkdir(dir, { recursive: true });
        const tmp = `.${process.pid}-${Date.now()}`;
        await writeFile(lm + tmp, files.lm);
        await writeFile(dict + tmp, files.dict);
        await rename(lm + tmp, lm);
        await rename(dict + tmp, dict);
      }
      return { hmm: hmmDir, lm, dict, tuning: opts.tuning ?? CLINICAL_DEFAULTS.tuning };
    })();
    model.catch(() => built.delete(key));
    built.set(key, model);
  }
  return model;
}
