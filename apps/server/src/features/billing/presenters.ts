import { PLANS } from '@meetwell/domain';
import type { invoices } from '../../db/schema';
import { resource } from '../../http/jsonapi';
import { isSubscriptionActive, type SubscriptionRow, trialDaysLeftOf } from './subscriptions';

export function presentPlans() {
  return PLANS.map((plan) =>
    resource('subscription_plans', plan.id, {
      amount: plan.amount,
      name: plan.name,
      emoji: plan.emoji,
      sub: plan.sub,
      hideFromDisplay: plan.hideFromDisplay,
      contact_us: plan.contactUs,
    }),
  );
}

export function presentSubscription(
  row: SubscriptionRow,
  context: { now: Date; memberCount: number; billingConfigured: boolean },
) {
  return resource('subscriptions', row.id, {
    plan: row.plan,
    active: isSubscriptionActive(row, context.now),
    status: row.status,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    trial_days_left: trialDaysLeftOf(row, context.now),
    has_many_members: context.memberCount > 1,
    billing_configured: context.billingConfigured,
  });
}

/** An invoice as the team page lists it: period_start in unix seconds, amount in cents as the provider bills. */
export function presentInvoice(row: typeof invoices.$inferSelect) {
  return resource('invoices', row.id, {
    description: row.description,
    period_start: Math.floor(row.periodStart.getTime() / 1000),
    invoice_pdf: row.invoicePdf,
    amount: row.amount,
  });
}

export function presentBillingPortalSession(session: { id: string; url: string }) {
  return resource('billing_portal_sessions', session.id, { url: session.url });
}

export function presentCheckoutSession(session: { id: string; url: string | null }) {
  return resource('checkout_sessions', session.id, { url: session.url });
}
