import {
  Box, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, type SxProps, type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LAB_TABLE_PAGE_SIZES, TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/constants';

export interface PagedTableProps {
  /** Above the table (title, counts, actions). */
  toolbar?: ReactNode;
  /** The table's accessible name, or the id of the element that names it. */
  label?: string;
  labelledBy?: string;
  /** The header cells. */
  head: ReactNode;
  columns: number;
  rowCount: number;
  /** i18n key shown when there are no rows. */
  emptyText: string;
  loading: boolean;
  /** i18n key of the progress bar and of the empty row while loading. */
  loadingText?: string;
  /** Page-size choices (the lab tables' 50/100/200 by default). */
  pageSizes?: readonly number[];
  sx?: SxProps<Theme>;
  total: number;
  /** 1-based. */
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
  children: ReactNode;
}

/**
 * A server-paged table (spec 1 §9 and spec 2 §9: body at most 630 px with a sticky header) with a progress bar
 * while loading: the kit, manifest and order lists and the Available Bookings table.
 */
export const PagedTable = (p: PagedTableProps) => {
  const translate = useTranslate();
  const loadingText = p.loadingText ?? 'kit.loading';
  return (
    <Paper variant="outlined" sx={p.sx}>
      {p.toolbar}
      {p.loading ? <LinearProgress aria-label={translate(loadingText)} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ maxHeight: TABLE_BODY_MAX_HEIGHT_PX }}>
        <Table size="small" stickyHeader aria-label={p.label} aria-labelledby={p.labelledBy}>
          <TableHead>
            <TableRow>{p.head}</TableRow>
          </TableHead>
          <TableBody>
            {p.children}
            {p.rowCount === 0 && (
              <TableRow>
                <TableCell colSpan={p.columns} sx={{ py: 4, color: 'text.secondary' }}>
                  {translate(p.loading ? loadingText : p.emptyText)}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={p.total}
        page={p.total === 0 ? 0 : p.page - 1}
        rowsPerPage={p.perPage}
        rowsPerPageOptions={[...(p.pageSizes ?? LAB_TABLE_PAGE_SIZES)]}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        onPageChange={(_, n) => p.onPageChange(n + 1)}
        onRowsPerPageChange={(e) => p.onPerPageChange(Number(e.target.value))}
      />
    </Paper>
  );
};

/** A header cell with a catalogue label. */
export const HeadCell = ({ label }: { label: string }) => {
  const translate = useTranslate();
  return <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{translate(label)}</TableCell>;
};

/** Page and page size of a server-paged table; a new page size starts again at page 1. */
export function pagingProps(state: { page: number; perPage: number }, set: (next: { page: number; perPage: number }) => void) {
  return {
    page: state.page,
    perPage: state.perPage,
    onPageChange: (page: number) => set({ ...state, page }),
    onPerPageChange: (perPage: number) => set({ page: 1, perPage }),
  };
}
