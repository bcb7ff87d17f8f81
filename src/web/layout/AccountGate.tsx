import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import { homeStateFor } from '../../domain/dashboard/banners';
import { useClinicianProfile } from '../shared/clinicianQueries';
import { usePortalPermissions } from '../providers/permissions';
import { AccountDisabledScreen } from './AccountDisabledScreen';
import { PendingReviewScreen } from './PendingReviewScreen';

/**
 * Account states of spec 3 §4 for every route: a signed-in user in no group sees the pending-review
 * screen, an INACTIVE clinician the disabled screen, instead of the app. The clinician profile is
 * the cached query the home page also reads; the app renders while it loads.
 */
export const AccountGate = ({ children }: { children: ReactNode }) => {
  const { permissions, isPending } = usePortalPermissions();
  const profile = useClinicianProfile({ enabled: !!permissions?.clinician });
  if (isPending) return <Loading />;
  if (!permissions) return <>{children}</>;
  const state = homeStateFor(permissions.groups, permissions.roles, profile.data ?? undefined);
  if (state.kind === 'pending') return <PendingReviewScreen />;
  if (state.kind === 'disabled') return <AccountDisabledScreen />;
  return <>{children}</>;
};
