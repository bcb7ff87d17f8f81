import { describe, expect, it } from 'vitest';
import { classifyResult, groupResults, isExcludedTest, needsResolutionBeforeSending } from './result-classification';

describe('classifyResult (spec 1 §4)', () => {
  it.each([
    ['Detected', null, 'POSITIVE'],
    ['POSITIVE', null, 'POSITIVE'],
    ['Reactive', null, 'POSITIVE'],
    ['reactive ', null, 'POSITIVE'],
    ['Not Detected', null, 'NEGATIVE'],
    ['not-detected', null, 'NEGATIVE'],
    ['Negative', null, 'NEGATIVE'],
    ['Non-Reactive', null, 'NEGATIVE'],
    ['Not tested', null, 'NEGATIVE'],
    ['None seen', null, 'NEGATIVE'],
    ['12.5', 'POSITIVE', 'POSITIVE'],
    ['12.5', 'NEGATIVE', 'NEGATIVE'],
    ['see note', 'OTHER', 'OTHER'],
    ['Inconclusive', null, 'INCONCLUSIVE'],
    ['', null, 'INCONCLUSIVE'],
    [null, null, 'INCONCLUSIVE'],
    ['Indeterminate', 'UNKNOWN', 'INCONCLUSIVE'],
  ])('%s / %s -> %s', (result, summaryStatus, expected) => {
    expect(classifyResult({ result, summaryStatus })).toBe(expected);
  });
});

describe('excluded herpes IgG quantitative tests', () => {
  it('recognises both, not other HSV tests', () => {
    expect(isExcludedTest('HSV-1 IgG, Type-Specific Antibody (Quantitative)')).toBe(true);
    expect(isExcludedTest('Herpes Simplex Virus 2 IgG, Quant')).toBe(true);
    expect(isExcludedTest('HSV-2 PCR')).toBe(false);
    expect(isExcludedTest('Chlamydia trachomatis')).toBe(false);
  });
  it('are left out of the grouping and of the resolution rule', () => {
    const lines = [
      { testName: 'HSV-2 IgG, Type-Specific Antibody (Quantitative)', result: '3.2' },
      { testName: 'Chlamydia', result: 'Not Detected' },
      { testName: 'Gonorrhea', result: 'Detected' },
    ];
    const g = groupResults(lines);
    expect(g.POSITIVE.map((l) => l.testName)).toEqual(['Gonorrhea']);
    expect(g.NEGATIVE.map((l) => l.testName)).toEqual(['Chlamydia']);
    expect(g.INCONCLUSIVE).toEqual([]);
    expect(needsResolutionBeforeSending(lines)).toBe(false);
    expect(needsResolutionBeforeSending([...lines, { testName: 'Syphilis', result: 'Equivocal' }])).toBe(true);
  });
});
