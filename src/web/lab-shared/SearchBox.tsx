import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

export const SEARCH_DEBOUNCE_MS = 300;

/** Search on kit id, name or e-mail: the list's `q` filter, sent to the server once typing pauses. */
export const SearchBox = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const [text, setText] = useState<string>(String(filterValues.q ?? ''));
  const latest = useRef({ filterValues, displayedFilters, setFilters });
  latest.current = { filterValues, displayedFilters, setFilters };

  useEffect(() => {
    const q = text.trim();
    if (q === String(latest.current.filterValues.q ?? '')) return;
    const timer = setTimeout(() => {
      const { filterValues: current, displayedFilters: shown, setFilters: set } = latest.current;
      const { q: _old, ...rest } = current;
      set(q ? { ...rest, q } : rest, shown, false);
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
