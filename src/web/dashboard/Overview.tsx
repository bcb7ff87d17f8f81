import { Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DASHBOARD_DEBOUNCE_MS, type DashboardCard } from '../../domain/dashboard/dashboard';
import type { Permissions } from '../../domain/shared/roles';
import type { DashboardFilters } from '../providers/dashboardMethods';
import { OverviewCards } from './OverviewCards';
import { OverviewControls } from './OverviewControls';
import { defaultFilters, normaliseFilters, useDashboardSummary } from './useDashboardSummary';
import { useDebouncedValue } from '../shared/useDebouncedValue';

/** A card's table dialog, downloaded when a card is first opened (not with the dashboard). */
const CardTableDialog = lazy(() => import('./CardTableDialog').then((m) => ({ default: m.CardTableDialog })));

type OverviewPermissions = Pick<Permissions, 'clinician' | 'clinicalAccess' | 'productOrderAccess' | 'unmasked'>;

/**
 * The home dashboard's Overview (spec 1 §2): filters (My States for clinicians, All States for the other roles,
 * who have no licence states), nine cards fetched 300 ms after the last filter change, and each card's table.
 */
export const Overview = ({ permissions }: { permissions?: OverviewPermissions }) => {
  const translate = useTranslate();
  const [filters, setFilters] = useState<DashboardFilters>(() => defaultFilters(!!permissions?.clinician));
  const normalised = useMemo(() => normaliseFilters(filters), [filters]);
  const applied = useDebouncedValue(normalised, DASHBOARD_DEBOUNCE_MS);
  const summary = useDashboardSummary(applied);
  const [openCard, setOpenCard] = useState<DashboardCard | null>(null);

  return (
    <Paper component="section" aria-labelledby="overview-heading" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Typography id="overview-heading" variant="h6" component="h2">
          {translate('ui.overview')}
        </Typography>
        <OverviewControls filters={filters} onChange={setFilters} />
        <OverviewCards summary={summary} permissions={permissions} onOpen={setOpenCard} />
      </Stack>
      <Suspense fallback={null}>{openCard && <CardTableDialog card={openCard} filters={applied} onClose={() => setOpenCard(null)} />}</Suspense>
    </Paper>
  );
};
