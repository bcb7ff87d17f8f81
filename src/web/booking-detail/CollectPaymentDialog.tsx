import { Box, MenuItem, TableCell, TableRow, TextField } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import {
  DataTable,
  DataTableBody,
  DataTableRow,
  useInput,
  useRecordContext,
  useTranslate,
  ValidationError,
  type DataTableRowProps,
  type ValidationErrorMessage,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  COLLECT_MODES,
  collectPaymentFormSchema,
  lineStatus,
  planCollection,
  type CollectCashRow,
  type PaymentLine,
} from '../../domain/booking-detail/booking-collect';
import { isProductPaid } from '../../domain/booking-detail/booking-money';
import { type BookingDetail } from '../../domain/booking-detail/booking-detail';
import { lineDueCents } from '../../domain/bookings/booking-rules';
import { useIdempotencyKey } from '../providers/idempotencyKey';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from '../shared/FormDialog';
import { LocalDataTable } from '../shared/LocalDataTable';
import { useBookingMutation } from '../shared/bookings/bookingHooks';
import { money } from './parts';
import { usePaymentPage } from './usePaymentPage';

const F = 'bookingDetail.ui.fields';
type Values = { lines: PaymentLine[] };
type LineRow = PaymentLine & { id: string; index: number };
/** Each Cash line is checked as the server checks its row; its reason shows under the line before anything is sent. */
const validate = zodValidate<Values>(collectPaymentFormSchema);
/** Save waits for something to send: a Cash amount or a line paid Online. */
const nothingToSend = (v: Values) => {
  const plan = planCollection(v.lines ?? []);
  return !plan.cash.length && !plan.online;
};

/** The reason a line's amounts are refused (the form's message for that line), or undefined. */
const useLineError = (index: number) => {
  const { errors } = useFormState<Values>({ name: 'lines' });
  const line = (errors.lines as unknown as Record<number, { amounts?: { message?: ValidationErrorMessage } }> | undefined)?.[index];
  return line?.amounts?.message;
};

/** A line's row, then, when its amounts are refused, the reason on a row of its own under it. */
const LineRowWithError = (props: DataTableRowProps) => {
  const line = useRecordContext<LineRow>();
  const error = useLineError(line?.index ?? -1);
  return (
    <>
      <DataTableRow {...props} />
      {error && (
        <TableRow>
          <TableCell colSpan={7} sx={{ color: 'error.main', borderBottom: 0, pt: 0 }} role="alert">
            <ValidationError error={error} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
};

const LinesBody = (props: { children?: ReactNode }) => <DataTableBody {...props} row={LineRowWithError} />;

const ModeSelect = ({ line, name, label }: { line: LineRow; name: 'mode' | 'modeRemaining'; label: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source: `lines.${line.index}.${name}` });
  return (
    <TextField
      select
      size="small"
      value={field.value}
      onChange={(e) => field.onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': `${translate(label)} ${line.name}` } }}
    >
      {COLLECT_MODES.map((m) => (
        <MenuItem key={m} value={m}>
          {translate(`bookingDetail.ui.${m.toLowerCase()}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

const AmountInput = ({ line, name }: { line: LineRow; name: 'collected' | 'discount' }) => {
  const translate = useTranslate();
  // Kept as typed (an emptied amount is '', nothing entered), as the domain's line rules read it.
  const { field } = useInput({ source: `lines.${line.index}.${name}`, parse: (v: string) => v });
  const error = useLineError(line.index);
  return (
    <TextField
      size="small"
      type="number"
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      sx={{ width: 110 }}
      placeholder="0.00"
      error={!!error}
      slotProps={{ htmlInput: { min: 0, step: '0.01', 'aria-label': `${translate(`${F}.${name}`)} ${line.name}` } }}
    />
  );
};

/** The lines as typed; every change checks all of them again (a discount changes what may be collected). */
const LinesTable = () => {
  const translate = useTranslate();
  const { trigger } = useFormContext<Values>();
  const lines = useWatch<Values, 'lines'>({ name: 'lines' });
  useEffect(() => {
    void trigger();
  }, [lines, trigger]);
  return (
    // On a phone the table scrolls sideways in its own box, not the whole dialog.
    <Box sx={{ overflowX: 'auto' }}>
      <LocalDataTable<LineRow>
        resource="booking-payment-lines"
        data={lines.map((l, index) => ({ ...l, id: l.uniqueId, index }))}
        body={LinesBody}
        emptyText="bookingDetail.ui.noPaymentRequired"
      >
        <DataTable.Col<LineRow> source="name" label={`${F}.product`} disableSort />
        <DataTable.Col<LineRow> source="due" label={`${F}.total`} disableSort render={(l) => money(l.due)} />
        <DataTable.Col<LineRow> label={`${F}.collected`} disableSort render={(l) => <AmountInput line={l} name="collected" />} />
        <DataTable.Col<LineRow> label={`${F}.discount`} disableSort render={(l) => <AmountInput line={l} name="discount" />} />
        <DataTable.Col<LineRow> label={`${F}.mode`} disableSort render={(l) => <ModeSelect line={l} name="mode" label={`${F}.mode`} />} />
        <DataTable.Col<LineRow>
          label={`${F}.modeRemaining`}
          disableSort
          render={(l) => <ModeSelect line={l} name="modeRemaining" label={`${F}.modeRemaining`} />}
        />
        <DataTable.Col<LineRow>
          label={`${F}.lineStatus`}
          disableSort
          render={(l) => translate(lineStatus(l) === 'Paid' ? 'bookingDetail.ui.paid' : 'bookingDetail.ui.unpaid')}
        />
      </LocalDataTable>
    </Box>
  );
};

/**
 * Collect Payment (spec 2 §3, §9): per unpaid line collected, discount, mode Cash|Online, mode of the remainder, Paid|Un-Paid.
 * Nothing is pre-filled as paid: the user enters what was collected; the amounts are checked as the server checks them.
 */
export const CollectPaymentDialog = ({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) => {
  const goToPayment = usePaymentPage(booking);
  const defaultValues: Values = {
    lines: booking.products
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
  };
  const withKey = useIdempotencyKey(); // a double click records the payment once
  const save = useBookingMutation(
    (dp, v: { rows: CollectCashRow[]; online: boolean }) => withKey((key) => dp.collectBookingPayment(booking.id, v.rows, key)),
    {
      success: 'bookingDetail.productPaymentUpdated',
      onSuccess: (_, v) => {
        onClose();
        if (v.online) goToPayment();
      },
    },
  );
  const submit = (v: Values) => {
    const plan = planCollection(v.lines);
    if (plan.cash.length) save.mutate({ rows: plan.cash, online: plan.online });
    else if (plan.online) {
      onClose();
      goToPayment();
    }
  };
  return (
    <FormDialog<Values>
      title="bookingDetail.ui.titles.collectPayment"
      defaultValues={defaultValues}
      validate={validate}
      mode="onChange"
      onSubmit={submit}
      onClose={onClose}
      pending={save.isPending}
      submitDisabled={nothingToSend}
      maxWidth="lg"
    >
      <LinesTable />
    </FormDialog>
  );
};
