import { isPaidPlan, trialDaysLeft } from '@meetwell/domain';
import type { Subscription } from './api';

/** Paid and still running (possibly with a payment to fix), whether or not it is set to end. */
export function hasPaidSubscription(subscription: Subscription | null | undefined): boolean {
  return Boolean(
    subscription &&
      isPaidPlan(subscription.plan) &&
      subscription.status !== 'canceled' &&
      subscription.status !== 'trialing',
  );
}

/** Cancelled but usable until the end of the paid period. */
export function isPlanEnding(subscription: Subscription | null | undefined): subscription is Subscription & {
  current_period_end: string;
} {
  return Boolean(
    subscription?.cancel_at_period_end &&
      subscription.active &&
      subscription.status !== 'canceled' &&
      subscription.current_period_end,
  );
}

/** Whole days until the paid period ends, counted up like the trial's. */
export function planDaysLeft(subscription: { current_period_end: string }, now: Date = new Date()): number {
  return trialDaysLeft(new Date(subscription.current_period_end), now);
}
