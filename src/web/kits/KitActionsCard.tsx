import { Card, CardContent, CardHeader, Stack } from '@mui/material';
import { lazy, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { LabRow } from '../../domain/lab/lab-api';
import { ActionButton } from '../shared/lab/ActionButton';
import { DialogSlot } from '../shared/lab/DialogSlot';
import type { LabRecord } from '../shared/lab/labRow';
import { KIT_DETAIL_ACTIONS, type KitDetailAction, type OptionState } from './kitActions';
import { msgReasonOf } from '../providers/errorReason';
import { ActionConfirm } from '../shared/ActionConfirm';
import { ROW_BUTTON_CLASS } from '../shared/RowButton';
import { useAction } from '../shared/useAction';

const AppointmentDialog = lazy(() => import('../shared/lab/AppointmentDialog'));
const MessagePatientDialog = lazy(() => import('../shared/lab/MessagePatientDialog'));
const ReassignDialog = lazy(() => import('../shared/lab/ReassignDialog'));
const SendPrescriptionDialog = lazy(() => import('../shared/prescriptions/SendPrescriptionDialog'));

export interface KitActionsCardProps {
  kitId: string;
  options: Record<KitDetailAction, OptionState>;
  result: LabRow | undefined;
  onPrintLabel: () => void;
  /** The chart-note dialog of this kit's patient (null without a patient). */
  chartNoteDialog: ((close: () => void) => ReactNode) | null;
}

/**
 * The Select Action side card (spec 1 §2): 7 options. Appointment request, secure message and re-assign open the
 * lab dialogs on the kit's test result; Print Sample Labels opens the label in the PDF viewer; disabled options
 * say why in their tooltip.
 */
export const KitActionsCard = ({ kitId, options, result, onPrintLabel, chartNoteDialog }: KitActionsCardProps) => {
  const translate = useTranslate();
  const [open, setOpen] = useState<KitDetailAction | null>(null);
  const close = () => setOpen(null);
  const record: LabRecord | null = result ? { ...result, id: result.kitId } : null;
  const dialogs: Partial<Record<KitDetailAction, () => ReactNode>> = {
    appointmentReq: () => record && <AppointmentDialog record={record} onClose={close} />,
    sendSecureMessage: () => record && <MessagePatientDialog record={record} onClose={close} />,
    reassign: () => <ReassignDialog kind="result" kitId={kitId} onClose={close} />,
    sendPrescription: () =>
      result?.user && <SendPrescriptionDialog source={{ patientId: result.user.userId, patientName: result.user.name, kitId }} onClose={close} />,
    createChartNote: () => chartNoteDialog?.(close),
    sendResultToPass: () => <SendToPassConfirm kitId={kitId} onClose={close} />,
  };
  return (
    <Card variant="outlined" component="aside" aria-labelledby="kit-select-action">
      <CardHeader title={translate('kit.selectAction')} slotProps={{ title: { id: 'kit-select-action', variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          spacing={1}
          sx={{
            [`& .MuiButton-root, & .${ROW_BUTTON_CLASS}`]: { width: '100%', justifyContent: 'flex-start', whiteSpace: 'nowrap' },
            '& > span': { display: 'block' },
          }}
        >
          {KIT_DETAIL_ACTIONS.map((action) => {
            const state = options[action];
            return (
              <ActionButton
                key={action}
                label={`kit.actions.${action}`}
                enabled={state.enabled}
                reason={state.enabled ? null : state.reason}
                onClick={() => (action === 'printSampleLabels' ? onPrintLabel() : setOpen(action))}
              />
            );
          })}
        </Stack>
      </CardContent>
      <DialogSlot open={open !== null}>{open ? dialogs[open]?.() : null}</DialogSlot>
    </Card>
  );
};

/**
 * Send result to PASS: the result leaves for a partner programme, so the clinician confirms first; the dialog stays
 * open (buttons disabled) until the server answers (pessimistic), then a success or failure toast.
 */
const SendToPassConfirm = ({ kitId, onClose }: { kitId: string; onClose: () => void }) => {
  const send = useAction((dp) => dp.sendResultToPass(kitId), {
    success: 'kit.pass.sent',
    failure: (error) => ({ key: 'kit.pass.sendFailed', args: { reason: msgReasonOf(error).reason } }),
    invalidate: [['kits', 'getOne', { id: kitId }]],
    onSettled: onClose,
  });
  return (
    <ActionConfirm
      isOpen
      title="kit.pass.sendTitle"
      content="kit.pass.sendQuestion"
      titleTranslateOptions={{ kitId }}
      contentTranslateOptions={{ kitId }}
      confirm="kit.pass.send"
      cancel="ra.action.cancel"
      loading={send.isPending}
      onConfirm={() => send.mutate()}
      onClose={() => !send.isPending && onClose()}
    />
  );
};
