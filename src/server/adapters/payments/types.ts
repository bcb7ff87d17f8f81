import type { PoolClient } from 'pg';
import type { BillingAddress } from '../../../domain/payments/payment';

/** One charge of a checkout's gross amount against the tokeniser's opaque data (card data never reaches this server). */
export interface ChargeRequest {
  /** The open transaction the payment is recorded in (the local gateway writes its ledger there). */
  db: PoolClient;
  /** Our reference for the charge (checkout token, 20 characters at most for the gateway). */
  invoiceNumber: string;
  description: string;
  amountCents: number;
  taxCents: number;
  opaqueData: { dataDescriptor: string; dataValue: string };
  billTo: BillingAddress;
}

export type ChargeResult =
  | { status: 'SETTLED'; transactionId: string; accountNumber: string | null }
  /** The gateway's own text, shown to the user (spec 2 §8: pay failure shows the error message). */
  | { status: 'DECLINED'; message: string };

export interface PaymentGateway {
  readonly provider: 'local' | 'authorizenet';
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
