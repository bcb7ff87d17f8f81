import { Alert, Box, CircularProgress, Grid, Stack } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { isKitDetail } from '../../domain/shared/detail-records';
import { kitIdSchema } from '../../domain/lab/lab-api';
import { type KitDetail } from '../../domain/kits/kits';
import { KIT_TEXTS } from '../../domain/i18n/en/kit';
import type { LabRow } from '../../domain/lab/lab-api';
import { personName } from '../../domain/lab/lab-templates';
import { PageHeading } from '../layout/PageHeading';
import { clinicianNameOf } from '../shared/lab/labRow';
import { NotesText } from '../shared/lab/NotesText';
import { EmergencyAccess } from '../shared/break-glass/EmergencyAccess';
import { useLabViewer } from '../shared/lab/useLabViewer';
import { reasonOf, statusOf } from '../providers/errorReason';
import { usePortalPermissions } from '../providers/permissions';
import { kitDetailOptions } from './kitActions';
import { KitActionsCard } from './KitActionsCard';
import { Section } from './KitFields';
import { KitHeader } from './KitHeader';
import { PatientDetailsCard } from './PatientDetailsCard';
import { TestDetailsCard } from './TestDetailsCard';
import { usePrintLabel } from './usePrintLabel';
import { useDetailRecord } from '../shared/detailRecord';
import { useAnnounceChanges } from '../shared/live/recordChanges';

const ChartNoteDialog = lazy(() => import('../shared/chart-notes/ChartNoteDialog'));
const ChartNoteList = lazy(() => import('../shared/chart-notes/ChartNoteList'));

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
  const { permissions } = usePortalPermissions();
  const clinicalAccess = !!permissions?.clinicalAccess;
  const viewer = useLabViewer();
  const label = usePrintLabel(kitId);
  const kit = useDetailRecord<KitDetail & { id: string }>('kits', kitId, isKitDetail, { retry: false });
  // Another user's change to the kit, its lab request or its result: "Updated by <name> just now".
  useAnnounceChanges(['kits', 'lab-requests', 'lab-results'].map((resource) => ({ resource, id: kitId })));
  // The lab-results resource's record: the lab actions (re-assign, appointment, message) invalidate it.
  const result = useGetOne<LabRow & { id: string }>(
    'lab-results',
    { id: kitId },
    {
      enabled: clinicalAccess && !!kit.data && !kit.data.masked,
      retry: false,
    },
  );

  if (kit.isPending) return <CircularProgress aria-label={translate('kit.loading')} />;
  if (kit.error) {
    const notFound = statusOf(kit.error) === 404 || kit.error.message.includes(KIT_TEXTS.kitIdInvalid);
    return (
      <>
        <Alert severity="error">
          {notFound ? translate('kit.rules.kitIdInvalid') : translate('kit.loadFailed', { reason: reasonOf(kit.error) })}
        </Alert>
        {/* Outside the licence states a kit reads as unknown: break-glass by the kit id (the server finds its patient). */}
        {notFound && <EmergencyAccess target={{ kitId }} />}
      </>
    );
  }
  const k = kit.data;
  if (!k) return <CircularProgress aria-label={translate('kit.loading')} />;
  const options = kitDetailOptions({ kit: k, result: result.data, clinicalAccess, viewer });
  const patient = k.patient;
  const patientName = patient ? personName(patient.firstName, patient.lastName) || patient.name : undefined;
  const chartNoteDialog = patient
    ? (close: () => void) => (
        <ChartNoteDialog open onClose={close} personId={patient.userId} patientName={patientName} referenceId={k.kitId} referenceType="KIT" />
      )
    : null;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8, lg: 9 }}>
        <Stack spacing={2}>
          <KitHeader kit={k} assignee={result.data ? clinicianNameOf(result.data) : undefined} />
          <PatientDetailsCard kit={k} />
          {clinicalAccess && (
            <>
              <TestDetailsCard kit={k} result={{ data: result.data, error: result.error, isPending: result.isLoading }} />
              <Section id="kit-chart-notes" title="kit.chartingNotes">
                <Suspense fallback={<CircularProgress size={24} />}>
                  <ChartNoteList by="kit" id={k.kitId} personId={patient?.userId} patientName={patientName} />
                </Suspense>
              </Section>
              <Section id="kit-external-notes" title="kit.externalPatientNotes">
                <NotesText notes={result.data?.externalNotes ?? k.externalNote} />
              </Section>
            </>
          )}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 4, lg: 3 }}>
        <KitActionsCard kitId={k.kitId} options={options} result={result.data} onPrintLabel={label.print} chartNoteDialog={chartNoteDialog} />
      </Grid>
      {label.viewer}
    </Grid>
  );
};

export default KitDetailsPage;
