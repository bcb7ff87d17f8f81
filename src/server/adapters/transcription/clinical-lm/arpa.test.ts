import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordErrorRate, wordErrors } from '../word-error-rate';
import { buildArpa, corpusSentences, dictionaryWords, pronunciations } from './arpa';
import { CLINICAL_CORPUS, CLINICAL_WORDS } from './corpus';
import { readTrieUnigrams, topUnigrams } from './general-unigrams';
import { HELD_OUT_SENTENCES } from './held-out-sentences';
import { clinicalModelFiles } from './model';

/** Reads an ARPA text back: log10 probabilities and back-off weights per n-gram. */
function parseArpa(text: string) {
  const prob = new Map<string, number>();
  const bow = new Map<string, number>();
  let order = 0;
  for (const line of text.split('\n')) {
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) {
      order = Number(section[1]);
      continue;
    }
    if (!order || !line.trim() || line.startsWith('\\')) continue;
    const parts = line.split(' ');
    const key = parts.slice(1, 1 + order).join(' ');
    prob.set(key, Number(parts[0]));
    if (parts.length > 1 + order) bow.set(key, Number(parts[1 + order]));
  }
  const p = (words: string[]): number => {
    const explicit = prob.get(words.join(' '));
    if (explicit !== undefined) return 10 ** explicit;
    if (words.length === 1) return 0;
    return 10 ** (bow.get(words.slice(0, -1).join(' ')) ?? 0) * p(words.slice(1));
  };
  return { prob, bow, p };
}

const CORPUS = ['No known allergies.', 'No fever. Fever for three days.', 'Follow up in one week', 'No cough for one week!'];

describe('ARPA language model builder', () => {
  it('writes the ARPA sections with their counts, <s> and </s>, and the corpus n-grams', () => {
    const model = buildArpa(CORPUS, { order: 3 });
    const lines = model.text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['\\data\\', `ngram 1=${model.counts[0]}`, `ngram 2=${model.counts[1]}`, `ngram 3=${model.counts[2]}`]);
    expect(lines.at(-2)).toBe('\\end\\');
    const { prob } = parseArpa(model.text);
    expect(prob.get('<s>')).toBe(-99);
    expect(prob.has('no known allergies')).toBe(true);
    expect(prob.has('<s> no known')).toBe(true);
    expect(prob.has('fever </s>')).toBe(true);
    expect(model.vocabulary).toEqual(['allergies', 'cough', 'days', 'fever', 'follow', 'for', 'in', 'known', 'no', 'one', 'three', 'up', 'week']);
  });

  it('is a proper distribution: after any history, the probabilities of all words and </s> sum to one', () => {
    const model = buildArpa(CORPUS, { order: 3, extraWords: ['rash'] });
    const { p } = parseArpa(model.text);
    const next = [...model.vocabulary, '</s>'];
    for (const history of [[], ['no'], ['<s>'], ['<s>', 'no'], ['no', 'known'], ['for', 'one'], ['rash'], ['week', 'fever']]) {
      const total = next.reduce((sum, w) => sum + p([...history, w]), 0);
      expect(total, history.join(' ')).toBeCloseTo(1, 4);
    }
    // a seen continuation keeps its count less the discount (1 - 0.7 of 1); unseen ones still decode through the back-off
    expect(p(['no', 'known', 'allergies'])).toBeCloseTo(0.3, 6);
    expect(p(['no', 'known', 'rash'])).toBeGreaterThan(0);
    expect(p(['no', 'known', 'rash'])).toBeLessThan(p(['no', 'known', 'allergies']) / 10);
  });

  it('mixes a background word distribution into the unigrams and leaves out sentences with unsayable words', () => {
    const model = buildArpa(['no fever', 'no zzyzx today'], {
      background: new Map([
        ['the', 0.6],
        ['weather', 0.4],
      ]),
      backgroundShare: 0.5,
      accept: (w) => w !== 'zzyzx',
    });
    expect(model.vocabulary).toEqual(['fever', 'no', 'the', 'weather']);
    // p(w) = 0.45 * corpus frequency (no, fever, </s>: a third each) + 0.5 * background + 0.05 / 5 (4 words and </s>)
    const { p } = parseArpa(model.text);
    expect(p(['the'])).toBeCloseTo(0.5 * 0.6 + 0.01, 5);
    expect(p(['weather'])).toBeCloseTo(0.5 * 0.4 + 0.01, 5);
    expect(p(['no'])).toBeCloseTo(0.45 / 3 + 0.01, 5);
  });

  it('takes the pronunciations, variants included, from a cmudict-format dictionary and names the missing words', () => {
    const dict = 'a AH\na(2) EY\nallergies AE L ER JH IY Z\nfever F IY V ER\n';
    expect(pronunciations(dict, ['a', 'fever', 'metformin'])).toEqual({ dict: 'a AH\na(2) EY\nfever F IY V ER\n', missing: ['metformin'] });
    expect([...dictionaryWords(dict)]).toEqual(['a', 'allergies', 'fever']);
  });
});

describe('the clinical corpus and its held-out test set', () => {
  it('no held-out sentence, nor any sentence of one, is in the corpus', () => {
    const corpus = corpusSentences(CLINICAL_CORPUS).map((s) => s.join(' '));
    for (const heldOut of corpusSentences(HELD_OUT_SENTENCES).map((s) => s.join(' '))) {
      expect(
        corpus.filter((c) => c.includes(heldOut)),
        heldOut,
      ).toEqual([]);
    }
    expect(HELD_OUT_SENTENCES.length).toBeGreaterThanOrEqual(20);
  });

  it.runIf(existsSync('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict'))(
    'every word of the corpus has a pronunciation, so no sentence is dropped; the general words join the vocabulary',
    () => {
      const root = '/usr/share/pocketsphinx/model/en-us';
      const files = clinicalModelFiles(readFileSync(`${root}/cmudict-en-us.dict`, 'utf8'), readFileSync(`${root}/en-us.lm.bin`));
      const vocabulary = new Set(files.vocabulary);
      expect([...new Set([...corpusSentences(CLINICAL_CORPUS).flat(), ...CLINICAL_WORDS])].filter((w) => !vocabulary.has(w))).toEqual([]);
      expect(['metformin', 'allergies', 'the', 'weather'].filter((w) => !vocabulary.has(w))).toEqual([]);
      expect(files.dict).toMatch(/^metformin M EH T F AO R M IH N$/m);
      const dictWords = new Set(
        files.dict
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split(' ')[0].replace(/\(\d+\)$/, '')),
      );
      expect(dictWords).toEqual(vocabulary);
    },
  );

  it.runIf(existsSync('/usr/share/pocketsphinx/model/en-us/en-us.lm.bin'))("reads the general model's unigrams from its binary file", () => {
    const unigrams = readTrieUnigrams(readFileSync('/usr/share/pocketsphinx/model/en-us/en-us.lm.bin'));
    expect(unigrams.reduce((sum, u) => sum + 10 ** u.log10p, 0)).toBeCloseTo(1, 3);
    expect([...topUnigrams(unigrams, 3).keys()]).toEqual(['the', 'to', 'i']);
  });
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions over the reference words, ignoring case and punctuation', () => {
    expect(wordErrors('No known allergies.', 'my oldest known allergies blimp')).toEqual({ errors: 3, words: 3 });
    expect(wordErrorRate('Plan: follow-up in one week.', 'plan follow up in one week')).toBe(0);
    expect(wordErrorRate('mild fever for three days', 'fever for three days')).toBe(0.2);
  });
});
