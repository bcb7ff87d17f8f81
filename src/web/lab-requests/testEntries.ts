import { optionsForEntry, RESULT_OPTIONS } from '../../domain/test-panels';
import type { ResultEntry, ResultForm } from '../providers/labMethods';

export const OTHER = 'Other';
/** The options of a new entry (Other is offered with a free text). */
export const NEW_ENTRY_OPTIONS = RESULT_OPTIONS.filter((o) => o !== OTHER);

/** One test entry of the Create Test Report form as edited. */
export interface EntryDraft {
  key: string;
  testName: string;
  /** The selected option ('' none, 'Other' for the free text). */
  choice: string;
  custom: string;
  options: string[];
  allowOther: boolean;
  newTest: boolean;
  testId: string | null;
}

/** An existing entry offers optionsForEntry (spec 1 §5), plus its current value so it is kept. */
export function draftOf(entry: ResultForm['entries'][number], index: number): EntryDraft {
  const options = optionsForEntry(entry.testValue, entry.options);
  if (entry.testValue && !options.includes(entry.testValue)) options.push(entry.testValue);
  return {
    key: `e${index}`,
    testName: entry.testName,
    choice: entry.testValue ?? '',
    custom: '',
    options,
    allowOther: false,
    newTest: !!entry.newTest,
    testId: entry.testId ?? null,
  };
}

/** The value an entry submits: the selected option, or the free text for Other ('' when none). */
export const valueOf = (d: Pick<EntryDraft, 'choice' | 'custom'>) => (d.choice === OTHER ? d.custom.trim() : d.choice);

/** A new entry needs a test name and a value (custom text when Other), else "Enter all the required values". */
export const isCompleteNewEntry = (d: Pick<EntryDraft, 'testName' | 'choice' | 'custom'>) => !!d.testName.trim() && !!valueOf(d);

/** resultData of POST /secure/testResult: entries lacking a value are submitted with an empty value. */
export function toResultData(drafts: EntryDraft[]): ResultEntry[] {
  return drafts.map((d) => ({
    testName: d.testName.trim(),
    testValue: valueOf(d),
    newTest: d.newTest,
    testId: d.testId,
    options: d.allowOther ? [...RESULT_OPTIONS] : d.options,
  }));
}
