import { Alert, CircularProgress, Divider, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import { TOAST_MS } from '../../domain/shared/constants';
import type { LabRecord } from '../shared/lab/labRow';
import { causeOf, useLabAction } from '../shared/lab/useLabAction';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import type { CreateTestResultBody, ResultForm } from '../providers/labMethods';
import { FormDialog } from '../shared/FormDialog';
import { FormErrorAlert } from '../shared/FormErrorAlert';
import { NewTestEntryForm } from './NewTestEntryForm';
import { ResultFileUpload } from './ResultFileUpload';
import { reportBodyOf, reportValidator, reportValuesOf, type ReportValues } from './testEntries';
import { TestEntryRow } from './TestEntryRow';

/** The loaded test form's fields: the entries (a field array), the entry being added and the result PDF. */
const ReportFields = ({ form, kitId, busy, failure }: { form: ResultForm; kitId: string; busy: boolean; failure: string | null }) => {
  const translate = useTranslate();
  const { fields, append } = useFieldArray<ReportValues, 'entries'>({ name: 'entries' });
  return (
    <>
      <Typography color="text.secondary">
        {form.productName} · {form.labName}
      </Typography>
      {fields.map((entry, index) => (
        <TestEntryRow key={entry.id} entry={entry} index={index} />
      ))}
      <Divider />
      <NewTestEntryForm onAdd={append} disabled={busy} />
      <Divider />
      <Typography variant="subtitle2">{translate('lab.resultFile')}</Typography>
      <ResultFileUpload kitId={kitId} disabled={busy} />
      <FormErrorAlert />
      {failure !== null && (
        <Alert severity="error" role="alert">
          {translate('lab.errorCreatingTest')}
          {failure ? `: ${failure}` : ''}
        </Alert>
      )}
    </>
  );
};

/**
 * Create Test Report (spec 1 §5): the kit's test form (or "Error fetching test information."), each entry
 * with its result, new entries, an optional result PDF, then POST /secure/testResult, checked first by the schema the
 * server applies. A failure shows "Error creating test" as a toast and an alert. Toasts here last 5.5 s.
 */
export const CreateTestReportDialog = ({ record, onClose }: { record: LabRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const form = useQuery({
    queryKey: ['lab', 'resultForm', record.kitId],
    queryFn: () => dataProvider.getResultForm(record.kitId),
    retry: false,
    gcTime: 0,
  });
  const defaultValues = useMemo(() => reportValuesOf(form.data), [form.data]);
  const validate = useMemo(() => reportValidator(record.kitId), [record.kitId]);
  const withKey = useIdempotencyKey(); // a double click or a resend creates one result
  const create = useLabAction((dp, body: CreateTestResultBody) => withKey((key) => dp.createTestResult(body, key)), {
    success: 'lab.testCreated',
    failure: () => ({ key: 'lab.errorCreatingTest' }),
    autoHideDuration: TOAST_MS.resultForm,
    onSuccess: onClose,
  });
  // The server's refusal, from the action's own error (cleared when the next try starts).
  const failure = create.isError ? causeOf(create.error, '') : null;
  const busy = create.isPending;

  return (
    <FormDialog<ReportValues>
      title="lab.createTestReportTitle"
      subtitle={record.kitId}
      defaultValues={defaultValues}
      validate={validate}
      onSubmit={(v) => create.mutate(reportBodyOf(record.kitId)(v))}
      onClose={onClose}
      pending={busy}
      submitLabel="lab.submit"
      submitDisabled={!form.isSuccess}
      maxWidth="md"
    >
      {form.isPending ? (
        <CircularProgress aria-label={translate('ui.loading')} />
      ) : form.isError ? (
        <Alert severity="error">{translate('lab.errorFetchingTestInfo')}</Alert>
      ) : (
        <ReportFields form={form.data} kitId={record.kitId} busy={busy} failure={failure} />
      )}
    </FormDialog>
  );
};

export default CreateTestReportDialog;
