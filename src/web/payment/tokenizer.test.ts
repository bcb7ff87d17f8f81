// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSandboxToken, isSandboxDeclineCard } from '../../domain/payments/payment-sandbox';
import type { SecureData } from '../../domain/payments/payment';
import { acceptJsTokenizer, sandboxTokenizer, tokenizerFor } from './tokenizer';

const now = () => new Date('2026-11-23T12:00:00Z');
const card = (cardNumber: string, month = '12', year = '30', cardCode = '123'): SecureData => ({
  authData: { apiLoginID: '', clientKey: '' },
  cardData: { cardNumber, month, year, cardCode },
});

describe('the sandbox card tokeniser (Accept.js contract)', () => {
  it('tokenises a published test card: opaque data that carries no full number and no CVV', async () => {
    const r = await sandboxTokenizer(now).dispatchData(card('4111111111111111'));
    expect(r.messages.resultCode).toBe('Ok');
    expect(r.opaqueData?.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    const value = r.opaqueData!.dataValue;
    expect(value).not.toContain('4111111111111111');
    expect(value.split('.')).not.toContain('123');
    expect(decodeSandboxToken(value)).toMatchObject({ bin: '411111', last4: '1111', length: 16, month: '12', year: '30' });
    const again = await sandboxTokenizer(now).dispatchData(card('4111111111111111'));
    expect(again.opaqueData!.dataValue).not.toBe(value);
  });

  it('the decline card tokenises (it declines at payment, as in the provider sandbox)', async () => {
    const r = await sandboxTokenizer(now).dispatchData(card('4000000000000002'));
    expect(isSandboxDeclineCard(decodeSandboxToken(r.opaqueData!.dataValue)!)).toBe(true);
  });

  it('refuses with Accept.js messages: Luhn failure, month, year, past expiry, CVV', async () => {
    const t = sandboxTokenizer(now);
    const first = async (d: SecureData) => (await t.dispatchData(d)).messages.message[0];
    expect(await first(card('4111111111111112'))).toEqual({ code: 'E_WC_05', text: 'Please provide valid credit card number.' });
    expect(await first(card('4111111111111111', '13'))).toMatchObject({ code: 'E_WC_06' });
    expect(await first(card('4111111111111111', '12', '3'))).toMatchObject({ code: 'E_WC_07' });
    expect(await first(card('4111111111111111', '10', '26'))).toEqual({ code: 'E_WC_08', text: 'Expiration date must be in the future.' });
    expect(await first(card('4111111111111111', '12', '30', '12'))).toMatchObject({ code: 'E_WC_15' });
    expect((await t.dispatchData(card('4111111111111112'))).opaqueData).toBeUndefined();
  });
});

describe('Accept.js', () => {
  afterEach(() => {
    delete window.Accept;
  });

  it('hands the card to Accept.dispatchData with the public client key and answers its opaque data', async () => {
    const dispatchData = vi.fn((_d: SecureData, cb: (r: unknown) => void) =>
      cb({ opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJ0b2tlbiI6' }, messages: { resultCode: 'Ok', message: [] } }),
    );
    window.Accept = { dispatchData } as never;
    const t = acceptJsTokenizer({ provider: 'authorizenet', environment: 'sandbox', apiLoginId: 'login', clientKey: 'public-key' });
    const r = await t.dispatchData(card('4111111111111111'));
    expect(r.opaqueData?.dataValue).toBe('eyJ0b2tlbiI6');
    expect(dispatchData.mock.calls[0][0]).toMatchObject({
      authData: { apiLoginID: 'login', clientKey: 'public-key' },
      cardData: { cardNumber: '4111111111111111' },
    });
  });

  it('the configured provider picks the tokeniser', () => {
    expect(tokenizerFor({ provider: 'local' })).toBeDefined();
    expect(tokenizerFor(undefined)).toBeDefined();
  });
});
