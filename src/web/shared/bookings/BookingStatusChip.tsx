import { Chip } from '@mui/material';
import { MASK } from '../../../domain/shared/masking';
import { statusLabel } from '../../../domain/shared/statuses';
import { STATUS_COLORS, statusGroup } from './bookingStatus';

/** A booking status, coloured by its group and capitalised (spec 2 §4); a masked value as it is. */
export const BookingStatusChip = ({ status }: { status: string | null | undefined }) => {
  if (status === MASK) return <>{MASK}</>;
  const group = statusGroup(status);
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      data-status-group={group}
      // Long statuses wrap inside their cell instead of covering the next one.
      sx={{
        bgcolor: STATUS_COLORS[group],
        color: '#fff',
        fontWeight: 500,
        maxWidth: '100%',
        height: 'auto',
        minHeight: 24,
        '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: '2px' },
      }}
    />
  );
};
