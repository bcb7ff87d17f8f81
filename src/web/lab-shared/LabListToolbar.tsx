import { Stack } from '@mui/material';
import { ExportCsvButton } from './ExportCsvButton';
import { QueryTypeSelect } from './QueryTypeSelect';
import { SearchBox } from './SearchBox';
import { StatesToggle } from './StatesToggle';

/** The lab tables' controls: search, All/My States, Assigned/All/Unassigned, export. */
export const LabListToolbar = () => (
  <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', width: '100%', py: 1 }}>
    <SearchBox />
    <StatesToggle />
    <QueryTypeSelect />
    <Stack sx={{ flexGrow: 1 }} />
    <ExportCsvButton />
  </Stack>
);
