/** Words as the recogniser writes them: lower case, no punctuation, hyphens as spaces, apostrophes kept ("don't"). */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[-–]/g, ' ')
    .replace(/[^a-z0-9'\s]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word error rate: (substitutions + deletions + insertions) / reference words, by word-level edit distance. */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return { errors: prev[hyp.length], words: ref.length };
}

export const wordErrorRate = (reference: string, hypothesis: string) => {
  const { errors, words } = wordErrors(reference, hypothesis);
  return words === 0 ? (errors === 0 ? 0 : 1) : errors / words;
};
