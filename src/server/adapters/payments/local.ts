import { randomInt } from 'node:crypto';
import { expiryNotPast, maskedCard, PROVIDER_DECLINED_TEXT, SANDBOX_DECLINED_ZIP } from '../../../domain/payments/payment';
import { decodeSandboxToken, isSandboxDeclineCard } from '../../../domain/payments/payment-sandbox';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './types';

/** Texts of the gateway the sandbox stands in for (Authorize.Net: E00114, response reason code 8). */
export const SANDBOX_TEXT = { invalidToken: 'Invalid OTS Token.', expired: 'The credit card has expired.' } as const;

/**
 * The local payment gateway: it behaves like the provider's sandbox for tokens of the browser's sandbox tokeniser —
 * the published test cards settle, the decline card and billing zip 46282 decline with the gateway's text, an expired
 * card or a value that is no sandbox token is refused — and records each settlement in PostgreSQL (sandbox_settlements).
 */
export function localPaymentGateway(now: () => Date = () => new Date()): PaymentGateway {
  return {
    provider: 'local',
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const card = decodeSandboxToken(req.opaqueData.dataValue);
      if (!card) return { status: 'DECLINED', message: SANDBOX_TEXT.invalidToken };
      if (!expiryNotPast(card, now())) return { status: 'DECLINED', message: SANDBOX_TEXT.expired };
      if (isSandboxDeclineCard(card) || req.billTo.postalCode.startsWith(SANDBOX_DECLINED_ZIP)) {
        return { status: 'DECLINED', message: PROVIDER_DECLINED_TEXT };
      }
      const transactionId = String(randomInt(10_000_000_000, 99_999_999_999));
      const accountNumber = maskedCard(card.last4);
      await req.db.query(`INSERT INTO sandbox_settlements (transaction_id, invoice_number, amount_cents, account_number) VALUES ($1, $2, $3, $4)`, [
        transactionId,
        req.invoiceNumber,
        req.amountCents,
        accountNumber,
      ]);
      return { status: 'SETTLED', transactionId, accountNumber };
    },
  };
}
