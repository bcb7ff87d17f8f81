/** Result classes (spec 1 §3) and the classification rule (spec 1 §4). */
export const RESULT_CLASSES = ['POSITIVE', 'NEGATIVE', 'INCONCLUSIVE', 'OTHER'] as const;
export type ResultClass = (typeof RESULT_CLASSES)[number];

export interface ResultLine {
  testName: string;
  result: string | null;
  units?: string | null;
  summaryStatus?: string | null;
}

const normalise = (v: string | null | undefined) => (v ?? '').toLowerCase().replace(/[^a-z]/g, '');

const POSITIVE = new Set(['detected', 'positive', 'reactive']);
const NEGATIVE = new Set(['notdetected', 'negative', 'nonreactive', 'nottested', 'noneseen', 'notseen', 'nonedetected', 'undetected', 'nonreactiv']);

/** The two herpes simplex IgG quantitative tests are left out of the result grouping. */
export const EXCLUDED_TESTS = ['HSV-1 IgG, Type-Specific Antibody (Quantitative)', 'HSV-2 IgG, Type-Specific Antibody (Quantitative)'] as const;

export function isExcludedTest(testName: string): boolean {
  const n = normalise(testName);
  const herpes = n.includes('hsv') || n.includes('herpessimplex');
  return herpes && n.includes('igg') && (n.includes('quant') || EXCLUDED_TESTS.some((t) => normalise(t) === n));
}

export function classifyResult(line: Pick<ResultLine, 'result' | 'summaryStatus'>): ResultClass {
  const value = normalise(line.result);
  const summary = (line.summaryStatus ?? '').toUpperCase();
  if (POSITIVE.has(value) || summary === 'POSITIVE') return 'POSITIVE';
  if (NEGATIVE.has(value) || summary === 'NEGATIVE') return 'NEGATIVE';
  if (summary === 'OTHER') return 'OTHER';
  return 'INCONCLUSIVE';
}

/** Groups result lines by class, leaving out the excluded tests. */
export function groupResults<T extends ResultLine>(lines: readonly T[]): Record<ResultClass, T[]> {
  const groups: Record<ResultClass, T[]> = { POSITIVE: [], NEGATIVE: [], INCONCLUSIVE: [], OTHER: [] };
  for (const line of lines) if (!isExcludedTest(line.testName)) groups[classifyResult(line)].push(line);
  return groups;
}

/** Send results first shows the rejected-results notice when any grouped result is neither positive nor negative. */
export function needsResolutionBeforeSending(lines: readonly ResultLine[]): boolean {
  const g = groupResults(lines);
  return g.INCONCLUSIVE.length > 0 || g.OTHER.length > 0;
}
