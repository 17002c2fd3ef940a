import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingEndpoints, subscriptionChangeAttributes } from './billing';
import { communicationEndpoints } from './communications';

describe('PATCH /subscription', () => {
  it('takes a plan, a re-activation, or both; never neither, nor a cancellation', () => {
    const key = fc.string({ minLength: 1, maxLength: 64 });
    fc.assert(
      fc.property(key, (k) => {
        expect(subscriptionChangeAttributes.safeParse({ key: k }).success).toBe(true);
        expect(subscriptionChangeAttributes.safeParse({ key: k, cancel_at_period_end: false }).success).toBe(
          true,
        );
      }),
    );
    expect(subscriptionChangeAttributes.parse({ cancel_at_period_end: false })).toEqual({
      cancel_at_period_end: false,
    });
    expect(subscriptionChangeAttributes.safeParse({}).error?.issues[0]?.message).toBe(
      'Send key (a plan id) or cancel_at_period_end: false.',
    );
    expect(
      subscriptionChangeAttributes.safeParse({ cancel_at_period_end: true }).error?.issues[0]?.message,
    ).toBe('Send cancel_at_period_end: false to re-activate.');
    expect(subscriptionChangeAttributes.safeParse({ key: 'solo', plan: 'solo' }).success).toBe(false);
  });

  it('leaves changing, cancelling, paying and the invoices to the team admins', () => {
    for (const e of [
      'checkout',
      'billingPortal',
      'changeSubscription',
      'cancelSubscription',
      'invoices',
    ] as const)
      expect(billingEndpoints[e].access).toBe('team_admin');
    expect(billingEndpoints.plans.access).toBe('public');
    expect(billingEndpoints.subscription.access).toBe('signed_in');
  });

  it('keeps a deactivated account able to read and choose a plan, but not to open the billing portal', () => {
    for (const e of [
      'plans',
      'subscription',
      'checkout',
      'changeSubscription',
      'cancelSubscription',
    ] as const)
      expect(billingEndpoints[e].whenDeactivated).toBe(true);
    expect('whenDeactivated' in billingEndpoints.billingPortal).toBe(false);
  });
});

describe('the signed unsubscribe link', () => {
  it('needs an address and a signature of bounded length', () => {
    const query = communicationEndpoints.unsubscribe.query;
    expect(query).toBe(communicationEndpoints.openSignedLink.query);
    expect(query.safeParse({ e: 'ada@example.com', sig: 'abc' }).success).toBe(true);
    expect(query.safeParse({ e: 'ada@example.com' }).success).toBe(false);
    expect(query.safeParse({ e: '', sig: 'abc' }).success).toBe(false);
    expect(query.safeParse({ e: `${'a'.repeat(321)}`, sig: 'abc' }).success).toBe(false);
    expect(query.safeParse({ e: 'ada@example.com', sig: 'x'.repeat(129) }).success).toBe(false);
  });
});
