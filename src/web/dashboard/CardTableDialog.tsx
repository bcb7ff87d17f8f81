import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, TablePagination, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardCard } from '../../domain/dashboard/dashboard';
import { CardTable } from './CardTable';
import type { DashboardFilters } from '../providers/dashboardMethods';
import { useCardTable } from './useDashboardSummary';

export const CARD_TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;

interface Props {
  card: DashboardCard;
  filters: DashboardFilters;
  onClose: () => void;
}

/** A card's table in a dialog: the card endpoint with the Overview's filters, paged on the server. */
export const CardTableDialog = ({ card, filters, onClose }: Props) => {
  const translate = useTranslate();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(CARD_TABLE_PAGE_SIZES[1]);
  const table = useCardTable(card.key, filters, page + 1, perPage);
  const total = table.data?.total ?? 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xl" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(`dashboard.cards.${card.key}`)}</DialogTitle>
      <DialogContent dividers>
        {table.isError ? (
          <Alert severity="warning">{translate('dashboard.tableUnavailable')}</Alert>
        ) : !table.data ? (
          <Stack spacing={1} aria-busy="true" data-testid="card-table-loading">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={28} />
            ))}
          </Stack>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="card-total">
              {translate('dashboard.records', { smart_count: total })}
            </Typography>
            <CardTable card={card} rows={table.data.items} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...CARD_TABLE_PAGE_SIZES]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          disabled={!table.data || table.isError}
        />
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
