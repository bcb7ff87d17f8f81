import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useInput, useNotify, useResourceContext, useTranslate } from 'react-admin';

/** How long typing pauses before the filters (the search above all) go to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Search on kit id, name or e-mail: the list's `q` filter. */
export const SearchFilter = () => {
  const translate = useTranslate();
  const { field } = useInput({ source: 'q', defaultValue: '' });
  return (
    <TextField
      size="small"
      type="search"
      variant="outlined"
      margin="none"
      fullWidth={false}
      label={translate('ra.action.search')}
      placeholder={translate('lab.searchHint')}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 260 }}
    />
  );
};

/** "All States" / "My States" (spec 1 §2, §6): the list's myStates filter, with the spec's info toasts. */
export const StatesFilter = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext();
  const { field } = useInput({ source: 'myStates' });
  const mine = field.value === true || field.value === 'true';
  const change = (_: unknown, value: 'all' | 'mine' | null) => {
    if (!value || (value === 'mine') === mine) return;
    field.onChange(value === 'mine');
    const requests = resource === 'lab-requests';
    const message =
      value === 'mine'
        ? requests
          ? 'lab.showingMyStatesRequests'
          : 'lab.showingMyStates'
        : requests
          ? 'lab.showingAllRequests'
          : 'lab.showingAllResults';
    notify(message, { type: 'info' });
  };
  return (
    <ToggleButtonGroup size="small" exclusive value={mine ? 'mine' : 'all'} onChange={change} aria-label={translate('lab.statesToggle')}>
      <ToggleButton value="all">{translate('lab.allStates')}</ToggleButton>
      <ToggleButton value="mine">{translate('lab.myStates')}</ToggleButton>
    </ToggleButtonGroup>
  );
};

const QUERY_TYPES = [
  { value: 'ASSIGNED', label: 'lab.queryAssigned' },
  { value: 'ALL', label: 'lab.queryAll' },
  { value: 'UNASSIGNED', label: 'lab.queryUnassigned' },
] as const;

/** Assigned / All / Unassigned: the list's queryType filter (spec 1 §7). */
export const QueryTypeFilter = () => {
  const translate = useTranslate();
  const { field } = useInput({ source: 'queryType' });
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      fullWidth={false}
      label={translate('lab.queryType')}
      value={field.value ?? 'ALL'}
      onChange={(event) => field.onChange(event.target.value)}
      sx={{ minWidth: 150 }}
    >
      {QUERY_TYPES.map((t) => (
        <MenuItem key={t.value} value={t.value}>
          {translate(t.label)}
        </MenuItem>
      ))}
    </TextField>
  );
};
