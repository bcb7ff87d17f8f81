import { createTestResultSchema, newResultEntrySchema } from '../../domain/lab/lab-api';
import { optionsForEntry, repeatedTestName, RESULT_OPTIONS } from '../../domain/lab/test-panels';
import type { CreateTestResultBody, ResultEntry, ResultForm } from '../providers/labMethods';
import { zodAlert } from '../providers/zodValidate';

export const OTHER = 'Other';
/** The options of a new entry (Other is offered with a free text). */
export const NEW_ENTRY_OPTIONS = RESULT_OPTIONS.filter((o) => o !== OTHER);

/** One test entry of the Create Test Report form as edited. */
export interface EntryDraft {
  testName: string;
  /** The selected option ('' none, 'Other' for the free text). */
  choice: string;
  custom: string;
  options: string[];
  allowOther: boolean;
  newTest: boolean;
  testId: string | null;
}

/** The entry being added, below the list (a cleared text may be null). */
export interface NewEntry {
  testName: string;
  choice: string;
  custom: string;
}
export const EMPTY_NEW_ENTRY: NewEntry = { testName: '', choice: '', custom: '' };

/** The Create Test Report form's values: the entries, the entry being added and the uploaded result PDF. */
export interface ReportValues {
  entries: EntryDraft[];
  newEntry: NewEntry;
  resultFileS3Url: string | null;
  /** The name of the uploaded PDF, shown as "Uploaded: …". */
  resultFileName: string | null;
  /** The name of the chosen PDF (the file itself is the file input's). */
  chosenFileName: string | null;
}

/** An existing entry offers optionsForEntry (spec 1 §5), plus its current value so it is kept. */
export function draftOf(entry: ResultForm['entries'][number]): EntryDraft {
  const options = optionsForEntry(entry.testValue, entry.options);
  if (entry.testValue && !options.includes(entry.testValue)) options.push(entry.testValue);
  return {
    testName: entry.testName,
    choice: entry.testValue ?? '',
    custom: '',
    options,
    allowOther: false,
    newTest: !!entry.newTest,
    testId: entry.testId ?? null,
  };
}

/** The form's first values for a loaded test form (no entries while it loads). */
export const reportValuesOf = (form: ResultForm | undefined): ReportValues => ({
  entries: form ? form.entries.map(draftOf) : [],
  newEntry: EMPTY_NEW_ENTRY,
  resultFileS3Url: null,
  resultFileName: null,
  chosenFileName: null,
});

/** The value an entry submits: the selected option, or the free text for Other ('' when none). */
export const valueOf = (d: Pick<EntryDraft, 'choice' | 'custom'>) => (d.choice === OTHER ? (d.custom ?? '').trim() : (d.choice ?? ''));

/**
 * Adding an entry (spec 1 §5): a test name and a value (custom text when Other) are required, else "Enter all the
 * required values" (the domain's newResultEntrySchema); a test already in the report is refused.
 */
const checkNewEntry = zodAlert<NewEntry>(newResultEntrySchema, (e) => ({ testName: e.testName, testValue: valueOf(e) }), 'lab.enterRequiredValues');

/** The message refusing the entry being added (an i18n key, or one with its values), or null: it may be added. */
export function newEntryMessage(
  entry: NewEntry,
  existing: readonly EntryDraft[],
): string | { message: string; args: Record<string, unknown> } | null {
  const refused = checkNewEntry(entry)._;
  if (refused) return refused as string;
  const same = repeatedTestName(
    existing.map((e) => e.testName),
    entry.testName,
  );
  return same ? { message: 'lab.testAlreadyInReport', args: { testName: same } } : null;
}

/** The entry added to the report from the one being added. */
export const draftOfNew = (entry: NewEntry): EntryDraft => ({
  testName: entry.testName.trim(),
  choice: entry.choice,
  custom: (entry.custom ?? '').trim(),
  options: [...NEW_ENTRY_OPTIONS],
  allowOther: true,
  newTest: true,
  testId: null,
});

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

/** The body of POST /secure/testResult from the form's values. */
export const reportBodyOf =
  (kitId: string) =>
  (v: ReportValues): CreateTestResultBody => ({ kitId, resultData: toResultData(v.entries ?? []), resultFileS3Url: v.resultFileS3Url ?? null });

/** The report is checked before sending by the schema the server applies (createTestResultSchema), shown as one alert. */
export const reportValidator = (kitId: string) => zodAlert<ReportValues>(createTestResultSchema, reportBodyOf(kitId));
