import Stripe from 'stripe';
import { AppError } from '../../http/errors';

const PROVIDER_FAILED = 'The payment provider could not complete the request. Please try again in a moment.';

/**
 * What a failed call to the payment provider means for our client: a declined card is the customer's to fix
 * (402, with the provider's message, which it documents as safe to show); anything else — the provider down,
 * throttling us, refusing our keys or our request — is a 502 that says so, never a 500.
 */
function parseStripeError(error: unknown): AppError | null {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError('payment_declined', error.message || 'The card was declined.');
  }
  if (error instanceof Stripe.errors.StripeError) {
    const retryAfter = error.headers?.['retry-after'];
    return new AppError('payment_provider_error', PROVIDER_FAILED, {
      headers: retryAfter ? { 'retry-after': retryAfter } : {},
    });
  }
  return null;
}

/** Runs one call to the payment provider, its failures turned into our JSON:API errors. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw parseStripeError(error) ?? error;
  }
}
