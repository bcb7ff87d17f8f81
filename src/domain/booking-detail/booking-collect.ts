import { z } from 'zod';
import { collectRowRefusal, rowPaysLine, type PayableLine } from '../bookings/booking-rules';

/**
 * The Collect Payment form (spec 2 §3, §9): per unpaid line what was collected, the discount, the mode (Cash|Online)
 * and the mode of the remainder. Amounts are typed text (empty: nothing entered); a Cash line is checked as the
 * server checks its row (collectRowRefusal), so its reason shows before anything is sent.
 */
export const COLLECT_MODES = ['Cash', 'Online'] as const;
export type CollectMode = (typeof COLLECT_MODES)[number];
export interface PaymentLine {
  uniqueId: string;
  name: string;
  /** What is still due on the line, in dollars. */
  due: number;
  collected: string;
  discount: string;
  mode: CollectMode;
  modeRemaining: CollectMode;
}
/** A Cash row of POST /collectPayment (collectPaymentSchema's row). */
export interface CollectCashRow {
  uniqueId: string;
  collected: number;
  discount: number;
  mode: 'Cash';
}

const num = (v: string) => (v.trim() === '' ? 0 : Number(v));
const entered = (l: Pick<PaymentLine, 'collected' | 'discount'>) => l.collected.trim() !== '' || l.discount.trim() !== '';
const amountsOf = (l: PaymentLine) => ({ collected: num(l.collected), discount: num(l.discount) });
const dueLine = (l: PaymentLine): PayableLine => ({ unitPrice: l.due, qty: 1, discountType: null, discountValue: null });

/** A line is Paid once what was collected and the discount cover what is due (the shared rule). */
export const lineStatus = (l: PaymentLine) => (entered(l) && rowPaysLine(dueLine(l), amountsOf(l)) ? 'Paid' : 'Un-Paid');

/** Why the amounts entered on a line are refused (the server's rule); null when fine or empty. */
export const lineError = (l: PaymentLine) => (entered(l) ? collectRowRefusal(dueLine(l), amountsOf(l)) : null);

/** What Save does: the Cash rows go to POST /collectPayment; anything paid Online goes on to the payment screen. */
export function planCollection(lines: readonly PaymentLine[]): { cash: CollectCashRow[]; online: boolean } {
  const cash = lines.filter((l) => l.mode === 'Cash' && entered(l)).map((l) => ({ uniqueId: l.uniqueId, ...amountsOf(l), mode: 'Cash' as const }));
  const online = lines.some((l) => l.mode === 'Online' || (entered(l) && lineStatus(l) === 'Un-Paid' && l.modeRemaining === 'Online'));
  return { cash, online };
}

/** The form's check: each Cash line's refusal under that line (`lines.{i}.amounts`); nothing is sent while one shows. */
export const collectPaymentFormSchema = z.object({
  lines: z.array(z.custom<PaymentLine>()).superRefine((lines, ctx) => {
    lines.forEach((l, i) => {
      const refusal = l.mode === 'Cash' ? lineError(l) : null;
      if (refusal) ctx.addIssue({ code: 'custom', path: [i, 'amounts'], message: refusal });
    });
  }),
});
