import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { KitDetail } from '../../domain/kits/kits';
import type { LabRow } from '../../domain/lab/lab-api';
import { Section } from './KitFields';
import { ResultAttachments } from './ResultAttachments';
import { statusOf } from '../providers/errorReason';
import { LocalDataTable } from '../shared/LocalDataTable';

export interface TestResultState {
  data: LabRow | undefined;
  error: unknown;
  isPending: boolean;
}

type ResultLine = LabRow['results'][number] & { id: number };
/** The result's lines as list records (keyed by their place: a test may be named twice). */
const linesOf = (row: LabRow): ResultLine[] => row.results.map((line, i) => ({ ...line, id: i }));

/**
 * Test Details (clinical data access only): the ordered tests, the kit's result lines and the result's attachments. No result yet (404)
 * gives the info "No test results found yet for Kit ID: ..."; any other failure "Unable to fetch test results ...".
 */
export const TestDetailsCard = ({ kit, result }: { kit: KitDetail; result: TestResultState }) => {
  const translate = useTranslate();
  const ordered = kit.panelTestSpecifications ?? [];
  let body;
  if (result.isPending) body = <CircularProgress size={24} aria-label={translate('kit.loading')} />;
  else if (result.error) {
    body =
      statusOf(result.error) === 404 ? (
        <Alert severity="info">{translate('kit.noTestResults', { kitId: kit.kitId })}</Alert>
      ) : (
        <Alert severity="error">{translate('kit.testResultsFailed', { kitId: kit.kitId })}</Alert>
      );
  } else if (result.data) {
    body = (
      <Stack spacing={1}>
        <Typography variant="body2">
          {translate('kit.resultStatus')}: <strong>{result.data.status}</strong>
        </Typography>
        <LocalDataTable<ResultLine>
          resource="kit-result-lines"
          data={linesOf(result.data)}
          aria-label={translate('kit.testDetails')}
          emptyText="kit.noResultLines"
        >
          <DataTable.Col<ResultLine> source="testName" label="kit.testName" disableSort />
          <DataTable.Col<ResultLine> source="result" label="kit.result" disableSort />
          <DataTable.Col<ResultLine> source="units" label="kit.units" disableSort />
        </LocalDataTable>
        <ResultAttachments kitId={kit.kitId} attachments={result.data.attachments ?? []} />
      </Stack>
    );
  }
  return (
    <Section id="kit-tests" title="kit.testDetails">
      <Stack spacing={2}>
        {ordered.length > 0 && (
          <Typography variant="body2">
            {translate('kit.orderedTests')}: {ordered.map((e) => e.testOrPanelName).join(', ')}
          </Typography>
        )}
        {body}
      </Stack>
    </Section>
  );
};
