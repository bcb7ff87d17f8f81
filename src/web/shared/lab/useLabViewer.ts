import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { activeBreakGlass } from '../../../domain/break-glass/break-glass';
import type { LabViewer } from '../../../domain/lab/lab-actions';
import { useMyBreakGlass } from '../break-glass/EmergencyAccess';
import type { PortalDataProvider } from '../../providers/dataProvider';
import { usePortalPermissions } from '../../providers/permissions';

/** Licence states of the signed-in user; under ['clinician'] so licence changes invalidate it. */
export const LICENCE_STATES_QUERY_KEY = ['clinician', 'licenceStates'] as const;

/**
 * The viewer the shared lab action rules need: `{ sub, validStates, clinicalWrite, licenceExempt, breakGlass }`
 * from the identity, the permissions, GET /secure/license/validAndInvalidStates and the running break-glass sessions. Null until all are
 * known, so that no action is offered before the rules can be applied.
 */
export function useLabViewer(): LabViewer | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const { permissions } = usePortalPermissions();
  const states = useQuery({
    queryKey: LICENCE_STATES_QUERY_KEY,
    queryFn: () => dataProvider.getLicenceStates(),
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const glass = useMyBreakGlass();
  useEffect(() => {
    if (states.error) notify('app.failedLicenceStates', { type: 'error', messageArgs: { cause: states.error.message } });
  }, [states.error, notify]);

  // The same object while nothing it holds changes, so that the actions cells do not render again for nothing.
  const sub = identity ? String(identity.id) : null;
  const glassItems = glass.data?.items;
  // A failed first try does not hold the actions back (the sessions then count as none until a retry brings them).
  const glassLoading = glass.isLoading && glass.failureCount === 0;
  return useMemo(() => {
    // Also null while the break-glass sessions load: the viewer changes once, and the rows' actions render once.
    if (sub === null || !permissions || !states.data || glassLoading) return null;
    return {
      sub,
      validStates: states.data.validStates,
      clinicalWrite: permissions.clinicalAccess && !permissions.readOnly,
      licenceExempt: permissions.superAdmin,
      readOnly: permissions.readOnly,
      // Patients opened by break-glass act like patients in a licence state while the session runs (the server decides too).
      breakGlass: activeBreakGlass(glassItems ?? [], new Date()),
    };
  }, [sub, permissions, states.data, glassItems, glassLoading]);
}
