import { isPrepProduct, SEX_AT_BIRTH, type CommerceProduct, type SexAtBirth, type ShippingMethod } from '../../../domain/super-admin/super-admin';
import { ApiError, badRequest } from '../../errors';
import type { CommerceAdapter, PlacedOrder } from './types';

export interface SaleorSettings {
  /** The shop's GraphQL endpoint, e.g. https://shop.example.com/graphql/ (SALEOR_API_URL). */
  url: string;
  /** An app token with MANAGE_ORDERS, MANAGE_PRODUCTS and HANDLE_PAYMENTS (SALEOR_TOKEN). */
  token: string;
  /** The channel's slug the orders are placed in (SALEOR_CHANNEL). */
  channel: string;
}

type GqlError = { field?: string | null; code?: string | null; message?: string | null };

export const SALEOR_QUERIES = {
  channel: `query Channel($slug: String!) { channel(slug: $slug) { id currencyCode } }`,
  products: `query Products($channel: String!) {
  products(first: 100, channel: $channel) { edges { node { id name variants { id name } } } }
}`,
  shippingZones: `query ShippingZones($channel: String!) {
  shippingZones(first: 20, channel: $channel) { edges { node { shippingMethods { id name channelListings { channel { slug } price { amount } } } } } }
}`,
  draftOrderCreate: `mutation DraftOrderCreate($input: DraftOrderCreateInput!) {
  draftOrderCreate(input: $input) { order { id number status lines { productName } } errors { field code message } }
}`,
  draftOrderComplete: `mutation DraftOrderComplete($id: ID!) {
  draftOrderComplete(id: $id) { order { id number status } errors { field code message } }
}`,
  transactionCreate: `mutation TransactionCreate($id: ID!, $transaction: TransactionCreateInput!) {
  transactionCreate(id: $id, transaction: $transaction) { transaction { id } errors { field code message } }
}`,
} as const;

const sexOf = (variantName: string): SexAtBirth | null =>
  SEX_AT_BIRTH.find((s) =>
    variantName
      .toLowerCase()
      .split(/[^a-z]+/)
      .includes(s),
  ) ?? null;

/**
 * Production storefront: Saleor's GraphQL API (https://docs.saleor.io/api-reference). An order is a draft order
 * (draftOrderCreate: channel, the variant, the shipping method, shipping and billing address, the customer's e-mail,
 * the partner code as metadata), completed (draftOrderComplete), then the invoice amount recorded as a charged
 * transaction (transactionCreate) when there is one. Any refusal is a 502 carrying Saleor's first error message.
 */
export function saleorCommerce(settings: SaleorSettings, fetchImpl: typeof fetch = fetch): CommerceAdapter {
  let channel: Promise<{ id: string; currencyCode: string }> | null = null;

  async function call<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const operationName = /(?:query|mutation) (\w+)/.exec(query)![1];
    let res: Response;
    try {
      res = await fetchImpl(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
        body: JSON.stringify({ operationName, query, variables }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ApiError(502, 'Bad gateway', 'the storefront did not answer');
    }
    if (!res.ok) throw new ApiError(502, 'Bad gateway', `the storefront answered ${res.status}`);
    const body = (await res.json().catch(() => null)) as { data?: T; errors?: { message: string }[] } | null;
    if (!body?.data || body.errors?.length)
      throw new ApiError(502, 'Bad gateway', `the storefront refused ${operationName}: ${body?.errors?.[0]?.message ?? 'no data'}`);
    return body.data;
  }
  const refused = (op: string, errors: GqlError[] | undefined) => {
    if (errors?.length)
      throw new ApiError(
        502,
        'Bad gateway',
        `the storefront refused ${op}: ${errors[0].message ?? errors[0].code ?? 'unknown'}${errors[0].field ? ` (${errors[0].field})` : ''}`,
      );
  };
  const channelOf = () => {
    channel ??= call<{ channel: { id: string; currencyCode: string } | null }>(SALEOR_QUERIES.channel, { slug: settings.channel })
      .then((d) => {
        if (!d.channel) throw new ApiError(502, 'Bad gateway', `the storefront has no channel ${settings.channel}`);
        return d.channel;
      })
      .catch((error: unknown) => {
        channel = null;
        throw error;
      });
    return channel;
  };

  return {
    provider: 'saleor',
    async listProducts(): Promise<CommerceProduct[]> {
      const d = await call<{ products: { edges: { node: { id: string; name: string; variants: { id: string; name: string }[] | null } }[] } }>(
        SALEOR_QUERIES.products,
        { channel: settings.channel },
      );
      return d.products.edges.map(({ node }) => ({
        id: node.id,
        name: node.name,
        kind: isPrepProduct(node.name) ? 'PREP' : 'KIT',
        variants: (node.variants ?? []).map((v) => ({ id: v.id, name: v.name ? `${node.name} (${v.name})` : node.name, sexAtBirth: sexOf(v.name) })),
      }));
    },
    async listShippingMethods(): Promise<ShippingMethod[]> {
      type Method = { id: string; name: string; channelListings: { channel: { slug: string }; price: { amount: number } | null }[] | null };
      const d = await call<{ shippingZones: { edges: { node: { shippingMethods: Method[] | null } }[] } }>(SALEOR_QUERIES.shippingZones, {
        channel: settings.channel,
      });
      const seen = new Map<string, ShippingMethod>();
      for (const { node } of d.shippingZones.edges) {
        for (const m of node.shippingMethods ?? []) {
          const listing = m.channelListings?.find((l) => l.channel.slug === settings.channel);
          if (listing?.price && !seen.has(m.id)) seen.set(m.id, { id: m.id, name: m.name, price: listing.price.amount });
        }
      }
      return [...seen.values()].sort((a, b) => a.price - b.price);
    },
    async createOrder(_db, o): Promise<PlacedOrder> {
      const { id: channelId, currencyCode } = await channelOf();
      const address = {
        firstName: o.firstName,
        lastName: o.lastName,
        streetAddress1: o.userAddress.street_address,
        streetAddress2: o.userAddress.street_address2,
        city: o.userAddress.locality,
        countryArea: o.userAddress.region,
        postalCode: o.userAddress.postal_code,
        country: 'US',
        phone: o.phone,
      };
      type OrderData = { id: string; number: string; status: string; lines?: { productName: string }[] };
      const created = await call<{ draftOrderCreate: { order: OrderData | null; errors: GqlError[] } }>(SALEOR_QUERIES.draftOrderCreate, {
        input: {
          channelId,
          userEmail: o.email,
          lines: [{ variantId: o.variantId, quantity: 1 }],
          shippingMethod: o.shippingMethodId,
          shippingAddress: address,
          billingAddress: address,
          metadata: o.partnerId ? [{ key: 'partnerId', value: o.partnerId }] : [],
        },
      });
      if (created.draftOrderCreate.errors.some((e) => e.field === 'lines' || e.field === 'variantId')) throw badRequest('Please select a product');
      if (created.draftOrderCreate.errors.some((e) => e.field === 'shippingMethod')) throw badRequest('Please select a shipping method');
      refused('draftOrderCreate', created.draftOrderCreate.errors);
      const draft = created.draftOrderCreate.order!;
      const completed = await call<{ draftOrderComplete: { order: OrderData | null; errors: GqlError[] } }>(SALEOR_QUERIES.draftOrderComplete, {
        id: draft.id,
      });
      refused('draftOrderComplete', completed.draftOrderComplete.errors);
      const order = completed.draftOrderComplete.order!;
      if (o.amountPaid !== null && o.amountPaid > 0) {
        const paid = await call<{ transactionCreate: { errors: GqlError[] } }>(SALEOR_QUERIES.transactionCreate, {
          id: order.id,
          transaction: {
            name: 'Invoice',
            pspReference: `portal-${order.number}`,
            amountCharged: { amount: o.amountPaid, currency: currencyCode },
          },
        });
        refused('transactionCreate', paid.transactionCreate.errors);
      }
      return {
        orderId: `SALEOR-${order.number}`,
        number: String(order.number),
        status: order.status,
        productName: draft.lines?.[0]?.productName ?? '',
      };
    },
  };
}
