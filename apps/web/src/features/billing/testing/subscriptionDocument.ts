import type { SubscriptionAttributes, subscriptionDocument as subscriptionContract } from '@meetwell/domain';
import type { z } from 'zod';

/** A GET subscription answer (a document of the contract): a company on its trial unless told otherwise. */
export function subscriptionDocument(
  overrides: Partial<SubscriptionAttributes> = {},
): z.input<typeof subscriptionContract> {
  return {
    data: {
      id: 's1',
      type: 'subscriptions',
      attributes: {
        plan: 'trial',
        active: true,
        status: 'trialing',
        current_period_end: null,
        cancel_at_period_end: false,
        trial_ends_at: '2026-12-01T00:00:00Z',
        trial_days_left: 10,
        has_many_members: false,
        billing_configured: true,
        ...overrides,
      },
    },
  };
}

/** A paid Solo plan, cancelled or not, whose period ends `days` days from now (minus a minute). */
export function paidSubscription(days: number, overrides: Partial<SubscriptionAttributes> = {}) {
  return subscriptionDocument({
    plan: 'team-500',
    status: 'active',
    trial_days_left: null,
    current_period_end: new Date(Date.now() + days * 86_400_000 - 60_000).toISOString(),
    ...overrides,
  });
}
