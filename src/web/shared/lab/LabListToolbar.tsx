import { Stack } from '@mui/material';
import { FilterLiveForm } from 'react-admin';
import { ExportCsvButton } from './ExportCsvButton';
import { QueryTypeFilter, SEARCH_DEBOUNCE_MS, SearchFilter, StatesFilter } from './labFilters';

/**
 * The lab tables' controls: search, All/My States, Assigned/All/Unassigned (react-admin filter inputs in one
 * FilterLiveForm, which merges quick successive changes before applying them), and the export.
 */
export const LabListToolbar = () => (
  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', width: '100%', py: 1 }}>
    <FilterLiveForm debounce={SEARCH_DEBOUNCE_MS}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchFilter />
        <StatesFilter />
        <QueryTypeFilter />
      </Stack>
    </FilterLiveForm>
    <Stack sx={{ flexGrow: 1 }} />
    <ExportCsvButton />
  </Stack>
);
