import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../config';
import { saleorOrderSchema } from '../../../domain/super-admin/super-admin';
import { createCommerce } from './index';
import { saleorCommerce } from './saleor';

interface Exchange {
  operationName: string;
  variables?: unknown;
  response: unknown;
}
const recorded = JSON.parse(readFileSync(new URL('./saleor.recorded.json', import.meta.url), 'utf8')) as Record<string, Exchange[]>;
const settings = { url: 'https://shop.example/graphql/', token: 'app-token', channel: 'default-channel' };

/** Replays a recorded exchange: each request must be the next recorded operation with the same variables. */
function replay(exchanges: Exchange[]) {
  const queue = [...exchanges];
  const seen: { url: string; headers: Record<string, string>; body: { operationName: string; query: string; variables: unknown } }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    seen.push({ url, headers: init.headers as Record<string, string>, body });
    const next = queue.shift();
    if (!next) throw new Error(`unexpected ${body.operationName}`);
    expect(body.operationName).toBe(next.operationName);
    expect(body.query).toContain(next.operationName);
    if (next.variables !== undefined) expect(body.variables).toEqual(next.variables);
    return Response.json(next.response);
  }) as unknown as typeof fetch;
  return { fetchImpl, seen, left: () => queue.length };
}

const order = saleorOrderSchema.parse({
  firstName: 'Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 404 789 7890',
  variantId: 'UHJvZHVjdFZhcmlhbnQ6MjAy',
  shippingMethodId: 'U2hpcHBpbmdNZXRob2Q6Nw==',
  amountPaid: 25,
  partnerId: 'PREP_PROGRAM',
  userAddress: { street_address: '1 Main St', street_address2: 'Apt 2', locality: 'Reno', region: 'NV', postal_code: '89501' },
});

describe('Saleor storefront (recorded GraphQL exchange)', () => {
  it('places a draft order in the channel, completes it and records the invoice amount as a charged transaction', async () => {
    const r = replay(recorded.createOrder);
    const placed = await saleorCommerce(settings, r.fetchImpl).createOrder({} as never, order, 'sub-1');
    expect(placed).toEqual({ orderId: 'SALEOR-1042', number: '1042', status: 'UNFULFILLED', productName: 'PrEP Maintenance At-home STI Test' });
    expect(r.left()).toBe(0);
    expect(r.seen.every((s) => s.url === settings.url && s.headers.authorization === 'Bearer app-token')).toBe(true);
  });

  it('sends no transaction for a zero or empty invoice amount', async () => {
    const r = replay(recorded.createOrder.slice(0, 3));
    await saleorCommerce(settings, r.fetchImpl).createOrder({} as never, { ...order, amountPaid: null }, 'sub-1');
    expect(r.left()).toBe(0);
  });

  it("lists products with a variant per sex at birth, and the channel's shipping methods once each, cheapest first", async () => {
    const products = await saleorCommerce(settings, replay(recorded.products).fetchImpl).listProducts();
    expect(products).toEqual([
      {
        id: 'UHJvZHVjdDo3Mg==',
        name: '3-Panel STD Test',
        kind: 'KIT',
        variants: [
          { id: 'UHJvZHVjdFZhcmlhbnQ6MjAw', name: '3-Panel STD Test (Male)', sexAtBirth: 'male' },
          { id: 'UHJvZHVjdFZhcmlhbnQ6MjAx', name: '3-Panel STD Test (Female)', sexAtBirth: 'female' },
        ],
      },
      {
        id: 'UHJvZHVjdDo3OQ==',
        name: 'PrEP Maintenance At-home STI Test',
        kind: 'PREP',
        variants: [{ id: 'UHJvZHVjdFZhcmlhbnQ6MjAy', name: 'PrEP Maintenance At-home STI Test (Intersex)', sexAtBirth: 'intersex' }],
      },
    ]);
    expect(await saleorCommerce(settings, replay(recorded.shippingZones).fetchImpl).listShippingMethods()).toEqual([
      { id: 'U2hpcHBpbmdNZXRob2Q6Nw==', name: 'USPS Priority (1-3 Days)', price: 0 },
      { id: 'U2hpcHBpbmdNZXRob2Q6OA==', name: 'USPS Priority (1-3 Days)', price: 10 },
    ]);
  });

  it("a refusal is a 502 with Saleor's message; an unreachable shop is a 502", async () => {
    await expect(saleorCommerce(settings, replay(recorded.refusal).fetchImpl).createOrder({} as never, order, 'sub-1')).rejects.toMatchObject({
      status: 502,
      reason: expect.stringContaining('This value is not valid for the address. (shippingAddress)'),
    });
    const down = (async () => {
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    await expect(saleorCommerce(settings, down).listProducts()).rejects.toMatchObject({ status: 502 });
    const http500 = (async () => new Response('oops', { status: 500 })) as unknown as typeof fetch;
    await expect(saleorCommerce(settings, http500).listShippingMethods()).rejects.toMatchObject({ status: 502 });
  });

  it('configuration: Saleor when SALEOR_API_URL is set (token and channel required); local otherwise; production needs a choice', () => {
    const local = { COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c', DATABASE_URL: 'postgres://x', PORTAL_MODE: 'local' };
    expect(createCommerce(configFromEnv(local), {} as never).provider).toBe('local');
    const saleorEnv = { ...local, SALEOR_API_URL: settings.url, SALEOR_TOKEN: 't', SALEOR_CHANNEL: 'default-channel' };
    expect(createCommerce(configFromEnv(saleorEnv), {} as never).provider).toBe('saleor');
    expect(() => configFromEnv({ ...saleorEnv, SALEOR_TOKEN: '' })).toThrow(/SALEOR_TOKEN/);
    expect(() => configFromEnv({ ...saleorEnv, SALEOR_CHANNEL: '' })).toThrow(/SALEOR_CHANNEL/);
    const production = {
      COGNITO_USER_POOL_ID: 'p',
      COGNITO_CLIENT_ID: 'c',
      DATABASE_URL: 'postgres://x',
      MAIL_PROVIDER: 'local',
      STORAGE_PROVIDER: 'local',
      OBJECT_STORAGE_DIR: '/srv',
      FILE_URL_SECRET: 's',
      METRICS_TOKEN: 'metrics-token-0123456789',
      PASS_PROVIDER: 'local',
      CONTENT_PROVIDER: 'local',
      TRANSCRIPTION_PROVIDER: 'local',
      PAYMENT_PROVIDER: 'local',
      PRESCRIBING_PROVIDER: 'local',
    };
    expect(() => configFromEnv(production)).toThrow(/SALEOR_API_URL.*COMMERCE_PROVIDER=local/);
    expect(configFromEnv({ ...production, COMMERCE_PROVIDER: 'local' }).commerce).toBeUndefined();
  });
});
