import { Alert, Card, CardContent, CircularProgress, Stack, Tab, Tabs } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { ShowBase, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { PROFILE_TABS, tabOfView, viewOfTab } from '../../domain/patients/patient-profile';
import { type PatientDetail } from '../../domain/patients/patients';
import { isPatientDetail } from '../../domain/shared/detail-records';
import { PageHeading } from '../layout/PageHeading';
import { statusOf } from '../providers/errorReason';
import { AppointmentTab } from './AppointmentTab';
import { BasicDetailsCard } from './BasicDetailsCard';
import { KitTab } from './KitTab';
import { PatientCard } from './PatientCard';
import { PatientSearchBar } from './PatientSearchBar';
import { HealthStatusTab, HistoryTab } from './ProfileTabs';
import { BreakGlassBanner, EmergencyAccess } from '../shared/break-glass/EmergencyAccess';
import { useAnnounceChanges } from '../shared/live/recordChanges';
import { useDetailShowContext } from '../shared/detailRecord';

type ProfileTab = (typeof PROFILE_TABS)[number];

type TabProps = { patient: PatientDetail; viewId?: string };

/*
 * The Message, Charting Notes and Prescriptions tabs (the message thread and reply form, the chart note editor, the
 * prescription dialog) are chunks of their own, fetched when the tab is chosen: the profile's card and first tab
 * do not wait for them.
 */
const MessageTab = lazy(() =>
  import('../shared/messages/PatientMessages').then((m) => ({
    default: ({ patient }: TabProps) => <m.PatientMessages patientId={patient.id} />,
  })),
);
const ChartingNotesTab = lazy(() => import('./ChartingNotesTab'));
const PrescriptionsTab = lazy(() => import('../shared/prescriptions/PrescriptionsTab'));

const TAB_SCREENS: Record<ProfileTab, ComponentType<TabProps>> = {
  Appointment: AppointmentTab,
  'Kit Detail': KitTab,
  History: HistoryTab,
  'Health Status': HealthStatusTab,
  Message: MessageTab,
  'Charting Notes': ChartingNotesTab,
  Prescriptions: PrescriptionsTab,
};

/** The profile once loaded: card, basic details, and the seven-tab sidebar chosen by the `view` query parameter. */
const ProfileBody = () => {
  const translate = useTranslate();
  const { data: record, isPending, error } = useDetailShowContext<PatientDetail & { id: string }>(isPatientDetail);
  const [params, setParams] = useSearchParams();
  const tab = tabOfView(params.get('view'));
  if (error || (!isPending && !record)) {
    const status = statusOf(error);
    const patientId = params.get('patientId') ?? '';
    return (
      <Stack spacing={2}>
        <Alert severity="error">{translate(status === 404 ? 'patients.profile.notFound' : 'patients.profile.errorFetching')}</Alert>
        {/* Outside a licence-bound clinician's states the patient reads as unknown: break-glass may open it. */}
        {status === 404 && patientId && <EmergencyAccess target={{ patientId }} />}
      </Stack>
    );
  }
  if (isPending || !record) return <CircularProgress size={24} />;
  const choose = (t: ProfileTab) => {
    const next = new URLSearchParams(params);
    next.set('view', viewOfTab(t));
    next.delete('viewId');
    setParams(next, { replace: true });
  };
  const Screen = TAB_SCREENS[tab];
  return (
    <Stack spacing={2}>
      <BreakGlassBanner patientId={record.id} />
      <PatientCard patient={record} />
      <BasicDetailsCard patient={record} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Tabs
          orientation="vertical"
          value={tab}
          onChange={(_, v: ProfileTab) => choose(v)}
          aria-label={translate('patients.profile.title')}
          sx={{ borderRight: { md: 1 }, borderColor: 'divider', minWidth: 180 }}
        >
          {PROFILE_TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              label={translate(`patients.tabs.${t}`)}
              id={`profile-tab-${viewOfTab(t)}`}
              aria-controls={`profile-panel-${viewOfTab(t)}`}
              sx={{ alignItems: 'flex-start' }}
            />
          ))}
        </Tabs>
        <Card
          variant="outlined"
          sx={{ flex: 1, width: '100%' }}
          role="tabpanel"
          id={`profile-panel-${viewOfTab(tab)}`}
          aria-labelledby={`profile-tab-${viewOfTab(tab)}`}
        >
          <CardContent>
            <Suspense fallback={<CircularProgress size={24} />}>
              <Screen key={tab} patient={record} viewId={params.get('viewId') ?? undefined} />
            </Suspense>
          </CardContent>
        </Card>
      </Stack>
    </Stack>
  );
};

/**
 * Patient profile (/PatientProfile?patientId=&idType=sub, spec 3 §2): the search bar, the patient card and basic
 * details (view and edit), and the tabs Appointment, Kit Detail, History, Health Status, Message, Charting Notes and
 * Prescriptions; `view` (the tab name lowercased, spaces as hyphens) chooses the tab. The `patients` resource's getOne
 * is GET /secure/patient/detailsBySubId/{id}; outside the viewer's licence states it is 404.
 */
export const PatientProfilePage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const patientId = params.get('patientId') ?? '';
  useAnnounceChanges([{ resource: 'patients', id: patientId }]); // another user's change: "Updated by <name> just now"
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <PatientSearchBar />
      <PageHeading path="/PatientProfile" />
      {!patientId ? (
        <Alert severity="error">{translate('patients.profile.patientIdRequired')}</Alert>
      ) : (
        <ShowBase resource="patients" id={patientId} disableAuthentication={false} queryOptions={{ retry: false, onError: () => undefined }}>
          <ProfileBody />
        </ShowBase>
      )}
    </Stack>
  );
};

export default PatientProfilePage;
