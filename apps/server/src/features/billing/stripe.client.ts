import Stripe from 'stripe';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';

export type StripeClient = Stripe;

const clients = new WeakMap<Config['stripe'], Stripe>();

/**
 * The card payment provider's client, or null when the server has no secret key (the embedded default):
 * billing is then off and says so. STRIPE_API_URL points the SDK at another host (the tests' local server),
 * without retries so a scripted failure is seen once.
 */
function stripeClientFor(config: Pick<Config, 'stripe'>): Stripe | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  let client = clients.get(config.stripe);
  if (!client) {
    if (apiUrl) {
      const url = new URL(apiUrl);
      const protocol = url.protocol === 'http:' ? 'http' : 'https';
      client = new Stripe(secretKey, {
        host: url.hostname,
        port: url.port || (protocol === 'http' ? 80 : 443),
        protocol,
        maxNetworkRetries: 0,
      });
    } else {
      client = new Stripe(secretKey);
    }
    clients.set(config.stripe, client);
  }
  return client;
}

export const billingNotConfigured = () =>
  new AppError('billing_not_configured', 'Billing is not configured on this server.');

/** Checkouts, plan changes and cancellations need the secret key: a 409 without it, never a crash. */
export function requireStripe(config: Pick<Config, 'stripe'>): Stripe {
  const client = stripeClientFor(config);
  if (!client) throw billingNotConfigured();
  return client;
}

/** Whether plans can be bought on this server (what the plan chooser tells before a checkout). */
export function isBillingConfigured(config: Pick<Config, 'stripe'>): boolean {
  return Boolean(config.stripe.secretKey);
}
