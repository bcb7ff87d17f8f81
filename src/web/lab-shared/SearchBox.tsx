import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { useFilterPatch } from './useFilterPatch';

export const SEARCH_DEBOUNCE_MS = 300;

/** Search on kit id, name or e-mail: the list's `q` filter, sent to the server once typing pauses. */
export const SearchBox = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const patchFilters = useFilterPatch();
  const [text, setText] = useState<string>(String(filterValues.q ?? ''));
  const latest = useRef({ filterValues, patchFilters });
  latest.current = { filterValues, patchFilters };

  useEffect(() => {
    const q = text.trim();
    if (q === String(latest.current.filterValues.q ?? '')) return;
    const timer = setTimeout(() => {
      if (q) latest.current.patchFilters({ q });
      else latest.current.patchFilters({}, ['q']);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextField
      size="small"
      type="search"
      variant="outlined"
      margin="none"
      fullWidth={false}
      label={translate('lab.search')}
      placeholder={translate('lab.searchHint')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
      sx={{ minWidth: 260 }}
    />
  );
};
