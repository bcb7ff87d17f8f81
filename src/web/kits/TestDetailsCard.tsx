import { Alert, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { KitDetail } from '../../domain/kits';
import type { LabRow } from '../../domain/lab-api';
import { Section } from './KitFields';
import { ResultAttachments } from './ResultAttachments';
import { statusOf } from '../providers/errorReason';

export interface TestResultState {
  data: LabRow | undefined;
  error: unknown;
  isPending: boolean;
}

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
    body = statusOf(result.error) === 404
      ? <Alert severity="info">{translate('kit.noTestResults', { kitId: kit.kitId })}</Alert>
      : <Alert severity="error">{translate('kit.testResultsFailed', { kitId: kit.kitId })}</Alert>;
  } else if (result.data) {
    body = (
      <Stack spacing={1}>
        <Typography variant="body2">
          {translate('kit.resultStatus')}: <strong>{result.data.status}</strong>
        </Typography>
        <Table size="small" aria-label={translate('kit.testDetails')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('kit.testName')}</TableCell>
              <TableCell>{translate('kit.result')}</TableCell>
              <TableCell>{translate('kit.units')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.results.map((line, i) => (
              <TableRow key={`${line.testName}-${i}`}>
                <TableCell>{line.testName}</TableCell>
                <TableCell>{line.result}</TableCell>
                <TableCell>{line.units}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
