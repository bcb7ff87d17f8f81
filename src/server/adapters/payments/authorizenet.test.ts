import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTHORIZENET_API, authorizeNetGateway } from './authorizenet';
import { createPaymentGateway } from './index';
import type { ChargeRequest } from './types';

// Answers recorded in the shape Authorize.Net's API reference documents, replayed with the byte order mark the gateway sends.
const recorded = JSON.parse(readFileSync(new URL('./authorizenet.recorded.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const settings = { environment: 'sandbox' as const, apiLoginId: 'login-id', transactionKey: 'secret-key' };
const request: ChargeRequest = {
  db: null as never,
  invoiceNumber: '6f1c1f7e8f7a4c599c36',
  description: 'Booking BK000603',
  amountCents: 10692,
  taxCents: 792,
  opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJjb2RlIjoiNTBfMl8wNjAwMDUyOEJFQTY3NzlGNjk0' },
  billTo: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '7025550148',
    streetAddress1: '1 Main St',
    streetAddress2: 'Apt 2',
    city: 'Las Vegas',
    countryArea: 'NV',
    postalCode: '89104',
    country: 'US',
  },
};

function replay(name: string, status = 200) {
  const sent: { url: string; body: Record<string, any> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url: String(url), body: JSON.parse(String(init.body)) });
    return new Response(`\uFEFF${JSON.stringify(recorded[name] ?? {})}`, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  }) as unknown as typeof fetch;
  return { sent, gateway: authorizeNetGateway(settings, fetchImpl) };
}

describe('Authorize.Net gateway (recorded exchange)', () => {
  it('charges the opaque data with createTransactionRequest and reads the settled transaction', async () => {
    const { sent, gateway } = replay('approved');
    expect(await gateway.charge(request)).toEqual({ status: 'SETTLED', transactionId: '80040718553', accountNumber: 'XXXX1111' });
    expect(sent[0].url).toBe(AUTHORIZENET_API.sandbox);
    const body = sent[0].body.createTransactionRequest;
    expect(Object.keys(body)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect(body.merchantAuthentication).toEqual({ name: 'login-id', transactionKey: 'secret-key' });
    expect(body.transactionRequest).toEqual({
      transactionType: 'authCaptureTransaction',
      amount: '106.92',
      payment: { opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: request.opaqueData.dataValue } },
      order: { invoiceNumber: '6f1c1f7e8f7a4c599c36', description: 'Booking BK000603' },
      tax: { amount: '7.92', name: 'Sales tax' },
      billTo: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address: '1 Main St, Apt 2',
        city: 'Las Vegas',
        state: 'NV',
        zip: '89104',
        country: 'US',
        phoneNumber: '7025550148',
      },
    });
    expect(JSON.stringify(sent[0].body)).not.toMatch(/cardNumber|cardCode/);
  });

  it('a decline and a refused token come back with the gateway text, nothing settled', async () => {
    expect(await replay('declined').gateway.charge(request)).toEqual({ status: 'DECLINED', message: 'This transaction has been declined.' });
    expect(await replay('invalidToken').gateway.charge(request)).toEqual({ status: 'DECLINED', message: 'Invalid OTS Token.' });
    expect(await replay('authenticationFailed').gateway.charge(request)).toEqual({
      status: 'DECLINED',
      message: 'User authentication failed due to invalid authentication values.',
    });
  });

  it('a gateway outage is a 502, never a settlement', async () => {
    await expect(replay('approved', 503).gateway.charge(request)).rejects.toMatchObject({ status: 502 });
    const unreachable = authorizeNetGateway(settings, (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    await expect(unreachable.charge(request)).rejects.toMatchObject({ status: 502 });
  });

  it('production posts to the live endpoint; a production start without payment settings throws', async () => {
    const sent: string[] = [];
    const gw = authorizeNetGateway({ ...settings, environment: 'production' }, (async (url: string) => {
      sent.push(String(url));
      return new Response(JSON.stringify(recorded.approved));
    }) as unknown as typeof fetch);
    await gw.charge(request);
    expect(sent).toEqual(['https://api.authorize.net/xml/v1/request.api']);
    expect(() => createPaymentGateway({ mode: 'production' })).toThrow(/AUTHORIZENET_API_LOGIN_ID.*PAYMENT_PROVIDER=local/);
    expect(createPaymentGateway({ mode: 'production', payment: { provider: 'local' } }).provider).toBe('local');
    expect(createPaymentGateway({ mode: 'production', payment: { provider: 'authorizenet', clientKey: 'c', ...settings } }).provider).toBe(
      'authorizenet',
    );
  });
});
