import { normaliseWords } from '../word-error-rate';

/**
 * A back-off n-gram language model in the ARPA text format pocketsphinx reads with -lm, built from a small corpus.
 * Estimation: absolute discounting with Katz-style back-off. Each seen n-gram keeps (count - D) / count(history); the
 * mass taken off goes, through the history's back-off weight, to the lower order, so word sequences the corpus never
 * had still decode. Unigrams mix the corpus's frequencies with a general word distribution (the background: everyday
 * words keep their weight) and a uniform share, so every vocabulary word (the extra words too) can be recognised.
 */
export interface ArpaOptions {
  /** Highest n-gram order (3: trigrams). */
  order?: number;
  /** Absolute discount taken from each seen n-gram count (0 < D < 1). */
  discount?: number;
  /** Share of the unigram mass spread evenly over the vocabulary. */
  uniformShare?: number;
  /** Words the model must know though the corpus never uses them in a sentence. */
  extraWords?: readonly string[];
  /** A general word distribution (word → probability) mixed into the unigrams: its words join the vocabulary. */
  background?: ReadonlyMap<string, number>;
  /** The background's share of the unigram mass. */
  backgroundShare?: number;
  /** Only words this accepts enter the model (e.g. those the pronunciation dictionary has). */
  accept?: (word: string) => boolean;
}

export interface ArpaModel {
  text: string;
  vocabulary: string[];
  counts: number[];
}

const BOS = '<s>';
const EOS = '</s>';

/** The corpus's sentences as word lists: an entry is cut at . ? ! and each sentence is normalised. */
export function corpusSentences(corpus: readonly string[]): string[][] {
  return corpus
    .flatMap((entry) => entry.split(/[.?!]+/))
    .map(normaliseWords)
    .filter((w) => w.length > 0);
}

const log10 = (p: number) => (p > 0 ? Math.log10(p) : -99);
const fmt = (x: number) => x.toFixed(6);

export function buildArpa(corpus: readonly string[], opts: ArpaOptions = {}): ArpaModel {
  const order = opts.order ?? 3;
  const D = opts.discount ?? 0.7;
  const uniform = opts.uniformShare ?? 0.05;
  const accept = opts.accept ?? (() => true);
  // A sentence with a word the decoder cannot say is left out whole: cutting the word would teach false n-grams.
  const sentences = corpusSentences(corpus).filter((s) => s.every(accept));

  // counts[k] holds the (k+1)-grams, keyed by their words joined with a space
  const counts: Map<string, number>[] = Array.from({ length: order }, () => new Map());
  for (const s of sentences) {
    const toks = [BOS, ...s, EOS];
    for (let k = 1; k <= order; k++) {
      for (let i = 0; i + k <= toks.length; i++) {
        const gram = toks.slice(i, i + k);
        if (k === 1 && gram[0] === BOS) continue;
        const key = gram.join(' ');
        counts[k - 1].set(key, (counts[k - 1].get(key) ?? 0) + 1);
      }
    }
  }
  const extra = (opts.extraWords ?? []).map((w) => w.toLowerCase()).filter(accept);
  const background = new Map([...(opts.background ?? new Map<string, number>())].filter(([w]) => w !== EOS && accept(w)));
  const backgroundTotal = [...background.values()].reduce((a, b) => a + b, 0);
  const bgShare = backgroundTotal > 0 ? (opts.backgroundShare ?? 0.3) : 0;
  const vocab = [...new Set([...counts[0].keys(), ...extra, ...background.keys()])].filter((w) => w !== EOS).sort();

  const prob: Map<string, number>[] = Array.from({ length: order }, () => new Map());
  const bow: Map<string, number>[] = Array.from({ length: order }, () => new Map());

  // unigrams: the corpus's maximum likelihood, mixed with the background and a uniform share over vocabulary and </s>
  const tokens = [...counts[0].values()].reduce((a, b) => a + b, 0);
  const size = vocab.length + 1;
  for (const w of [...vocab, EOS]) {
    const bg = bgShare > 0 ? (background.get(w) ?? 0) / backgroundTotal : 0;
    prob[0].set(w, ((1 - uniform - bgShare) * (counts[0].get(w) ?? 0)) / tokens + bgShare * bg + uniform / size);
  }

  /** p(words[last] | words[..last]) with back-off through the weights computed so far. */
  const p = (words: string[]): number => {
    const k = words.length;
    const explicit = prob[k - 1].get(words.join(' '));
    if (explicit !== undefined) return explicit;
    if (k === 1) return 0;
    return (bow[k - 2].get(words.slice(0, -1).join(' ')) ?? 1) * p(words.slice(1));
  };

  for (let k = 2; k <= order; k++) {
    const historyTotal = new Map<string, number>();
    const followers = new Map<string, string[]>();
    for (const [key, c] of counts[k - 1]) {
      const h = key.slice(0, key.lastIndexOf(' '));
      historyTotal.set(h, (historyTotal.get(h) ?? 0) + c);
      (followers.get(h) ?? followers.set(h, []).get(h)!).push(key);
    }
    for (const [key, c] of counts[k - 1]) {
      const h = key.slice(0, key.lastIndexOf(' '));
      prob[k - 1].set(key, (c - D) / historyTotal.get(h)!);
    }
    // back-off weight of each history: the discounted mass over the lower order's mass of the unseen followers
    for (const [h, keys] of followers) {
      let seen = 0;
      let lower = 0;
      for (const key of keys) {
        seen += prob[k - 1].get(key)!;
        lower += p(key.split(' ').slice(1));
      }
      bow[k - 2].set(h, (1 - seen) / Math.max(1e-9, 1 - lower));
    }
  }

  const sizes = [vocab.length + 2, ...counts.slice(1).map((m) => m.size)];
  const lines = ['\\data\\', ...sizes.map((n, i) => `ngram ${i + 1}=${n}`), ''];
  for (let k = 1; k <= order; k++) {
    lines.push(`\\${k}-grams:`);
    const keys = k === 1 ? [BOS, EOS, ...vocab] : [...prob[k - 1].keys()].sort();
    for (const key of keys) {
      const lp = key === BOS ? -99 : log10(prob[k - 1].get(key)!);
      const b = k < order ? bow[k - 1].get(key) : undefined;
      lines.push(b === undefined ? `${fmt(lp)} ${key}` : `${fmt(lp)} ${key} ${fmt(Math.log10(b))}`);
    }
    lines.push('');
  }
  lines.push('\\end\\', '');
  return { text: lines.join('\n'), vocabulary: vocab, counts: sizes };
}

/** The pronunciations of `words` from a cmudict-format dictionary ("word PH ..." and "word(2) PH ..." lines). */
export function pronunciations(dictText: string, words: Iterable<string>): { dict: string; missing: string[] } {
  const wanted = new Set(words);
  const found = new Set<string>();
  const out: string[] = [];
  for (const line of dictText.split('\n')) {
    const head = line.slice(0, line.indexOf(' '));
    const word = head.replace(/\(\d+\)$/, '');
    if (head && wanted.has(word)) {
      out.push(line.trim());
      found.add(word);
    }
  }
  return { dict: `${out.join('\n')}\n`, missing: [...wanted].filter((w) => !found.has(w)) };
}

/** The words of a cmudict-format dictionary. */
export function dictionaryWords(dictText: string): Set<string> {
  const set = new Set<string>();
  for (const line of dictText.split('\n')) {
    const sp = line.indexOf(' ');
    if (sp > 0) set.add(line.slice(0, sp).replace(/\(\d+\)$/, ''));
  }
  return set;
}
