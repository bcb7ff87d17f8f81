import { NPI_NOT_FOUND } from '../i18n/en/chart-note';

/** NPI lookup by physician name (spec 2 §5): lowercased, letters only, at least 2 words each within 30 % edit distance. */
export const NPI_MIN_MATCHING_WORDS = 2;
export const NPI_MAX_DISTANCE_RATIO = 0.3;

export interface Physician {
  name: string;
  npi: string;
}

export const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z]/g, ''))
    .filter(Boolean);

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = [i];
    for (let j = 1; j <= b.length; j += 1) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

const wordsMatch = (a: string, b: string) => editDistance(a, b) <= NPI_MAX_DISTANCE_RATIO * Math.max(a.length, b.length);

/** Count of query words that match a distinct word of the candidate. */
function matchingWords(query: string[], candidate: string[]): number {
  const left = [...candidate];
  let n = 0;
  for (const w of query) {
    const i = left.findIndex((c) => wordsMatch(w, c));
    if (i >= 0) {
      n += 1;
      left.splice(i, 1);
    }
  }
  return n;
}

/** The best-matching physician, or NPI_NOT_FOUND. */
export function findNpi(name: string, physicians: readonly Physician[]): Physician | typeof NPI_NOT_FOUND {
  const q = nameWords(name);
  let best: { p: Physician; n: number } | null = null;
  for (const p of physicians) {
    const n = matchingWords(q, nameWords(p.name));
    if (n >= NPI_MIN_MATCHING_WORDS && (!best || n > best.n)) best = { p, n };
  }
  return best ? best.p : NPI_NOT_FOUND;
}
