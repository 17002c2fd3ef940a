import { findPlan, type Plan, type PlanId } from '@meetwell/domain';
import type Stripe from 'stripe';
import { AppError } from '../../http/errors';
import { callStripe } from './parse-stripe-error';

/**
 * A plan's price at the payment provider is the active price whose lookup key is the plan's id (team-500,
 * team-5000): no price id to configure, and a new price takes over by moving the lookup key to it.
 */
export async function priceForPlan(stripe: Stripe, plan: Plan): Promise<Stripe.Price> {
  const prices = await callStripe(() =>
    stripe.prices.list({ lookup_keys: [plan.id], active: true, limit: 1 }),
  );
  const price = prices.data[0];
  if (!price) {
    throw new AppError(
      'billing_not_configured',
      `Billing is not configured on this server: no active price has the lookup key "${plan.id}".`,
    );
  }
  return price;
}

/** The plan a subscription pays for, read from its first item's price lookup key (null when not ours). */
export function planOfSubscription(subscription: Pick<Stripe.Subscription, 'items'>): PlanId | null {
  for (const item of subscription.items?.data ?? []) {
    const plan = findPlan(item.price?.lookup_key);
    if (plan) return plan.id;
  }
  return null;
}

/** A plan a customer may buy by themselves: paid, and not the contact-us Team plan. */
export function purchasablePlan(key: string, pointer: string): Plan {
  const plan = findPlan(key);
  if (!plan?.paid) {
    throw new AppError('unprocessable', [{ detail: 'Choose one of the paid plans.', pointer }]);
  }
  if (plan.contactUs) {
    throw new AppError('unprocessable', [
      { detail: `The ${plan.name} plan is set up with us: contact us to choose it.`, pointer },
    ]);
  }
  return plan;
}
