import { Box, MenuItem, TableCell, TableRow, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { DataTable, DataTableBody, DataTableRow, useRecordContext, useTranslate, type DataTableRowProps } from 'react-admin';
import { isProductPaid } from '../../domain/booking-detail/booking-money';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { collectRowRefusal, lineDueCents, rowPaysLine, type PayableLine } from '../../domain/bookings/booking-rules';
import type { CollectRow } from '../providers/bookingMethods';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { LocalDataTable } from '../shared/LocalDataTable';
import { useBookingMutation } from '../shared/bookings/bookingHooks';
import { DialogFrame, money } from './parts';
import { usePaymentPage } from './usePaymentPage';

const F = 'bookingDetail.ui.fields';
const MODES = ['Cash', 'Online'] as const;
type Mode = (typeof MODES)[number];
export interface PaymentLine {
  uniqueId: string;
  name: string;
  due: number;
  collected: string;
  discount: string;
  mode: Mode;
  modeRemaining: Mode;
}

const num = (v: string) => (v.trim() === '' ? 0 : Number(v));
const entered = (l: Pick<PaymentLine, 'collected' | 'discount'>) => l.collected.trim() !== '' || l.discount.trim() !== '';
const amountsOf = (l: PaymentLine) => ({ collected: num(l.collected), discount: num(l.discount) });
const dueLine = (l: PaymentLine): PayableLine => ({ unitPrice: l.due, qty: 1, discountType: null, discountValue: null });

/** A line is Paid once what was collected and the discount cover what is due (the shared rule). */
export const lineStatus = (l: PaymentLine) => (entered(l) && rowPaysLine(dueLine(l), amountsOf(l)) ? 'Paid' : 'Un-Paid');

/** Why the amounts entered on a line are refused (the server's rule, shown before anything is sent); null when fine or empty. */
export const lineError = (l: PaymentLine) => (entered(l) ? collectRowRefusal(dueLine(l), amountsOf(l)) : null);

/** What Save does: the Cash rows go to POST /collectPayment; anything paid Online goes on to the payment screen. */
export function planCollection(lines: readonly PaymentLine[]): { cash: CollectRow[]; online: boolean; invalid: boolean } {
  const cash = lines.filter((l) => l.mode === 'Cash' && entered(l)).map((l) => ({ uniqueId: l.uniqueId, ...amountsOf(l), mode: 'Cash' as const }));
  const online = lines.some((l) => l.mode === 'Online' || (entered(l) && lineStatus(l) === 'Un-Paid' && l.modeRemaining === 'Online'));
  return { cash, online, invalid: lines.some((l) => l.mode === 'Cash' && !!lineError(l)) };
}

type LineRow = PaymentLine & { id: string };

/** A line's row, then, when its amounts are refused, the reason on a row of its own under it. */
const LineRowWithError = (props: DataTableRowProps) => {
  const line = useRecordContext<LineRow>();
  const error = line ? lineError(line) : null;
  return (
    <>
      <DataTableRow {...props} />
      {error && (
        <TableRow>
          <TableCell colSpan={7} sx={{ color: 'error.main', borderBottom: 0, pt: 0 }} role="alert">
            {error}
          </TableCell>
        </TableRow>
      )}
    </>
  );
};

const LinesBody = (props: { children?: ReactNode }) => <DataTableBody {...props} row={LineRowWithError} />;

/**
 * Collect Payment (spec 2 §3, §9): per unpaid line collected, discount, mode Cash|Online, mode of the remainder, Paid|Un-Paid.
 * Nothing is pre-filled as paid: the user enters what was collected; the amounts are checked as the server checks them.
 */
export const CollectPaymentDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const translate = useTranslate();
  const goToPayment = usePaymentPage(booking);
  const [lines, setLines] = useState<PaymentLine[]>(() =>
    booking.products
      .filter((p) => !isProductPaid(p))
      .map((p) => ({
        uniqueId: p.uniqueId,
        name: p.name,
        due: lineDueCents(p) / 100,
        collected: '',
        discount: '',
        mode: 'Cash',
        modeRemaining: 'Cash',
      })),
  );
  const plan = planCollection(lines);
  const withKey = useIdempotencyKey(); // a double click records the payment once
  const save = useBookingMutation((dp, rows: CollectRow[]) => withKey((key) => dp.collectBookingPayment(booking.id, rows, key)), {
    success: 'bookingDetail.productPaymentUpdated',
    onSuccess: () => {
      onClose();
      if (plan.online) goToPayment();
    },
  });
  const submit = () => {
    if (plan.invalid) return;
    if (plan.cash.length) save.mutate(plan.cash);
    else if (plan.online) {
      onClose();
      goToPayment();
    }
  };
  // The cells read the dialog's own lines (what was just typed), found by the row's uniqueId.
  const indexOf = (row: LineRow) => lines.findIndex((l) => l.uniqueId === row.id);
  const set = (i: number, patch: Partial<PaymentLine>) => setLines((old) => old.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const modeSelect = (i: number, key: 'mode' | 'modeRemaining', label: string) => (
    <TextField
      select
      size="small"
      value={lines[i][key]}
      onChange={(e) => set(i, { [key]: e.target.value as Mode })}
      slotProps={{ htmlInput: { 'aria-label': `${translate(label)} ${lines[i].name}` } }}
    >
      {MODES.map((m) => (
        <MenuItem key={m} value={m}>
          {translate(`bookingDetail.ui.${m.toLowerCase()}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const amount = (i: number, key: 'collected' | 'discount') => (
    <TextField
      size="small"
      type="number"
      value={lines[i][key]}
      onChange={(e) => set(i, { [key]: e.target.value })}
      sx={{ width: 110 }}
      placeholder="0.00"
      error={!!lineError(lines[i])}
      slotProps={{ htmlInput: { min: 0, step: '0.01', 'aria-label': `${translate(`${F}.${key}`)} ${lines[i].name}` } }}
    />
  );
  return (
    <DialogFrame
      title="bookingDetail.ui.titles.collectPayment"
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitDisabled={plan.invalid || (!plan.cash.length && !plan.online)}
      submitLabel="ra.action.save"
      maxWidth="lg"
    >
      {/* On a phone the table scrolls sideways in its own box, not the whole dialog. */}
      <Box sx={{ overflowX: 'auto' }}>
        <LocalDataTable<LineRow>
          resource="booking-payment-lines"
          data={lines.map((l) => ({ ...l, id: l.uniqueId }))}
          body={LinesBody}
          emptyText="bookingDetail.ui.noPaymentRequired"
        >
          <DataTable.Col<LineRow> source="name" label={`${F}.product`} disableSort />
          <DataTable.Col<LineRow> source="due" label={`${F}.total`} disableSort render={(l) => money(l.due)} />
          <DataTable.Col<LineRow> label={`${F}.collected`} disableSort render={(l) => amount(indexOf(l), 'collected')} />
          <DataTable.Col<LineRow> label={`${F}.discount`} disableSort render={(l) => amount(indexOf(l), 'discount')} />
          <DataTable.Col<LineRow> label={`${F}.mode`} disableSort render={(l) => modeSelect(indexOf(l), 'mode', `${F}.mode`)} />
          <DataTable.Col<LineRow>
            label={`${F}.modeRemaining`}
            disableSort
            render={(l) => modeSelect(indexOf(l), 'modeRemaining', `${F}.modeRemaining`)}
          />
          <DataTable.Col<LineRow>
            label={`${F}.lineStatus`}
            disableSort
            render={(l) => translate(lineStatus(lines[indexOf(l)]) === 'Paid' ? 'bookingDetail.ui.paid' : 'bookingDetail.ui.unpaid')}
          />
        </LocalDataTable>
      </Box>
    </DialogFrame>
  );
};
