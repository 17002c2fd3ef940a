import Stripe from 'stripe';
import type { AppContext } from '../../context';
import type { RouteApp } from '../../http/app';
import { AppError } from '../../http/errors';
import { billingNotConfigured } from './stripe.client';
import { handleStripeEvent } from './stripe-events';

const webhookRateLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

/**
 * POST /webhooks/stripe: the signature covers the exact bytes sent, so this route (in a scope of its own)
 * keeps the body as a Buffer instead of parsing it; the event is parsed only once the signature matches.
 */
export async function stripeWebhookRoutes(app: RouteApp, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/webhooks/stripe',
      { config: webhookRateLimit, schema: { hide: true } },
      async (request, reply) => {
        const secret = ctx.config.stripe.webhookSecret;
        if (!secret || !ctx.config.stripe.secretKey) throw billingNotConfigured();
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new AppError('bad_request', 'A Stripe-Signature header and a body are required.');
        }
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(request.body, signature, secret);
        } catch {
          throw new AppError('bad_request', 'The Stripe-Signature header does not match the body.');
        }
        const outcome = await handleStripeEvent(ctx, event);
        return reply.code(200).send({ received: true, outcome });
      },
    );
  });
}
