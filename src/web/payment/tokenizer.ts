import {
  ACCEPT_DATA_DESCRIPTOR,
  ACCEPT_JS,
  ACCEPT_MESSAGES,
  expiryNotPast,
  luhnValid,
  type SecureData,
  type TokenizerMessage,
  type TokenizerResponse,
  type TokenizerSettings,
} from '../../domain/payments/payment';
import { encodeSandboxToken, sandboxCardOf } from '../../domain/payments/payment-sandbox';

/**
 * The browser's card tokeniser with Authorize.Net Accept.js's contract: dispatchData(secureData) answers opaqueData
 * (dataDescriptor, dataValue) or error messages. The card goes to the tokeniser only; the portal sends the server the
 * opaque dataValue.
 */
export interface CardTokenizer {
  dispatchData(secureData: SecureData): Promise<TokenizerResponse>;
}

declare global {
  interface Window {
    Accept?: { dispatchData(data: SecureData, callback: (r: TokenizerResponse) => void): void };
  }
}

const refuse = (...message: TokenizerMessage[]): TokenizerResponse => ({ messages: { resultCode: 'Error', message } });

/**
 * The local sandbox tokeniser: it refuses what Accept.js refuses (a number failing the Luhn check, a bad month or year,
 * a past expiry, a bad CVV) with Accept.js's messages, and otherwise answers a sandbox token that the local gateway
 * settles like the provider's sandbox (test cards approve; its decline card declines at payment).
 */
export function sandboxTokenizer(now: () => Date = () => new Date()): CardTokenizer {
  return {
    async dispatchData({ cardData }) {
      const digits = cardData.cardNumber;
      if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return refuse(ACCEPT_MESSAGES.cardNumber);
      if (!/^(0[1-9]|1[0-2])$/.test(cardData.month)) return refuse(ACCEPT_MESSAGES.month);
      if (!/^\d{2}$/.test(cardData.year)) return refuse(ACCEPT_MESSAGES.year);
      if (!expiryNotPast({ month: cardData.month, year: cardData.year }, now())) return refuse(ACCEPT_MESSAGES.past);
      if (!/^\d{3,4}$/.test(cardData.cardCode)) return refuse(ACCEPT_MESSAGES.cvv);
      const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      return {
        opaqueData: {
          dataDescriptor: ACCEPT_DATA_DESCRIPTOR,
          dataValue: encodeSandboxToken(sandboxCardOf(digits, cardData.month, cardData.year, nonce)),
        },
        messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
      };
    },
  };
}

const loading = new Map<string, Promise<void>>();

/** Loads Accept.js from the provider once (the CSP allows its origin only when Authorize.Net is configured). */
function loadScript(src: string): Promise<void> {
  if (window.Accept) return Promise.resolve();
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.charset = 'utf-8';
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error('The payment provider could not be loaded'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, p);
  }
  return p;
}

/** Accept.js: the card goes from the browser to Authorize.Net with the public client key; the answer is its opaque data. */
export function acceptJsTokenizer(settings: Extract<TokenizerSettings, { provider: 'authorizenet' }>): CardTokenizer {
  return {
    async dispatchData(secureData) {
      await loadScript(ACCEPT_JS[settings.environment].script);
      const accept = window.Accept;
      if (!accept) return refuse();
      return new Promise((resolve) =>
        accept.dispatchData({ ...secureData, authData: { apiLoginID: settings.apiLoginId, clientKey: settings.clientKey } }, resolve),
      );
    },
  };
}

/** The tokeniser /config.json names (the local sandbox when none is named). */
export const tokenizerFor = (settings: TokenizerSettings | undefined): CardTokenizer =>
  settings?.provider === 'authorizenet' ? acceptJsTokenizer(settings) : sandboxTokenizer();
