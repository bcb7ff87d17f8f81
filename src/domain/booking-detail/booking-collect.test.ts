import { describe, expect, it } from 'vitest';
import { collectPaymentFormSchema, lineStatus, planCollection, type PaymentLine } from './booking-collect';

const line = (o: Partial<PaymentLine> = {}): PaymentLine => ({
  uniqueId: 'u1',
  name: 'P',
  due: 50,
  collected: '',
  discount: '',
  mode: 'Cash',
  modeRemaining: 'Cash',
  ...o,
});
const messages = (lines: PaymentLine[]) => collectPaymentFormSchema.safeParse({ lines }).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('Collect Payment form', () => {
  it('refuses a Cash line with the server rule’s reason under that line; empty and Online lines pass', () => {
    expect(messages([line(), line({ uniqueId: 'u2', collected: '-50' })])).toEqual([['lines.1.amounts', 'Amounts cannot be negative']]);
    expect(messages([line({ discount: '60' })])).toEqual([['lines.0.amounts', 'The discount cannot be more than the amount due ($50.00)']]);
    expect(messages([line(), line({ mode: 'Online', collected: '-1' })])).toBeUndefined();
  });
  it('plans the Cash rows and whether anything goes on to the payment screen', () => {
    expect(planCollection([line({ collected: '30', discount: '20' })])).toEqual({
      cash: [{ uniqueId: 'u1', collected: 30, discount: 20, mode: 'Cash' }],
      online: false,
    });
    expect(planCollection([line({ collected: '30', modeRemaining: 'Online' })]).online).toBe(true);
    expect(lineStatus(line({ collected: '50' }))).toBe('Paid');
  });
});
