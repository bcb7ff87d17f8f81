import { Alert, Skeleton, Stack } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Navigate } from 'react-router';
import { homeStateFor } from '../../domain/dashboard/banners';
import { HomeBanners } from '../layout/banners';
import { useClinicianProfile } from '../shared/clinicianQueries';
import { UnverifiedLicencesBanner } from '../shared/licences/UnverifiedLicencesBanner';
import { usePortalPermissions } from '../providers/permissions';
import { BreakGlassCountCard } from './BreakGlassCountCard';
import { routeTitleKey } from '../routeTitles';
import { Greeting } from './Greeting';
import { Overview } from './Overview';
import { MyBookingsSummary } from './MyBookingsSummary';

const LicenceOnboardingDialog = lazy(() => import('../shared/licences/LicenceOnboardingDialog'));

const HomeSkeleton = () => (
  <Stack spacing={2} sx={{ p: 3 }} aria-busy="true">
    <Skeleton variant="text" width={320} height={48} />
    <Skeleton variant="rounded" height={48} />
    <Skeleton variant="rounded" height={160} />
  </Stack>
);

/**
 * Home dashboard (route /): greeting, the banners of homeStateFor (spec 1 §6), the licence onboarding
 * dialog, the redirect of a clinician without calendar link, and the Overview (filters, nine cards, their tables).
 * Pending and disabled accounts never get here: AccountGate shows their screens.
 */
export const HomePage = () => {
  const translate = useTranslate();
  const { identity, isPending: identityPending } = useGetIdentity();
  const { permissions, isPending: permissionsPending } = usePortalPermissions();
  const clinician = !!permissions?.clinician;
  const profile = useClinicianProfile({ enabled: clinician });

  if (identityPending || permissionsPending || (clinician && profile.isPending)) return <HomeSkeleton />;

  const profileFailed = clinician && profile.isError;
  const state = homeStateFor(permissions?.groups ?? [], permissions?.roles ?? [], clinician ? profile.data : undefined);
  if (state.kind === 'redirect') return <Navigate to={state.to} replace />;
  if (state.kind !== 'home') return null;
  // A failed fetch is not a missing profile: show the fetch error instead of "no profile".
  const banners = profileFailed ? state.banners.filter((b) => b.kind !== 'noProfile') : state.banners;

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate(routeTitleKey('/'))} />
      <Greeting firstName={identity?.firstName} fallbackName={profile.data?.firstName} />
      {profileFailed && <Alert severity="error">{translate('app.errorFetchingProfile')}</Alert>}
      <HomeBanners banners={banners} />
      {permissions?.superAdmin && <UnverifiedLicencesBanner />}
      {permissions?.superAdmin && <BreakGlassCountCard />}
      {state.onboardingLicence && (
        <Suspense fallback={null}>
          <LicenceOnboardingDialog />
        </Suspense>
      )}
      <Overview permissions={permissions} />
      {(clinician || permissions?.superAdmin) && <MyBookingsSummary />}
    </Stack>
  );
};

export default HomePage;
