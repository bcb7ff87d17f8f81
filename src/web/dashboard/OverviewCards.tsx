import { Grid, LinearProgress, Box } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { cardAvailable, DASHBOARD_CARDS, type DashboardCard } from '../../domain/dashboard/dashboard';
import type { Permissions } from '../../domain/shared/roles';
import type { DashboardSummary } from '../providers/dashboardMethods';
import { OverviewCard, type CardState } from './OverviewCard';

type CardPermissions = Pick<Permissions, 'clinicalAccess' | 'productOrderAccess' | 'unmasked'>;
const NO_ACCESS: CardPermissions = { clinicalAccess: false, productOrderAccess: false, unmasked: false };

/** A card's state from the summary: the server says what the role may see; without an answer, the role's permissions do. */
export function cardState(card: DashboardCard, summary: UseQueryResult<DashboardSummary>, permissions?: CardPermissions): CardState {
  if (summary.isError) return cardAvailable(card, permissions ?? NO_ACCESS) ? { kind: 'unavailable' } : { kind: 'notForRole' };
  if (!summary.data) return { kind: 'loading' };
  const answer = summary.data.cards?.find((c) => c.key === card.key);
  if (!answer) return { kind: 'unavailable' };
  if (!answer.available) return { kind: 'notForRole' };
  return typeof answer.count === 'number' ? { kind: 'count', count: answer.count } : { kind: 'unavailable' };
}

interface Props {
  summary: UseQueryResult<DashboardSummary>;
  permissions?: CardPermissions;
  onOpen: (card: DashboardCard) => void;
}

/** The nine cards in the spec's order, three a row on wide screens, two at tablet width, one on phones. */
export const OverviewCards = ({ summary, permissions, onOpen }: Props) => {
  const translate = useTranslate();
  const refreshing = summary.isFetching && summary.isPlaceholderData;
  return (
    <Box aria-busy={summary.isFetching}>
      <Box sx={{ height: 4, mb: 1 }}>{refreshing && <LinearProgress aria-label={translate('dashboard.updating')} />}</Box>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {DASHBOARD_CARDS.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <OverviewCard card={card} state={cardState(card, summary, permissions)} onOpen={onOpen} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
};
