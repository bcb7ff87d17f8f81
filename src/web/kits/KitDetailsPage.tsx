import { Alert, Box, CircularProgress, Grid, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { kitIdSchema } from '../../domain/lab-api';
import { KIT_TEXTS } from '../../domain/kits';
import { PageHeading } from '../layout/PageHeading';
import { NotesText } from '../lab-shared/NotesText';
import { useLabViewer } from '../lab-shared/useLabViewer';
import { usePortalPermissions } from '../providers/permissions';
import { kitDetailOptions } from './kitActions';
import { KitActionsCard } from './KitActionsCard';
import { Section } from './KitFields';
import { KitHeader } from './KitHeader';
import { getKit, getKitTestResult, reasonOf, statusOf, useKitsApi } from './kitsApi';
import { PatientDetailsCard } from './PatientDetailsCard';
import { TestDetailsCard } from './TestDetailsCard';
import { usePrintLabel } from './usePrintLabel';

/** /KitDetails?kitId= (spec 1 §2 "Kit detail page"): an invalid or unknown kit id reads "Kit ID is not valid". */
export const KitDetailsPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const parsed = kitIdSchema.safeParse(params.get('kitId') ?? '');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/KitDetails" />
      {parsed.success ? <KitDetails kitId={parsed.data} /> : <Alert severity="error">{translate('kit.rules.kitIdInvalid')}</Alert>}
    </Box>
  );
};

const KitDetails = ({ kitId }: { kitId: string }) => {
  const translate = useTranslate();
  const api = useKitsApi();
  const { permissions } = usePortalPermissions();
  const clinicalAccess = !!permissions?.clinicalAccess;
  const viewer = useLabViewer();
  const label = usePrintLabel(kitId);
  const kit = useQuery({ queryKey: ['kits', kitId], queryFn: ({ signal }) => getKit(api, kitId, signal), retry: false });
  // Under 'lab-results' so that the lab actions (re-assign, appointment, message) refresh it.
  const result = useQuery({
    queryKey: ['lab-results', 'kit', kitId],
    queryFn: ({ signal }) => getKitTestResult(api, kitId, signal),
    enabled: clinicalAccess && !!kit.data && !kit.data.masked,
    retry: false,
  });

  if (kit.isPending) return <CircularProgress aria-label={translate('kit.loading')} />;
  if (kit.error) {
    const notFound = statusOf(kit.error) === 404 || kit.error.message.includes(KIT_TEXTS.kitIdInvalid);
    return <Alert severity="error">{notFound ? translate('kit.rules.kitIdInvalid') : translate('kit.loadFailed', { reason: reasonOf(kit.error) })}</Alert>;
  }
  const k = kit.data;
  const options = kitDetailOptions({ kit: k, result: result.data, clinicalAccess, viewer, chartNotes: false });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8, lg: 9 }}>
        <Stack spacing={2}>
          <KitHeader kit={k} />
          <PatientDetailsCard kit={k} />
          {clinicalAccess && (
            <>
              <TestDetailsCard kit={k} result={{ data: result.data, error: result.error, isPending: result.isLoading }} />
              <Section id="kit-chart-notes" title="kit.chartingNotes">
                <Alert severity="info">{translate('kit.reasons.chartNotesUnavailable')}</Alert>
              </Section>
              <Section id="kit-external-notes" title="kit.externalPatientNotes">
                <NotesText notes={result.data?.externalNotes ?? k.externalNote} />
              </Section>
            </>
          )}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4, lg: 3 }}>
        <KitActionsCard kitId={k.kitId} options={options} result={result.data} onPrintLabel={label.print} chartNoteDialog={null} />
      </Grid>
      {label.viewer}
    </Grid>
  );
};

export default KitDetailsPage;
