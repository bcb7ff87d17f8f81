import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading';
import { usePortalPermissions } from '../providers/permissions';
import { useNotesFetch } from '../chart-notes/chartNotesApi';
import { ChartNoteDialog } from '../chart-notes/ChartNoteDialog';
import { ChartNoteList } from '../chart-notes/ChartNoteList';
import { LabelledValue } from '../layout/LabelledValue';
import { PatientMessages } from '../messages/PatientMessages';

/** The patient header (GET /secure/patient/detailsBySubId/{id}); masked fields hold XXXXXX. */
export interface PatientSummary {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  dob: string | null;
  state: string | null;
  email: string | null;
  phoneNumber: string | null;
  masked: boolean;
}

/** The seven tabs of spec 3 §2; `view` is the tab name lowercased with hyphens. Message and Charting Notes are built yet. */
const TABS = ['appointment', 'kitDetail', 'history', 'healthStatus', 'message', 'chartingNotes', 'prescriptions'] as const;
type TabKey = (typeof TABS)[number];
const BUILT_TABS: readonly TabKey[] = ['message', 'chartingNotes'];
const viewOf = (key: TabKey) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Patient profile (/PatientProfile?patientId=&idType=sub, spec 3 §2): the patient header and the
 * Charting Notes tab (search, reset, Create Charting Note). The other tabs arrive in a later release and
 * are shown disabled with that reason.
 */
export const PatientProfilePage = () => {
  const translate = useTranslate();
  const api = useNotesFetch();
  const { permissions } = usePortalPermissions();
  const params = new URLSearchParams(useLocation().search);
  const patientId = params.get('patientId') ?? '';
  const view = params.get('view');
  const [tab, setTab] = useState<TabKey>(() => BUILT_TABS.find((t) => viewOf(t) === view) ?? 'chartingNotes');
  const [writing, setWriting] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const patient = useQuery({
    queryKey: ['patients', 'summary', patientId],
    queryFn: ({ signal }) => api<PatientSummary>(`/secure/patient/detailsBySubId/${encodeURIComponent(patientId)}`, { signal }),
    enabled: !!patientId,
    retry: false,
  });
  const canRead = !!permissions && (permissions.clinicalAccess || permissions.unmasked);
  const canWrite = !!permissions && permissions.clinicalAccess && !permissions.readOnly && !patient.data?.masked;
  const name = patient.data && !patient.data.masked ? patient.data.name : undefined;

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <PageHeading path="/PatientProfile" />
      {!patientId ? (
        <Alert severity="error">{translate('patient.patientIdRequired')}</Alert>
      ) : patient.isPending ? (
        <CircularProgress size={24} />
      ) : patient.isError ? (
        <Alert severity="error">{translate('patient.errorFetching')}</Alert>
      ) : (
        <>
          <Card variant="outlined" component="section" aria-label={patient.data.name}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {patient.data.name}
              </Typography>
              <Stack direction="row" spacing={4} sx={{ mt: 1, flexWrap: 'wrap' }}>
                <LabelledValue label={translate('patient.dob')} value={patient.data.dob} />
                <LabelledValue label={translate('patient.state')} value={patient.data.state} />
                <LabelledValue label={translate('patient.email')} value={patient.data.email} />
                <LabelledValue label={translate('patient.phone')} value={patient.data.phoneNumber} />
              </Stack>
            </CardContent>
          </Card>
          <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} variant="scrollable" aria-label={translate('patient.profileTitle')}>
            {TABS.map((t) => (
              <Tab key={t} value={t} label={translate(`patient.tabs.${t}`)} disabled={!BUILT_TABS.includes(t)} />
            ))}
          </Tabs>
          <Typography variant="caption" color="text.secondary">
            {TABS.filter((t) => !BUILT_TABS.includes(t)).map((t) => translate(`patient.tabs.${t}`)).join(', ')}: {translate('patient.laterRelease')}
          </Typography>
          {tab === 'message' && (
            <Card variant="outlined">
              <CardContent>
                <PatientMessages patientId={patient.data.id} />
              </CardContent>
            </Card>
          )}
          {tab === 'chartingNotes' && (
            <Card variant="outlined">
              <CardContent>
                {!canRead ? (
                  <Alert severity="info">{translate('patient.noClinicalAccess')}</Alert>
                ) : (
                  <Stack spacing={2}>
                    <Box>
                      <Button variant="contained" onClick={() => setWriting(true)} disabled={!canWrite}>
                        {translate('chartNote.createChartingNote')}
                      </Button>
                    </Box>
                    <ChartNoteList by="patient" id={patient.data.id} personId={patient.data.id} patientName={name} refreshKey={refreshKey} searchable />
                  </Stack>
                )}
              </CardContent>
            </Card>
          )}
          <ChartNoteDialog
            open={writing}
            onClose={() => setWriting(false)}
            personId={patient.data.id}
            patientName={name}
            onSaved={() => setRefreshKey((k) => k + 1)}
          />
        </>
      )}
    </Stack>
  );
};

export default PatientProfilePage;
