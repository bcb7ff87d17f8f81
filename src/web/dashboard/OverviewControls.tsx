import { Autocomplete, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DASHBOARD_LOCATIONS } from '../../domain/dashboard/dashboard';
import { US_STATES } from '../../domain/shared/states';
import type { DashboardFilters } from '../providers/dashboardMethods';

interface Props {
  filters: DashboardFilters;
  onChange: (next: DashboardFilters) => void;
}

/** Care-location select, My States / All States switch, and the state picker shown only for All States (spec 1 §2). */
export const OverviewControls = ({ filters, onChange }: Props) => {
  const translate = useTranslate();
  const set = (patch: Partial<DashboardFilters>) => onChange({ ...filters, ...patch });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }} useFlexGap>
      <TextField
        select
        size="small"
        label={translate('dashboard.careLocation')}
        value={filters.careLocation}
        onChange={(e) => set({ careLocation: e.target.value })}
        fullWidth={false}
        sx={{ width: { xs: '100%', md: 220 } }}
      >
        {DASHBOARD_LOCATIONS.map((l) => (
          <MenuItem key={l.code} value={l.code}>
            {translate(`dashboard.locations.${l.code}`)}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filters.stateMode}
        onChange={(_, value: DashboardFilters['stateMode'] | null) => value && set({ stateMode: value })}
        aria-label={translate('dashboard.statesMode')}
      >
        <ToggleButton value="MY">{translate('dashboard.myStates')}</ToggleButton>
        <ToggleButton value="ALL">{translate('dashboard.allStates')}</ToggleButton>
      </ToggleButtonGroup>
      {filters.stateMode === 'ALL' && (
        <Autocomplete
          multiple
          size="small"
          options={US_STATES as readonly string[]}
          value={filters.states}
          onChange={(_, value) => set({ states: value })}
          disableCloseOnSelect
          limitTags={6}
          sx={{ width: { xs: '100%', md: 'auto' }, minWidth: { md: 280 }, flex: { md: 1 }, maxWidth: { md: 560 } }}
          slotProps={{ chip: { size: 'small' } }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('dashboard.states')}
              placeholder={filters.states.length ? undefined : translate('dashboard.everyState')}
            />
          )}
        />
      )}
    </Stack>
  );
};
