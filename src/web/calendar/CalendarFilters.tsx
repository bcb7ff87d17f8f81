import { Box, MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LOCATION_FILTERS, TYPE_FILTERS, type CalendarState, type ClinicianChoice } from './calendarState';
import { TIME_ZONE_CHOICES, type TimeZoneChoice } from '../shared/zonedTime';

export interface CalendarFiltersProps {
  state: CalendarState;
  clinicians: ClinicianChoice[];
  /** The user's own zone (profile or browser), for the label of 'OWN'. */
  ownZone: string;
  onChange: (patch: Partial<CalendarState>) => void;
  onTimeZoneChange: (choice: TimeZoneChoice) => void;
}

const Select = ({
  label,
  value,
  onChange,
  children,
  minWidth = 170,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  minWidth?: number;
}) => (
  <TextField select size="small" fullWidth={false} label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth }}>
    {children}
  </TextField>
);

const ALL = '__all__';

/** Location, name (clinician, default 'All'), type and time zone of the calendar (spec 2 §2.2). */
export const CalendarFilters = ({ state, clinicians, ownZone, onChange, onTimeZoneChange }: CalendarFiltersProps) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <Select
        label={translate('booking.location')}
        value={state.location}
        minWidth={240}
        onChange={(v) => onChange({ location: v as CalendarState['location'] })}
      >
        {LOCATION_FILTERS.map((l) => (
          <MenuItem key={l} value={l}>
            {translate(`booking.locations.${l}`)}
          </MenuItem>
        ))}
      </Select>
      <Select
        label={translate('booking.clinicianName')}
        value={state.clinician?.id ?? ALL}
        onChange={(v) => onChange({ clinician: clinicians.find((c) => c.id === v) ?? null })}
      >
        <MenuItem value={ALL}>{translate('booking.allClinicians')}</MenuItem>
        {clinicians.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </Select>
      <Select label={translate('booking.type')} value={state.type} minWidth={140} onChange={(v) => onChange({ type: v as CalendarState['type'] })}>
        {TYPE_FILTERS.map((t) => (
          <MenuItem key={t} value={t}>
            {translate(`booking.types.${t}`)}
          </MenuItem>
        ))}
      </Select>
      <Select label={translate('booking.timeZone')} value={state.timeZone} minWidth={240} onChange={(v) => onTimeZoneChange(v as TimeZoneChoice)}>
        {TIME_ZONE_CHOICES.map((z) => (
          <MenuItem key={z} value={z}>
            {translate(`booking.timeZones.${z}`, { zone: ownZone })}
          </MenuItem>
        ))}
      </Select>
    </Box>
  );
};
