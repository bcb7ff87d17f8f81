import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { QueryType } from '../providers/bookingMethods';

const QUERY_TYPES: readonly QueryType[] = ['ALL', 'SELF', 'UNASSIGNED'];

/** The info toast of each filter value (spec 2 §8). */
export const FILTER_INFO: Record<QueryType, string> = {
  ALL: 'booking.showingAll',
  SELF: 'booking.showingMine',
  UNASSIGNED: 'booking.showingUnassigned',
};

const isQueryType = (v: unknown): v is QueryType => typeof v === 'string' && (QUERY_TYPES as readonly string[]).includes(v);

/** All / Only mine / Only unassigned: the search's queryType, announced by an info toast; an unknown value is refused. */
export const QueryTypeFilter = ({ value, onChange }: { value: QueryType; onChange: (value: QueryType) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const choose = (next: unknown) => {
    if (next === null || next === value) return; // a click on the pressed button keeps it
    if (!isQueryType(next)) {
      notify('booking.unsupportedFilter', { type: 'error' });
      return;
    }
    onChange(next);
    notify(FILTER_INFO[next], { type: 'info' });
  };
  return (
    <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, next) => choose(next)} aria-label={translate('ra.action.show')}>
      {QUERY_TYPES.map((t) => (
        <ToggleButton key={t} value={t} sx={{ textTransform: 'none', px: 2 }}>
          {translate(`booking.queryTypes.${t}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};
