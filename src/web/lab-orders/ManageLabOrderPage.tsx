import { Alert, Box, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { CARE_LOCATIONS } from '../../domain/constants';
import type { KitRow } from '../../domain/kits';
import { kitSelectionProblem } from '../../domain/lab-orders';
import { ActionButton } from '../lab-shared/ActionButton';
import { READ_ONLY_REASON, useReadOnly } from '../lab-shared/useReadOnly';
import { PageHeading } from '../layout/PageHeading';
import { msgReasonOf } from '../providers/errorReason';
import { KitActionDialog, type CommentAction } from './KitActionDialog';
import { KitSelectTable } from './KitSelectTable';
import { ManifestDialog } from './ManifestDialog';
import { StepCards, type StepKey } from './StepCards';
import { useManifestPdf } from './useManifestPdf';
import { useRuleText } from './useKitAction';
import { useStepKits } from './useStepKits';

type DialogKind = CommentAction | 'manifest';

/** Buttons of each step: [dialog, label]. */
const STEP_BUTTONS: Record<StepKey, Array<[DialogKind, string]>> = {
  COLLECTED: [['approve', 'kit.approve'], ['cancel', 'kit.cancelOrders']],
  APPROVED: [['manifest', 'kit.createManifest']],
  CONFIRM: [['manifest', 'kit.viewManifest'], ['confirmShipment', 'kit.confirmShipment']],
};

/**
 * Manage Lab Order (/manage-lab-order, spec 1 §2, §4, §5): a care location first, then the three steps
 * (collected -> approve or cancel; approved -> shipping manifest; manifest created -> confirm shipment, which
 * clears the kits from the view), each a selectable table of that status with refresh and paging.
 */
export const ManageLabOrderPage = () => {
  const translate = useTranslate();
  const ruleText = useRuleText();
  const readOnly = useReadOnly();
  const queryClient = useQueryClient();
  const [careLocation, setCareLocation] = useState('');
  const [step, setStep] = useState<StepKey>('COLLECTED');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(50);
  const [selected, setSelected] = useState<Map<string, KitRow>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: DialogKind; kits: KitRow[] } | null>(null);
  const { list, counts, status } = useStepKits(careLocation, step, page, perPage);
  const manifestPdf = useManifestPdf();

  const reset = () => {
    setSelected(new Map());
    setProblem(null);
  };
  const select = (kitIds: string[], on: boolean) => {
    const rows = new Map((list.data ?? []).map((r) => [r.kitId, r]));
    setSelected((prev) => {
      const next = new Map(prev);
      kitIds.forEach((id) => (on && rows.get(id) ? next.set(id, rows.get(id)!) : next.delete(id)));
      return next;
    });
    setProblem(null);
  };
  const open = (kind: DialogKind) => {
    const kitIds = [...selected.keys()];
    const selectionText = kitSelectionProblem(kind, kitIds);
    if (selectionText) return setProblem(ruleText(selectionText));
    setProblem(null);
    setDialog({ kind, kits: [...selected.values()] });
  };
  const failure = list.error ? msgReasonOf(list.error) : null;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading path="/manage-lab-order" />
      <Stack spacing={2}>
        <TextField
          select
          label={translate('kit.careLocation')}
          value={careLocation}
          onChange={(e) => {
            setCareLocation(e.target.value);
            setPage(1);
            reset();
          }}
          sx={{ maxWidth: 360 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            —
          </option>
          {CARE_LOCATIONS.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </TextField>
        {!careLocation ? (
          <Alert severity="info">{translate('kit.rules.selectCareLocation')}</Alert>
        ) : (
          <>
            <StepCards
              active={step}
              counts={counts}
              onSelect={(s) => {
                setStep(s);
                setPage(1);
                reset();
              }}
            />
            {failure && <Alert severity="error">{translate('kit.loadStepFailed', { status, msg: failure.msg, reason: failure.reason })}</Alert>}
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <KitSelectTable
              title={`kit.steps.${step}`}
              rows={list.data ?? []}
              total={list.total ?? 0}
              page={page}
              perPage={perPage}
              loading={list.isFetching}
              selected={new Set(selected.keys())}
              readOnly={readOnly}
              onSelect={select}
              onPageChange={setPage}
              onPerPageChange={(n) => {
                setPerPage(n);
                setPage(1);
              }}
              onRefresh={() => void queryClient.invalidateQueries({ queryKey: ['lab-order-kits'] })}
              actions={STEP_BUTTONS[step].map(([kind, label]) => (
                // A read-only role selects nothing, so no step action applies (field test finding 4; manifests stay on /shipping-manifest).
                <ActionButton key={label} label={label} variant={kind === 'cancel' ? 'outlined' : 'contained'} color={kind === 'cancel' ? 'error' : 'primary'}
                  enabled={!readOnly} reason={READ_ONLY_REASON} onClick={() => open(kind)} />
              ))}
            />
          </>
        )}
      </Stack>
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
        <ManifestDialog kits={dialog.kits} careLocation={careLocation} onClose={() => setDialog(null)} onDone={reset} onPrint={manifestPdf.print} />
      )}
      {manifestPdf.viewer}
    </Box>
  );
};

export default ManageLabOrderPage;
