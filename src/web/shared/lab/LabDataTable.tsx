import { alpha, Box, darken, lighten, type Theme } from '@mui/material';
import { useCallback, type ReactNode } from 'react';
import { DataTable, type RaRecord } from 'react-admin';
import { TABLE_BODY_MAX_HEIGHT_PX } from '../../../domain/shared/constants';
import type { RowShortcutTable } from '../../../domain/shared/row-shortcuts';
import { focusedRowSx, useRowShortcuts } from '../useRowShortcuts';
import { EmptyList } from '../listStates';
import type { LabRecord } from './labRow';
import { LabTableBody } from './LabTableBody';
import { OpenKitContext, useOpenKit } from './openKit';

/** MUI's TableCell (body, size small) as one rule for every cell of the table. */
const bodyCell = (theme: Theme) => ({
  fontFamily: theme.typography.body2.fontFamily,
  fontSize: theme.typography.body2.fontSize,
  fontWeight: theme.typography.body2.fontWeight,
  lineHeight: theme.typography.body2.lineHeight,
  letterSpacing: theme.typography.body2.letterSpacing,
  display: 'table-cell',
  padding: '6px 16px',
  textAlign: 'left' as const,
  verticalAlign: 'top',
  color: theme.palette.text.primary,
  borderBottom: `1px solid ${theme.palette.mode === 'light' ? lighten(alpha(theme.palette.divider, 1), 0.88) : darken(alpha(theme.palette.divider, 1), 0.68)}`,
});

const TABLE_SX = {
  // At most 630 px (spec 1 §2), less on a short window so the pager stays in view.
  '& .RaDataTable-tableWrapper': { maxHeight: `min(${TABLE_BODY_MAX_HEIGHT_PX}px, calc(100vh - 300px))`, minHeight: 240, overflow: 'auto' },
  '& .RaDataTable-headerCell': { position: 'sticky', top: 0, zIndex: 2, whiteSpace: 'nowrap', fontWeight: 600 },
  // The body's plain cells and rows (LabTableBody) drawn as MUI's small body cells; :where() keeps these rules
  // weaker than the compact density of the layout.
  '& :where(td.RaDataTable-rowCell)': bodyCell,
  '& tbody tr:hover': { bgcolor: 'action.hover' },
  '& tbody tr.RaDataTable-clickableRow': { cursor: 'pointer' },
  '& .row-actions': { display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 280, maxWidth: 420 },
  '& a.patient-link': { color: 'primary.main', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } },
  '& .unassigned': { color: 'text.secondary' },
  // The columns' own styles, once for the table rather than an sx per cell (labColumns.tsx).
  '& td.column-createDateTime': { whiteSpace: 'nowrap' },
  '& td.column-results ul': { m: 0, p: 0, listStyle: 'none', fontSize: '0.8125rem', whiteSpace: 'nowrap' },
  // The actions stay in view however wide the table is: the last column sticks to the right.
  // Not on a phone: their 280 px would cover the whole row, and the row's patient with it; there they are
  // scrolled to, while the patient's name stays in view at the left.
  '& .RaDataTable-rowCell:last-of-type, & .RaDataTable-headerCell:last-of-type': {
    position: { sm: 'sticky' },
    right: 0,
    bgcolor: 'background.paper',
    boxShadow: (t: Theme) => ({ sm: `-1px 0 0 ${t.palette.divider}` }),
  },
  '& .RaDataTable-headerCell:last-of-type': { zIndex: 3 },
  '& .RaDataTable-rowCell:last-of-type': { zIndex: 1 },
  // The row's identity (the patient's name, the first column) stays in view when the table scrolls sideways.
  '& td.column-patientName, & th.column-patientName': {
    position: 'sticky',
    left: 0,
    bgcolor: 'background.paper',
    boxShadow: (t: Theme) => `1px 0 0 ${t.palette.divider}`,
    maxWidth: { xs: 140, sm: 'none' },
  },
  '& td.column-patientName': { zIndex: 1 },
  '& th.column-patientName': { zIndex: 3 },
} as const;

/**
 * The lab tables' DataTable: sticky header, body at most 630 px high (scrolls inside), a click on a row opens
 * /KitDetails?kitId= carrying the record in router state (not for masked rows), and an empty text. The row shortcuts of
 * `shortcuts` (j/k, Enter, the action letters) work on its rows. Its body is LabTableBody (a light row per record).
 */
export const LabDataTable = ({ emptyText, shortcuts, children }: { emptyText: string; shortcuts: RowShortcutTable; children: ReactNode }) => {
  const open = useOpenKit();
  const ref = useRowShortcuts(shortcuts);
  const openKit = useCallback(
    (_id: unknown, _resource: string, record: RaRecord) => {
      open(record as LabRecord);
      return false as const;
    },
    [open],
  );
  return (
    <OpenKitContext.Provider value={open}>
      <Box ref={ref} sx={focusedRowSx}>
        <DataTable bulkActionButtons={false} rowClick={openKit} body={LabTableBody} empty={<EmptyList text={emptyText} />} size="small" sx={TABLE_SX}>
          {children}
        </DataTable>
      </Box>
    </OpenKitContext.Provider>
  );
};
