import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { checkInProgress, SELF_CHECK_IN_STEPS } from '../../domain/booking-detail/booking-identity';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { Section } from './parts';

/** Self Checkin Completion: percent of the 6 steps (rounded to tens), green 'Completed' at 100, yellow from 50, red below. */
/** 50 or more is yellow (spec 2 §4): MUI's warning is orange, so the bar uses a yellow of its own (darker for the text). */
const YELLOW = '#FBC02D';
const YELLOW_TEXT = '#9A7500';

export const SelfCheckInSection = ({ booking }: { booking: Pick<BookingDetail, 'selfCheckInCompletedSteps'> }) => {
  const translate = useTranslate();
  const done = booking.selfCheckInCompletedSteps ?? [];
  const { percent, colour, completed } = checkInProgress(done);
  const label = completed ? translate('bookingDetail.selfCheckInCompleted') : translate('bookingDetail.ui.percentDone', { percent });
  return (
    <Section title="bookingDetail.sections.selfCheckIn" testId="selfCheckIn">
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={colour}
              aria-label={label}
              data-colour={colour}
              sx={{ height: 10, borderRadius: 5, ...(colour === 'warning' ? { '& .MuiLinearProgress-bar': { bgcolor: YELLOW } } : {}) }}
            />
          </Box>
          <Typography
            variant="body2"
            color={colour === 'warning' ? YELLOW_TEXT : `${colour}.main`}
            sx={{ fontWeight: 600 }}
            data-testid="check-in-label"
          >
            {label}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          {SELF_CHECK_IN_STEPS.map((s) => (
            <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {done.includes(s) ? (
                <CheckCircleIcon fontSize="small" color="success" aria-hidden />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden />
              )}
              <Typography variant="caption">{translate(`bookingDetail.ui.steps.${s}`)}</Typography>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Section>
  );
};
