import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useFilterPatch } from './useFilterPatch';

const QUERY_TYPES = [
  { value: 'ASSIGNED', label: 'lab.queryAssigned' },
  { value: 'ALL', label: 'lab.queryAll' },
  { value: 'UNASSIGNED', label: 'lab.queryUnassigned' },
] as const;

/** Assigned / All / Unassigned: the list's queryType filter (spec 1 §7). */
export const QueryTypeSelect = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const patchFilters = useFilterPatch();
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      margin="none"
      fullWidth={false}
      label={translate('lab.queryType')}
      value={filterValues.queryType ?? 'ALL'}
      onChange={(event) => patchFilters({ queryType: event.target.value })}
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
