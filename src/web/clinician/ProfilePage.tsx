import { Alert, AlertTitle, Card, CardContent, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/shared/constants';
import { useLocation } from 'react-router';
import { profileReasonBanner, profileSectionFor, type ProfileSection } from '../../domain/clinician/profile-reasons';
import { routeTitleKey } from '../routeTitles';
import { CalendarForm } from './CalendarForm';
import { LicenceRows } from './LicenceRows';
import { PersonalInfoForm } from './PersonalInfoForm';
import { useCalendarLink, useClinicianProfile } from '../shared/clinicianQueries';
import { useWip, WipProvider } from './wip';
import { LabelledValue } from '../shared/LabelledValue';
import { statusOf } from '../providers/errorReason';

const ManageTemplates = lazy(() => import('../shared/templates/ManageTemplates'));
/** Manage Templates (spec 3 §2, menu item 5) is chosen by its tab only, never by the reason query. */
type Section = ProfileSection | 'templates';

const SECTIONS: Array<{ value: Section; label: string }> = [
  { value: 'personal', label: 'ui.personalInformation' },
  { value: 'licences', label: 'ui.manageLicences' },
  { value: 'calendar', label: 'ui.manageCalendar' },
  { value: 'templates', label: 'templates.manageTemplates' },
];

/** The Personal Information tab: the profile's form once it has loaded. */
const PersonalSection = () => {
  const translate = useTranslate();
  const profile = useClinicianProfile();
  if (profile.isPending) return <CircularProgress size={24} />;
  if (profile.isError) return <Alert severity="error">{translate('app.errorFetchingProfile')}</Alert>;
  if (!profile.data) return <Alert severity="error">{translate('app.noProfile')}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3}>
        <LabelledValue label={translate('profile.field.email')} value={profile.data.email} />
        <LabelledValue label={translate('profile.field.status')} value={profile.data.status} />
      </Stack>
      <PersonalInfoForm profile={profile.data} />
    </Stack>
  );
};

const CalendarSection = ({ leaveTo }: { leaveTo?: string }) => {
  const translate = useTranslate();
  const calendar = useCalendarLink();
  if (calendar.isPending) return <CircularProgress size={24} />;
  // An account without a clinician profile (404) is told so in a sentence; another failure as the profile's is.
  if (calendar.isError)
    return <Alert severity="error">{translate(statusOf(calendar.error) === 404 ? 'app.noProfile' : 'app.errorFetchingProfile')}</Alert>;
  return <CalendarForm calendarLink={calendar.data?.calendarLink ?? null} leaveTo={leaveTo} />;
};

/** The left menu; a section with unsaved work (the work-in-progress flag) keeps the user on it. */
const ProfileSections = ({ initial, reason }: { initial: Section; reason: string | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { busy } = useWip();
  const [section, setSection] = useState<Section>(initial);
  useEffect(() => setSection(initial), [initial]);
  const choose = (next: Section) => {
    if (next === section) return;
    if (busy) {
      notify('profile.updateOrDiscard', { type: 'warning', autoHideDuration: TOAST_MS.default });
      return;
    }
    setSection(next);
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
      <Tabs
        value={section}
        onChange={(_, value: Section) => choose(value)}
        orientation="vertical"
        variant="scrollable"
        aria-label={translate(routeTitleKey('/profile'))}
        sx={{ borderRight: { md: 1 }, borderColor: { md: 'divider' }, minWidth: 200 }}
      >
        {SECTIONS.map((s) => (
          <Tab key={s.value} value={s.value} label={translate(s.label)} sx={{ alignItems: 'flex-start' }} />
        ))}
      </Tabs>
      <Card variant="outlined" sx={{ flex: 1, width: '100%' }}>
        <CardContent>
          {section === 'personal' && <PersonalSection />}
          {section === 'licences' && <LicenceRows />}
          {section === 'calendar' && <CalendarSection leaveTo={reason === 'invalidOrNoCalendar' ? '/' : undefined} />}
          {section === 'templates' && (
            <Suspense fallback={<CircularProgress size={24} />}>
              <ManageTemplates />
            </Suspense>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
};

/**
 * The clinician profile (/profile, /license, /calendar; spec 3 §2): the left menu Personal Information, Manage Licences,
 * Manage Calendar, Manage Templates; the `reason` query chooses the tab and shows the Access Restricted / Action Required
 * banner; the work-in-progress flag blocks tab switches until the update or discard.
 */
export const ProfilePage = () => {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const reason = new URLSearchParams(search).get('reason');
  const banner = profileReasonBanner(reason);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate(routeTitleKey('/profile'))} />
      <Typography variant="h5" component="h1">
        {translate(routeTitleKey('/profile'))}
      </Typography>
      {banner && (
        <Alert severity={banner.severity}>
          <AlertTitle>{translate(banner.title === 'Access Restricted' ? 'ui.accessRestrictedTitle' : 'ui.actionRequiredTitle')}</AlertTitle>
          {translate(`ui.${banner.messageKey}`)}
        </Alert>
      )}
      <WipProvider>
        <ProfileSections initial={profileSectionFor(pathname, reason)} reason={reason} />
      </WipProvider>
    </Stack>
  );
};

export default ProfilePage;
