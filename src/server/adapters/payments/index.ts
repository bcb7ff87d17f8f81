import type { TokenizerSettings } from '../../../domain/payments/payment';
import type { ServerConfig } from '../../config';
import { authorizeNetGateway } from './authorizenet';
import { localPaymentGateway } from './local';
import type { PaymentGateway } from './types';

export type { ChargeRequest, ChargeResult, PaymentGateway } from './types';

/**
 * The configured payment gateway: Authorize.Net when configured, else the local sandbox gateway. A production start
 * without AUTHORIZENET_* settings (and without PAYMENT_PROVIDER=local) already failed in configFromEnv; a config
 * without the payment block is refused here in production too.
 */
export function createPaymentGateway(config: Pick<ServerConfig, 'payment' | 'mode'>): PaymentGateway {
  const p = config.payment;
  if (p?.provider === 'authorizenet') return authorizeNetGateway(p);
  if (!p && config.mode === 'production')
    throw new Error('Missing environment variable AUTHORIZENET_API_LOGIN_ID (or set PAYMENT_PROVIDER=local to use the local implementation)');
  return localPaymentGateway();
}

/** What the portal's card tokeniser needs (served in /config.json): the public Accept.js key, never the transaction key. */
export function tokenizerSettings(config: Pick<ServerConfig, 'payment'>): TokenizerSettings {
  const p = config.payment;
  return p?.provider === 'authorizenet'
    ? { provider: 'authorizenet', environment: p.environment, apiLoginId: p.apiLoginId, clientKey: p.clientKey }
    : { provider: 'local' };
}
