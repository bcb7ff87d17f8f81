import { Alert, AlertTitle, Card, CardContent, CircularProgress, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { profileReasonBanner, profileSectionFor, type ProfileSection } from '../../domain/profile-reasons';
import { routeTitleKey } from '../routeTitles';
import { LicenceForm } from './LicenceForm';
import { LicenceList } from './LicenceList';
import { useCalendarLink, useClinicianProfile } from './queries';
import { LabelledValue } from '../layout/LabelledValue';

const ManageTemplates = lazy(() => import('../templates/ManageTemplates'));
/** Manage Templates (spec 3 §2, menu item 5) is chosen by its tab only, never by the reason query. */
type Section = ProfileSection | 'templates';

const SECTIONS: Array<{ value: Section; label: string }> = [
  { value: 'personal', label: 'ui.personalInformation' },
  { value: 'licences', label: 'ui.manageLicences' },
  { value: 'calendar', label: 'ui.manageCalendar' },
  { value: 'templates', label: 'templates.manageTemplates' },
];

/**
 * Minimal clinician profile (/profile, /license, /calendar; spec 3 §2): personal details, licences with
 * the add form, calendar link, and the banner of the `reason` query. Editing arrives in a later issue.
 */
export const ProfilePage = () => {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const reason = new URLSearchParams(search).get('reason');
  const banner = profileReasonBanner(reason);
  const [section, setSection] = useState<Section>(() => profileSectionFor(pathname, reason));
  useEffect(() => setSection(profileSectionFor(pathname, reason)), [pathname, reason]);
  const profile = useClinicianProfile();
  const calendar = useCalendarLink({ enabled: section === 'calendar' });
  const data = profile.data;

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
      <Tabs value={section} onChange={(_, value: Section) => setSection(value)} variant="scrollable">
        {SECTIONS.map((s) => (
          <Tab key={s.value} value={s.value} label={translate(s.label)} />
        ))}
      </Tabs>
      <Card variant="outlined">
        <CardContent>
          {section === 'personal' &&
            (profile.isPending ? (
              <CircularProgress size={24} />
            ) : profile.isError ? (
              <Alert severity="error">{translate('app.errorFetchingProfile')}</Alert>
            ) : !data ? (
              <Alert severity="error">{translate('app.noProfile')}</Alert>
            ) : (
              <Stack spacing={1.5}>
                <LabelledValue label={translate('ui.name')} value={`${data.firstName ?? ''} ${data.lastName ?? ''}`.trim()} />
                <LabelledValue label={translate('ui.email')} value={data.email} />
                <LabelledValue label={translate('ui.status')} value={data.status} />
              </Stack>
            ))}
          {section === 'licences' && (
            <Stack spacing={2}>
              <LicenceList />
              <Typography variant="subtitle1" component="h2">
                {translate('ui.addLicence')}
              </Typography>
              <LicenceForm />
            </Stack>
          )}
          {section === 'calendar' &&
            (calendar.isPending ? (
              <CircularProgress size={24} />
            ) : calendar.isError ? (
              <Alert severity="error">{(calendar.error as Error).message}</Alert>
            ) : (
              <LabelledValue
                label={translate('ui.calendarLink')}
                value={
                  calendar.data?.calendarLink ? (
                    <Link href={calendar.data.calendarLink} target="_blank" rel="noreferrer">
                      {calendar.data.calendarLink}
                    </Link>
                  ) : (
                    translate('ui.noCalendarLink')
                  )
                }
              />
            ))}
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

export default ProfilePage;
