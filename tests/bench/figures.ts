/** How the bench computes and writes its figures, the same in every line. */

/** Nearest-rank percentile `p` (0–100] of an ascending list; NaN when the list is empty. */
export function nearestRank(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
}

/** Milliseconds as the bench prints them: two decimals under 10 ms, one from there; '-' for a figure not measured. */
export const ms = (n: number) => (Number.isNaN(n) ? '-' : `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`);
