import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_test_meetwell_0123456789abcdef';

type Injectable = Pick<FastifyInstance, 'inject'>;

/** An event envelope as the provider delivers it (`created` in unix seconds, default now). */
export function stripeEvent(type: string, object: unknown, options: { created?: number; id?: string } = {}) {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Posts the event to /webhooks/stripe signed with the secret, as the provider does. */
export function sendStripeEvent(app: Injectable, event: unknown, secret = TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}
