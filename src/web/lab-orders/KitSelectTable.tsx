import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Checkbox, IconButton, Link, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { KitRow } from '../../domain/kits';
import { formatDateTime, kitDetailsPath } from '../lab-shared/labRow';
import { HeadCell, PagedTable } from '../layout/PagedTable';

const COLUMNS = ['kitId', 'reqId', 'name', 'dob', 'panelName', 'created', 'sampleTakenDate', 'kitStatus', 'shipManifestNum'] as const;

function cell(column: (typeof COLUMNS)[number], row: KitRow): ReactNode {
  if (column === 'kitId') {
    return row.masked ? row.kitId : <Link component={RouterLink} to={kitDetailsPath(row.kitId)}>{row.kitId}</Link>;
  }
  if (column === 'created' || column === 'sampleTakenDate') return formatDateTime(row[column]);
  if (column === 'panelName') return row.panelName ?? row.productName;
  return row[column];
}

export interface KitSelectTableProps {
  title: string;
  rows: KitRow[];
  total: number;
  page: number;
  perPage: number;
  loading: boolean;
  selected: ReadonlySet<string>;
  onSelect: (kitIds: string[], selected: boolean) => void;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  onRefresh: () => void;
  /** The step's action buttons. */
  actions?: ReactNode;
  /** A read-only role: nothing can be selected. */
  readOnly?: boolean;
}

/** The kits of one Manage Lab Order step: select boxes (masked rows cannot be selected), refresh, server-side paging. */
export const KitSelectTable = (p: KitSelectTableProps) => {
  const translate = useTranslate();
  const selectable = p.rows.filter((r) => !r.masked && !p.readOnly).map((r) => r.kitId);
  const allOn = selectable.length > 0 && selectable.every((id) => p.selected.has(id));
  const someOn = selectable.some((id) => p.selected.has(id));
  const toolbar = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id="kit-table-title">
          {translate(p.title)}
        </Typography>
        <Typography color="text.secondary">{translate('kit.selected', { smart_count: p.selected.size })}</Typography>
        <Tooltip title={translate('kit.refresh')}>
          <IconButton aria-label={translate('kit.refresh')} onClick={p.onRefresh} disabled={p.loading}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        {p.actions}
      </Box>
  );
  return (
    <PagedTable
      toolbar={toolbar}
      label={translate(p.title)}
      head={
        <>
          <TableCell padding="checkbox">
            <Checkbox
              checked={allOn}
              indeterminate={someOn && !allOn}
              disabled={selectable.length === 0}
              onChange={(e) => p.onSelect(selectable, e.target.checked)}
              slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
            />
          </TableCell>
          {COLUMNS.map((c) => <HeadCell key={c} label={`kit.columns.${c}`} />)}
        </>
      }
      columns={COLUMNS.length + 1}
      rowCount={p.rows.length}
      emptyText="kit.noKits"
      loading={p.loading}
      total={p.total}
      page={p.page}
      perPage={p.perPage}
      onPageChange={p.onPageChange}
      onPerPageChange={p.onPerPageChange}
    >
      {p.rows.map((row) => (
        <TableRow key={row.kitId} hover selected={p.selected.has(row.kitId)} data-masked={row.masked ? 'true' : undefined}>
          <TableCell padding="checkbox">
            <Checkbox
              checked={p.selected.has(row.kitId)}
              disabled={row.masked || p.readOnly}
              onChange={(e) => p.onSelect([row.kitId], e.target.checked)}
              slotProps={{ input: { 'aria-label': `${translate('ra.action.select_row')} ${row.kitId}` } }}
            />
          </TableCell>
          {COLUMNS.map((c) => (
            <TableCell key={c} sx={{ whiteSpace: 'nowrap' }}>
              {cell(c, row)}
            </TableCell>
          ))}
        </TableRow>
      ))}
    </PagedTable>
  );
};
