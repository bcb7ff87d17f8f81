import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, List, ListItemButton, ListItemText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import { barSearchTerm, PATIENT_SEARCH_DELAY_MS, PATIENT_SEARCH_TYPES, type PatientSearchType } from '../../domain/patients/patient-search';
import { patientProfileUrl } from '../../domain/patients/patient-profile';
import type { PortalDataProvider } from '../providers/dataProvider';

const T = 'patients.bar';

/**
 * The compact patient search bar (spec 3 §2, §5, §9): a field selector and a text box; it searches 200 ms after the last
 * keystroke, only with a field chosen and more than one character, lowercased. Results open the patient profile;
 * arrow keys and Enter work through the result list.
 */
export const PatientSearchBar = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [type, setType] = useState<PatientSearchType | ''>('');
  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const rule = barSearchTerm(type || null, text);
    if (rule && 'error' in rule) {
      notify(`${T}.noType`, { type: 'warning' });
      return undefined;
    }
    const timer = setTimeout(() => setTerm(rule ? rule.term : null), PATIENT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [type, text, notify]);
  const results = useQuery({
    queryKey: ['patients', 'bar', type, term],
    queryFn: ({ signal }) => dataProvider.searchPatients(type as PatientSearchType, term as string, signal),
    enabled: !!type && !!term,
    retry: false,
  });
  useEffect(() => {
    if (results.isError) notify(`${T}.failed`, { type: 'error' });
  }, [results.isError, notify]);
  useEffect(() => setActive(0), [results.data]);
  const rows = (term && results.data) || [];
  const open = (id: string) => {
    setText('');
    setTerm(null);
    navigate(patientProfileUrl(id));
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const usable = rows.filter((r) => !r.masked);
    if (!usable.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, usable.length - 1));
    }
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      open(usable[active].id);
    }
    if (e.key === 'Escape') setTerm(null);
  };
  return (
    <Box sx={{ position: 'relative', maxWidth: 640 }}>
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={translate(`${T}.field`)}
          value={type}
          sx={{ minWidth: 130 }}
          onChange={(e) => setType(e.target.value as PatientSearchType)}
        >
          {PATIENT_SEARCH_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`${T}.types.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          fullWidth
          label={translate(`${T}.term`)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {term && type && results.isSuccess && (
        <Paper elevation={4} sx={{ position: 'absolute', zIndex: 10, left: 0, right: 0, mt: 0.5, maxHeight: 360, overflow: 'auto' }}>
          {rows.length === 0 ? (
            <Typography sx={{ p: 1.5 }}>{translate(`${T}.noResult`)}</Typography>
          ) : (
            <List dense aria-label={translate(`${T}.term`)}>
              {rows.map((r, i) => (
                <ListItemButton
                  key={`${r.id}-${i}`}
                  disabled={r.masked}
                  selected={!r.masked && rows.filter((x) => !x.masked)[active]?.id === r.id}
                  onClick={() => open(r.id)}
                >
                  <ListItemText primary={r.name} secondary={[r.email, r.dob, r.phoneNumber].filter(Boolean).join(' · ')} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Box>
  );
};
