import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Checkbox, IconButton, LinearProgress, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DataTable, Pagination, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { LAB_TABLE_PAGE_SIZES, TABLE_BODY_MAX_HEIGHT_PX } from '../../domain/shared/constants';
import type { KitRow } from '../../domain/kits/kits';
import { kitSelectionProblem } from '../../domain/lab/lab-orders';
import { MaskedRowAccess } from '../shared/break-glass/MaskedRowAccess';
import { ActionButton } from '../shared/lab/ActionButton';
import { formatDateTime, kitDetailsPath } from '../shared/lab/labRow';
import { READ_ONLY_REASON } from '../shared/useReadOnly';
import { focusedRowSx, useRowShortcuts } from '../shared/useRowShortcuts';
import { msgReasonOf } from '../providers/errorReason';
import { KitActionDialog, type CommentAction } from './KitActionDialog';
import { ManifestDialog } from './ManifestDialog';
import type { StepKey } from './StepCards';
import { useRuleText } from './useKitAction';

export type KitRecord = KitRow & { id: string };
type DialogKind = CommentAction | 'manifest';

/** Buttons of each step: [dialog, label]. */
const STEP_BUTTONS: Record<StepKey, Array<[DialogKind, string]>> = {
  COLLECTED: [
    ['approve', 'kit.approve'],
    ['cancel', 'kit.cancelOrders'],
  ],
  APPROVED: [['manifest', 'kit.createManifest']],
  CONFIRM: [
    ['manifest', 'kit.viewManifest'],
    ['confirmShipment', 'kit.confirmShipment'],
  ],
};

const COLUMNS = ['kitId', 'reqId', 'name', 'dob', 'panelName', 'created', 'sampleTakenDate', 'kitStatus', 'shipManifestNum'] as const;

function cell(column: (typeof COLUMNS)[number], row: KitRow) {
  if (column === 'kitId') {
    return row.masked ? (
      <>
        {row.kitId} <MaskedRowAccess target={{ kitId: row.kitId }} to={kitDetailsPath(row.kitId)} />
      </>
    ) : (
      <Link component={RouterLink} to={kitDetailsPath(row.kitId)}>
        {row.kitId}
      </Link>
    );
  }
  if (column === 'created' || column === 'sampleTakenDate') return formatDateTime(row[column]);
  if (column === 'panelName') return row.panelName ?? row.productName;
  return row[column];
}

/** Masked rows, and every row for a read-only role, cannot be selected. */
const selectable = (row: KitRow, readOnly: boolean) => !row.masked && !readOnly;

/** The row's box: react-admin's selection (list context), named after the kit for screen readers. */
const SelectRow = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext<KitRecord>()!;
  const { selectedIds, onToggleItem } = useListContext<KitRecord>();
  return (
    <Checkbox
      checked={selectedIds.includes(record.id)}
      disabled={!selectable(record, readOnly)}
      onChange={() => onToggleItem(record.id)}
      slotProps={{ input: { 'aria-label': `${translate('ra.action.select_row')} ${record.kitId}` } }}
    />
  );
};

const SelectAll = ({ readOnly }: { readOnly: boolean }) => {
  const translate = useTranslate();
  const { data, selectedIds, onSelect } = useListContext<KitRecord>();
  const ids = (data ?? []).filter((r) => selectable(r, readOnly)).map((r) => r.id);
  const allOn = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  const someOn = ids.some((id) => selectedIds.includes(id));
  const change = (on: boolean) => onSelect(on ? [...new Set([...selectedIds, ...ids])] : selectedIds.filter((id) => !ids.includes(id)));
  return (
    <Checkbox
      checked={allOn}
      indeterminate={someOn && !allOn}
      disabled={ids.length === 0}
      onChange={(e) => change(e.target.checked)}
      slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
    />
  );
};

export interface KitStepListProps {
  step: StepKey;
  careLocation: string;
  readOnly: boolean;
  onPrintManifest: (manifestId: string) => void;
}

/**
 * The kits of one Manage Lab Order step, inside a react-admin ListBase of `lab-order-kits` (server paging, react-admin's
 * row selection, kept across pages): the step's buttons check the selection with the shared rules, then open their
 * dialog; refresh re-reads the step and the counts.
 */
export const KitStepList = ({ step, careLocation, readOnly, onPrintManifest }: KitStepListProps) => {
  const translate = useTranslate();
  const ruleText = useRuleText();
  const queryClient = useQueryClient();
  const { data, selectedIds, onUnselectItems, isFetching, error, filter } = useListContext<KitRecord>();
  // The rows seen on any page, for the dialogs of a selection made over several pages.
  const seen = useRef(new Map<string, KitRow>());
  (data ?? []).forEach((r) => seen.current.set(r.id, r));
  const [problem, setProblem] = useState<string | null>(null);
  const tableRef = useRowShortcuts('kit');
  const [dialog, setDialog] = useState<{ kind: DialogKind; kits: KitRow[] } | null>(null);
  useEffect(() => setProblem(null), [selectedIds]);

  const reset = () => {
    onUnselectItems();
    setProblem(null);
  };
  const open = (kind: DialogKind) => {
    const kitIds = selectedIds.map(String);
    const selectionText = kitSelectionProblem(kind, kitIds);
    if (selectionText) return setProblem(ruleText(selectionText));
    setProblem(null);
    setDialog({ kind, kits: kitIds.flatMap((id) => seen.current.get(id) ?? []) });
  };
  const failure = error ? msgReasonOf(error) : null;
  const title = `kit.steps.${step}`;

  return (
    <Stack spacing={2}>
      {failure && (
        <Alert severity="error">{translate('kit.loadStepFailed', { status: filter?.status, msg: failure.msg, reason: failure.reason })}</Alert>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
          <Typography variant="h6" component="h2" id="kit-table-title">
            {translate(title)}
          </Typography>
          <Typography color="text.secondary">{translate('kit.selected', { smart_count: selectedIds.length })}</Typography>
          <Tooltip title={translate('ra.action.refresh')}>
            <IconButton
              aria-label={translate('ra.action.refresh')}
              onClick={() => void queryClient.invalidateQueries({ queryKey: ['lab-order-kits'] })}
              disabled={isFetching}
            >
              <RefreshIcon />
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          {STEP_BUTTONS[step].map(([kind, label]) => (
            // A read-only role selects nothing, so no step action applies (manifests stay on /shipping-manifest).
            <ActionButton
              key={label}
              label={label}
              variant={kind === 'cancel' ? 'outlined' : 'contained'}
              color={kind === 'cancel' ? 'error' : 'primary'}
              enabled={!readOnly}
              reason={READ_ONLY_REASON}
              onClick={() => open(kind)}
            />
          ))}
        </Box>
        {isFetching ? <LinearProgress aria-label={translate('kit.loading')} /> : <Box sx={{ height: 4 }} />}
        <Box ref={tableRef} sx={{ maxHeight: TABLE_BODY_MAX_HEIGHT_PX, overflow: 'auto', ...focusedRowSx }}>
          <DataTable<KitRecord>
            bulkActionButtons={false}
            rowClick={false}
            aria-labelledby="kit-table-title"
            empty={<Box sx={{ p: 2, color: 'text.secondary' }}>{translate('kit.noKits')}</Box>}
          >
            {/* A selection column (MUI's checkbox padding): on a phone the Kit ID after it is the column that stays in view. */}
            <DataTable.Col<KitRecord>
              label={<SelectAll readOnly={readOnly} />}
              padding="checkbox"
              disableSort
              render={() => <SelectRow readOnly={readOnly} />}
            />
            {COLUMNS.map((c) => (
              <DataTable.Col<KitRecord> key={c} label={`kit.columns.${c}`} disableSort sx={{ whiteSpace: 'nowrap' }} render={(row) => cell(c, row)} />
            ))}
          </DataTable>
        </Box>
        <Pagination rowsPerPageOptions={[...LAB_TABLE_PAGE_SIZES]} />
      </Paper>
      {dialog && dialog.kind !== 'manifest' && (
        <KitActionDialog
          action={dialog.kind}
          kitIds={dialog.kits.map((k) => k.kitId)}
          careLocation={careLocation}
          onClose={() => setDialog(null)}
          onDone={() => {
            reset();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'manifest' && (
        <ManifestDialog kits={dialog.kits} careLocation={careLocation} onClose={() => setDialog(null)} onDone={reset} onPrint={onPrintManifest} />
      )}
    </Stack>
  );
};
