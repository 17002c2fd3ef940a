import type { Plan } from '@meetwell/domain';
import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { callStripe } from './parse-stripe-error';
import { planOfSubscription, priceForPlan } from './prices';
import { requireStripe } from './stripe.client';
import { currentSubscription, type SubscriptionRow, storeStripeSubscription } from './subscriptions';

/** The company's paid subscription that can still be changed (not a trial, not ended). */
export async function changeableSubscription(ctx: AppContext, companyId: string) {
  const row = await currentSubscription(ctx.db, { companyId });
  if (!row?.stripeSubscriptionId || row.status === 'canceled' || row.status === 'incomplete') {
    throw new AppError('conflict', 'There is no paid plan to change. Choose a plan to start one.');
  }
  return row;
}

async function updateAtStripe(
  ctx: AppContext,
  row: SubscriptionRow,
  changes: Stripe.SubscriptionUpdateParams,
) {
  const stripe = requireStripe(ctx.config);
  const id = row.stripeSubscriptionId!;
  const updated = await callStripe(() => stripe.subscriptions.update(id, changes));
  return storeStripeSubscription(ctx.db, row.id, updated, ctx.now());
}

/**
 * Moves the subscription's item to the plan's price, prorated. What the provider holds decides whether
 * there is anything to change (our row may lag behind a webhook).
 */
export async function changePlan(ctx: AppContext, input: { row: SubscriptionRow; plan: Plan }) {
  const stripe = requireStripe(ctx.config);
  const id = input.row.stripeSubscriptionId!;
  const current = await callStripe(() => stripe.subscriptions.retrieve(id));
  if (planOfSubscription(current) === input.plan.id) {
    return storeStripeSubscription(ctx.db, input.row.id, current, ctx.now());
  }
  const item = current.items.data[0];
  if (!item) throw new AppError('conflict', 'The subscription has no item to change.');
  const price = await priceForPlan(stripe, input.plan);
  return updateAtStripe(ctx, input.row, {
    items: [{ id: item.id, price: price.id }],
    proration_behavior: 'create_prorations',
  });
}

/** Cancel (true: the plan ends with the paid period) or re-activate (false: it renews again). */
export function setCancelAtPeriodEnd(ctx: AppContext, row: SubscriptionRow, cancel: boolean) {
  return updateAtStripe(ctx, row, { cancel_at_period_end: cancel });
}
