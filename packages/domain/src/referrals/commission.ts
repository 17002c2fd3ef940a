import { isPaidPlan } from '../constants/plans';
import { REFERRAL_COMMISSION_PER_MONTH } from '../constants/product';

/** What the commission needs to know of a referred person's company's subscription. */
export type ReferredSubscription = { plan: string; status: string };

/**
 * A referred customer pays when their company holds a subscription to a paid plan (Solo or Team) that is active.
 * A trial, a payment that failed (past due), a cancelled or an unfinished checkout earns nothing.
 */
export function isPayingSubscription(subscription: ReferredSubscription): boolean {
  return subscription.status === 'active' && isPaidPlan(subscription.plan);
}

/** Whether any of the company's subscriptions (a trial beside a paid one, older ones) makes it a paying customer. */
export function isPayingCustomer(subscriptions: readonly ReferredSubscription[]): boolean {
  return subscriptions.some(isPayingSubscription);
}

/** $2 per month for each paying referred customer, in dollars. */
export function monthlyReferralCommission(payingCount: number): number {
  return Math.max(0, Math.floor(payingCount)) * REFERRAL_COMMISSION_PER_MONTH;
}

/** Affiliate tokens are short and URL-safe; anything else in a cookie or a body is not one. */
export function isReferralTokenShape(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
