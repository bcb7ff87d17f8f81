import { SANDBOX_DECLINED_CARDS } from './payment';

/**
 * The local sandbox's payment token (opaqueData.dataValue), written by the browser's sandbox tokeniser and read by
 * the local payment gateway, the way Authorize.Net's Accept.js nonce is read only by its gateway. It carries what a
 * gateway knows about a tokenised card: a nonce, the masked number (first 6 and last 4 digits, its length) and the
 * expiry; never the full number or the CVV.
 */
export interface SandboxCard {
  nonce: string;
  bin: string;
  last4: string;
  length: number;
  month: string;
  year: string;
}

const PREFIX = 'sandbox1';

export function encodeSandboxToken(card: SandboxCard): string {
  return [PREFIX, card.nonce, card.bin, card.last4, String(card.length), `${card.month}${card.year}`].join('.');
}

/** The card behind a sandbox token, or null when the value is not one (the gateway then refuses it). */
export function decodeSandboxToken(value: string): SandboxCard | null {
  const m = /^sandbox1\.([0-9a-f]{32})\.(\d{6})\.(\d{4})\.(1[3-9])\.(0[1-9]|1[0-2])(\d{2})$/.exec(value);
  return m ? { nonce: m[1], bin: m[2], last4: m[3], length: Number(m[4]), month: m[5], year: m[6] } : null;
}

/** The masked card of a full number as a sandbox token carries it. */
export const sandboxCardOf = (digits: string, month: string, year: string, nonce: string): SandboxCard => ({
  nonce,
  bin: digits.slice(0, 6),
  last4: digits.slice(-4),
  length: digits.length,
  month,
  year,
});

/** Whether the masked card is one of the sandbox's decline cards. */
export const isSandboxDeclineCard = (c: Pick<SandboxCard, 'bin' | 'last4' | 'length'>) =>
  SANDBOX_DECLINED_CARDS.some((n) => n.length === c.length && n.startsWith(c.bin) && n.endsWith(c.last4));
