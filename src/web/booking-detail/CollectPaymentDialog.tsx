import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { isProductPaid, lineNet, type BookingDetail } from '../../domain/booking-detail';
import type { CollectRow } from './api';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { useDetailMutation } from './hooks';
import { DialogFrame, money } from './parts';
import { usePaymentPage } from './usePaymentPage';

const F = 'bookingDetail.ui.fields';
const MODES = ['Cash', 'Online'] as const;
type Mode = (typeof MODES)[number];
export interface PaymentLine { uniqueId: string; name: string; due: number; collected: string; discount: string; mode: Mode; modeRemaining: Mode }

/** A line is Paid once what was collected and the discount cover what is due. */
export const lineStatus = (l: Pick<PaymentLine, 'due' | 'collected' | 'discount'>) =>
  Math.round((Number(l.collected || 0) + Number(l.discount || 0)) * 100) >= Math.round(l.due * 100) ? 'Paid' : 'Un-Paid';

/** What Save does: the Cash rows go to POST /collectPayment; anything paid Online goes on to the payment screen. */
export function planCollection(lines: readonly PaymentLine[]): { cash: CollectRow[]; online: boolean } {
  const cash = lines.filter((l) => l.mode === 'Cash' && (Number(l.collected) > 0 || Number(l.discount) > 0))
    .map((l) => ({ uniqueId: l.uniqueId, collected: Number(l.collected || 0), discount: Number(l.discount || 0), mode: 'Cash' as const }));
  const online = lines.some((l) => l.mode === 'Online' || (lineStatus(l) === 'Un-Paid' && l.modeRemaining === 'Online'));
  return { cash, online };
}

/** Collect Payment (spec 2 §3, §9): per unpaid line collected, discount, mode Cash|Online, mode of the remainder, Paid|Un-Paid. */
export const CollectPaymentDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const goToPayment = usePaymentPage(booking);
  const [lines, setLines] = useState<PaymentLine[]>(() => booking.products.filter((p) => !isProductPaid(p)).map((p) => ({
    uniqueId: p.uniqueId, name: p.name, due: lineNet(p), collected: lineNet(p).toFixed(2), discount: '0', mode: 'Cash', modeRemaining: 'Cash',
  })));
  const plan = planCollection(lines);
  const withKey = useIdempotencyKey(); // a double click records the payment once
  const save = useDetailMutation(booking.id, (api, rows: CollectRow[]) => withKey((key) => api.collectPayment(booking.id, rows, key)), {
    success: 'bookingDetail.productPaymentUpdated', onSuccess: () => { onClose(); if (plan.online) goToPayment(); },
  });
  const submit = () => {
    if (plan.cash.length) save.mutate(plan.cash);
    else if (plan.online) { onClose(); goToPayment(); }
  };
  const set = (i: number, patch: Partial<PaymentLine>) => setLines((old) => old.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const modeSelect = (i: number, key: 'mode' | 'modeRemaining', label: string) => (
    <TextField select size="small" value={lines[i][key]} onChange={(e) => set(i, { [key]: e.target.value as Mode })}
      slotProps={{ htmlInput: { 'aria-label': `${translate(label)} ${lines[i].name}` } }}>
      {MODES.map((m) => <MenuItem key={m} value={m}>{translate(`bookingDetail.ui.${m.toLowerCase()}`)}</MenuItem>)}
    </TextField>
  );
  const amount = (i: number, key: 'collected' | 'discount') => (
    <TextField size="small" type="number" value={lines[i][key]} onChange={(e) => set(i, { [key]: e.target.value })} sx={{ width: 110 }}
      slotProps={{ htmlInput: { min: 0, step: '0.01', 'aria-label': `${translate(`${F}.${key}`)} ${lines[i].name}` } }} />
  );
  return (
    <DialogFrame title="bookingDetail.ui.titles.collectPayment" onClose={onClose} onSubmit={submit} pending={save.isPending}
      submitDisabled={!plan.cash.length && !plan.online} submitLabel="bookingDetail.ui.save" maxWidth="lg">
      {lines.length === 0 ? <Typography>{translate('bookingDetail.ui.noPaymentRequired')}</Typography> : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {['product', 'total', 'collected', 'discount', 'mode', 'modeRemaining', 'lineStatus'].map((c) => <TableCell key={c}>{translate(`${F}.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => (
              <TableRow key={l.uniqueId}>
                <TableCell>{l.name}</TableCell>
                <TableCell>{money(l.due)}</TableCell>
                <TableCell>{amount(i, 'collected')}</TableCell>
                <TableCell>{amount(i, 'discount')}</TableCell>
                <TableCell>{modeSelect(i, 'mode', `${F}.mode`)}</TableCell>
                <TableCell>{modeSelect(i, 'modeRemaining', `${F}.modeRemaining`)}</TableCell>
                <TableCell>{translate(lineStatus(l) === 'Paid' ? 'bookingDetail.ui.paid' : 'bookingDetail.ui.unpaid')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DialogFrame>
  );
};
