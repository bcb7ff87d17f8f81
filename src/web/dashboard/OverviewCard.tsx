import ErrorIcon from '@mui/icons-material/Error';
import { Card, CardActionArea, CardContent, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { showsAttention, type DashboardCard } from '../../domain/dashboard/dashboard';

/** What a card shows instead of, or as, its count. */
export type CardState = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'notForRole' } | { kind: 'count'; count: number };

const AttentionMarker = () => {
  const translate = useTranslate();
  const label = translate('dashboard.needsAttention');
  return (
    <Tooltip title={label}>
      <ErrorIcon color="error" role="img" aria-label={label} aria-hidden={false} data-testid="attention-marker" />
    </Tooltip>
  );
};

const CardValue = ({ state }: { state: CardState }) => {
  const translate = useTranslate();
  switch (state.kind) {
    case 'loading':
      return <Skeleton variant="text" width={56} sx={{ fontSize: '2.125rem' }} data-testid="card-count-loading" />;
    case 'notForRole':
      return (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
          {translate('dashboard.notAvailableForRole')}
        </Typography>
      );
    case 'unavailable':
      return (
        <Tooltip title={translate('dashboard.countUnavailable')}>
          <Typography component="span" variant="h4" color="text.disabled" sx={{ display: 'inline-block' }} data-testid="card-count-unavailable">
            —
          </Typography>
        </Tooltip>
      );
    case 'count':
      return (
        <Typography component="span" variant="h4" sx={{ display: 'block' }} data-testid="card-count">
          {state.count}
        </Typography>
      );
  }
};

interface Props {
  card: DashboardCard;
  state: CardState;
  onOpen: (card: DashboardCard) => void;
}

/**
 * One Overview card: title, count (or loading / unavailable / not-for-role), and the attention marker on its
 * four cards when the count is above 0. Unread Messages links to /inbox; the others open their table.
 */
export const OverviewCard = ({ card, state, onOpen }: Props) => {
  const translate = useTranslate();
  const attention = state.kind === 'count' && showsAttention(card, state.count);
  const body: ReactNode = (
    <CardContent sx={{ minHeight: 104 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="card-title">
          {translate(`dashboard.cards.${card.key}`)}
        </Typography>
        {attention && <AttentionMarker />}
      </Stack>
      <CardValue state={state} />
    </CardContent>
  );
  const clickable = state.kind !== 'notForRole';
  return (
    <Card
      variant="outlined"
      data-testid={`dashboard-card-${card.key}`}
      sx={{ height: '100%', borderLeftWidth: 4, borderLeftColor: attention ? 'error.main' : 'divider' }}
    >
      {!clickable ? (
        body
      ) : card.link === 'inbox' ? (
        <CardActionArea component={RouterLink} to="/inbox" sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        <CardActionArea onClick={() => onOpen(card)} aria-haspopup="dialog" sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      )}
    </Card>
  );
};
