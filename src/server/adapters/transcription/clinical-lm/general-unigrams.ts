/**
 * The unigram probabilities of pocketsphinx's general US English model (Debian's en-us.lm.bin, sphinxbase's "Trie
 * Language Model" binary): the clinical model borrows its most frequent words and their frequencies, so everyday
 * words outside the clinical corpus stay in the vocabulary with a sensible weight.
 *
 * Layout read here: the header text, the order (one byte), the n-gram counts (uint32 each), a uint32 quantisation
 * marker, the 16-bit quantisation tables (per middle order two tables of 2^16 floats, one for the highest order), then
 * the unigrams (count + 1 records of float probability, float back-off, uint32 next index; probabilities as natural
 * logarithms of base 1.0001), the packed higher orders, and last the words as NUL-terminated strings in id order.
 */
const HEADER = 'Trie Language Model';
const LOG10_OF_BASE = Math.log10(1.0001);

export interface Unigram {
  word: string;
  log10p: number;
}

export function readTrieUnigrams(bin: Buffer): Unigram[] {
  if (bin.toString('latin1', 0, HEADER.length) !== HEADER) throw new Error('not a sphinxbase trie language model');
  let at = HEADER.length;
  const order = bin.readUInt8(at);
  at += 1;
  const count = bin.readUInt32LE(at);
  at += 4 * order;
  at += 4; // quantisation marker
  if (order > 1) at += 4 * ((order - 2) * 2 + 1) * 65536;
  const unigramsAt = at;

  // the words: the last `count` NUL-terminated strings of the file
  const words: string[] = new Array(count);
  let end = bin.length - 1; // the final NUL
  for (let i = count - 1; i >= 0; i--) {
    const start = bin.lastIndexOf(0, end - 1) + 1;
    words[i] = bin.toString('utf8', start, end);
    end = start - 1;
  }
  if (end < unigramsAt + 12 * (count + 1)) throw new Error('unexpected trie language model layout');
  return words.map((word, i) => ({ word, log10p: bin.readFloatLE(unigramsAt + 12 * i) * LOG10_OF_BASE }));
}

/** The `n` most probable words (sentence markers left out), as word → probability. */
export function topUnigrams(unigrams: readonly Unigram[], n: number, accept: (word: string) => boolean = () => true): Map<string, number> {
  const words = unigrams
    .filter((u) => !u.word.startsWith('<') && accept(u.word))
    .sort((a, b) => b.log10p - a.log10p)
    .slice(0, n);
  return new Map(words.map((u) => [u.word, 10 ** u.log10p]));
}
