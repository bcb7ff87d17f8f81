import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OWNER_BORDER, STATUS_COLORS, STATUS_GROUPS } from '../shared/bookings/bookingStatus';

const Swatch = ({ background, border }: { background: string; border?: string }) => (
  <Box
    component="span"
    aria-hidden
    sx={{
      display: 'inline-block',
      width: 16,
      height: 16,
      borderRadius: 0.5,
      bgcolor: background,
      border: border ? `3px solid ${border}` : undefined,
      flex: 'none',
    }}
  />
);

/** The calendar's legend (spec 2 §2.2): the status colours, and the ownership borders (mine green, others amber). */
export const StatusLegend = () => {
  const translate = useTranslate();
  return (
    <Box component="ul" aria-label={translate('booking.legend')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
      {STATUS_GROUPS.map((g) => (
        <Box component="li" key={g} data-legend={g} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch background={STATUS_COLORS[g]} />
          <Typography variant="body2">{translate(`booking.legendItems.${g}`)}</Typography>
        </Box>
      ))}
      <Box component="li" data-legend="mine" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Swatch background="#fff" border={OWNER_BORDER.mine} />
        <Typography variant="body2">{translate('booking.mine')}</Typography>
      </Box>
      <Box component="li" data-legend="others" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Swatch background="#fff" border={OWNER_BORDER.others} />
        <Typography variant="body2">{translate('booking.others')}</Typography>
      </Box>
    </Box>
  );
};
