import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { BOOKING_SEARCH_TYPES } from '../../domain/bookings/bookings';
import { BOOKING_STATUSES } from '../../domain/shared/statuses';
import { statusLabel } from '../../domain/shared/statuses';
import { isSearchMode, SEARCH_FIELDS, withFromDate, type SearchField, type SearchValues } from './searchForm';

export interface SearchError {
  /** i18n key. */
  message: string;
  field?: SearchField;
}

export interface SearchFormProps {
  mode: string;
  values: SearchValues;
  error: SearchError | null;
  busy?: boolean;
  onModeChange: (mode: string) => void;
  onValuesChange: (values: SearchValues) => void;
  onSubmit: () => void;
}

const INPUT_TYPE: Partial<Record<SearchField, string>> = { dob: 'date', fromDate: 'date', toDate: 'date', emailId: 'email', mobileNo: 'tel' };

/** The search-mode selector and the inputs of the chosen mode (spec 2 §2.1, §3). */
export const SearchForm = ({ mode, values, error, busy, onModeChange, onValuesChange, onSubmit }: SearchFormProps) => {
  const translate = useTranslate();
  const fields = isSearchMode(mode) ? SEARCH_FIELDS[mode] : [];
  const errorText = (field?: SearchField) =>
    error && error.field === field ? translate(error.message, { field: field ? translate(`booking.fields.${field}`) : '' }) : undefined;
  const change = (field: SearchField, value: string) =>
    onValuesChange(field === 'fromDate' ? withFromDate(values, value) : { ...values, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" role="search" onSubmit={submit} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        fullWidth={false}
        label={translate('booking.searchBy')}
        value={isSearchMode(mode) ? mode : ''}
        onChange={(e) => onModeChange(e.target.value)}
        error={!!error && !error.field}
        helperText={error && !error.field ? translate(error.message) : undefined}
        sx={{ minWidth: 200 }}
      >
        {BOOKING_SEARCH_TYPES.map((m) => (
          <MenuItem key={m} value={m}>
            {translate(`booking.modes.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      {fields.map((field) =>
        field === 'bookingStatus' ? (
          <TextField
            key={field}
            select
            size="small"
            fullWidth={false}
            label={translate(`booking.fields.${field}`)}
            value={values.bookingStatus}
            onChange={(e) => change(field, e.target.value)}
            sx={{ minWidth: 260 }}
          >
            {BOOKING_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {statusLabel(s)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            key={field}
            size="small"
            fullWidth={false}
            type={INPUT_TYPE[field] ?? 'text'}
            label={translate(`booking.fields.${field}`)}
            value={values[field]}
            onChange={(e) => change(field, e.target.value)}
            error={!!errorText(field)}
            helperText={errorText(field)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ),
      )}
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={busy} sx={{ height: 40 }}>
        {translate('ra.action.search')}
      </Button>
    </Box>
  );
};
