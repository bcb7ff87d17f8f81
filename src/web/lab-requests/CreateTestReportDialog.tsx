import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import type { LabRecord } from '../shared/lab/labRow';
import { causeOf, useLabAction } from '../shared/lab/useLabAction';
import type { PortalDataProvider } from '../providers/dataProvider';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import type { CreateTestResultBody } from '../providers/labMethods';
import { NewTestEntryForm } from './NewTestEntryForm';
import { ResultFileUpload } from './ResultFileUpload';
import { draftOf, toResultData, type EntryDraft } from './testEntries';
import { TestEntryRow } from './TestEntryRow';

/**
 * Create Test Report (spec 1 §5): the kit's test form (or "Error fetching test information."), each entry
 * with its result, new entries, an optional result PDF, then POST /secure/testResult. A failure shows
 * "Error creating test" as a toast and an alert. Toasts here last 5.5 s.
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
  const [entries, setEntries] = useState<EntryDraft[]>([]);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  useEffect(() => {
    if (form.data) setEntries(form.data.entries.map(draftOf));
  }, [form.data]);
  const withKey = useIdempotencyKey(); // a double click or a resend creates one result
  const create = useLabAction((dp, body: CreateTestResultBody) => withKey((key) => dp.createTestResult(body, key)), {
    success: 'lab.testCreated',
    failure: () => ({ key: 'lab.errorCreatingTest' }),
    autoHideDuration: TOAST_MS.resultForm,
    onSuccess: onClose,
  });
  // The server's refusal, from the action's own error (cleared when the next try starts).
  const failure = create.isError ? causeOf(create.error, '') : null;
  const submit = () => {
    create.mutate({ kitId: record.kitId, resultData: toResultData(entries), resultFileS3Url: fileUrl });
  };
  const busy = create.isPending;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="create-test-title">
      <DialogTitle id="create-test-title">
        {translate('lab.createTestReportTitle')} – {record.kitId}
      </DialogTitle>
      <DialogContent>
        {form.isPending ? (
          <CircularProgress aria-label={translate('ui.loading')} />
        ) : form.isError ? (
          <Alert severity="error">{translate('lab.errorFetchingTestInfo')}</Alert>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="text.secondary">
              {form.data.productName} · {form.data.labName}
            </Typography>
            {entries.map((entry) => (
              <TestEntryRow key={entry.key} entry={entry} onChange={(next) => setEntries((all) => all.map((e) => (e.key === next.key ? next : e)))} />
            ))}
            <Divider />
            <NewTestEntryForm onAdd={(entry) => setEntries((all) => [...all, entry])} disabled={busy} existing={entries.map((e) => e.testName)} />
            <Divider />
            <Typography variant="subtitle2">{translate('lab.resultFile')}</Typography>
            <ResultFileUpload kitId={record.kitId} onUploaded={setFileUrl} disabled={busy} />
            {failure !== null && (
              <Alert severity="error" role="alert">
                {translate('lab.errorCreatingTest')}
                {failure ? `: ${failure}` : ''}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !form.isSuccess}>
          {translate('lab.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export default CreateTestReportDialog;
