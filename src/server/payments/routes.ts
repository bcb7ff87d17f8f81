import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutRequestSchema, checkoutResponseSchema, payRequestSchema, payResponseSchema } from '../../domain/payments/payment';
import { PRODUCT_ORDER_ROLES, write } from '../../domain/shared/route-access';
import type { PaymentGateway } from '../adapters/payments';
import { errors } from '../bookings/schemas';
import { createCheckout, payWithCheckout } from './service';

/** Paying is a product and order write (spec 2 §6): staff, clinicians, super admins; auditors read only (refused). */
const access = { ...write(PRODUCT_ORDER_ROLES, { licenceBound: true }), idempotent: true };

/**
 * The store's payment calls (spec 2 §7): orderPaySummary lives with the booking detail reads; here the checkout (the
 * amounts fixed by the server) and the payment of a checkout with the card tokeniser's opaque data through the
 * configured gateway. HTTP only: the rules in service.ts; the booking's lock, scope, action check and audit in
 * repository.ts.
 */
export const paymentRoutes: FastifyPluginAsync<{ gateway: PaymentGateway }> = async (plugin, { gateway }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/booking/clinicianCreateCheckout',
    {
      config: access,
      schema: { tags: ['store'], body: checkoutRequestSchema, response: { 200: checkoutResponseSchema, ...errors } },
    },
    (req) => createCheckout(req.data, req.body),
  );

  app.post(
    '/api/booking/payBookingWithCheckout',
    {
      config: access,
      schema: { tags: ['store'], body: payRequestSchema, response: { 200: payResponseSchema, ...errors, 402: errors[400] } },
    },
    (req) => payWithCheckout(req.data, gateway, req.body),
  );
};
